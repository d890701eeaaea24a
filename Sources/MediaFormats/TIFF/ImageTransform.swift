/// How a picture's stored pixels are turned and mirrored to be shown: what Exif's `Orientation` (0x0112) states in a
/// JPEG or HEIC, and what a HEIC's `irot` and `imir` properties do (docs/formats/heic.md#orientation).
///
/// A transform is a left-right mirror (applied first, when ``mirrored``) followed by quarter turns clockwise.
public struct ImageTransform: Sendable, Equatable, CustomStringConvertible {
    /// Quarter turns clockwise, 0 to 3, applied after the mirror.
    public var clockwiseQuarterTurns: Int
    /// True when the picture is mirrored left to right before it is turned.
    public var mirrored: Bool

    /// Shown as stored.
    public static let identity = ImageTransform(clockwiseQuarterTurns: 0, mirrored: false)

    /// A transform of `clockwiseQuarterTurns` (taken modulo 4) after an optional mirror.
    public init(clockwiseQuarterTurns: Int, mirrored: Bool) {
        self.clockwiseQuarterTurns = ((clockwiseQuarterTurns % 4) + 4) % 4
        self.mirrored = mirrored
    }

    /// Exif's values 1 to 8, in this form: 2 mirrors, 3 turns 180°, 4 mirrors top to bottom, 5 mirrors and turns 270°,
    /// 6 turns 90° clockwise, 7 mirrors and turns 90°, 8 turns 270°.
    private static let exifValues: [ImageTransform] = [
        .identity, .init(clockwiseQuarterTurns: 0, mirrored: true), .init(clockwiseQuarterTurns: 2, mirrored: false),
        .init(clockwiseQuarterTurns: 2, mirrored: true), .init(clockwiseQuarterTurns: 3, mirrored: true),
        .init(clockwiseQuarterTurns: 1, mirrored: false), .init(clockwiseQuarterTurns: 1, mirrored: true),
        .init(clockwiseQuarterTurns: 3, mirrored: false),
    ]

    /// The transform an Exif `Orientation` value states; nil for a value outside 1...8.
    public init?(exifOrientation value: Int) {
        guard (1...8).contains(value) else { return nil }
        self = Self.exifValues[value - 1]
    }

    /// The Exif `Orientation` value (1 to 8) that states this transform.
    public var exifOrientation: Int { (Self.exifValues.firstIndex(of: self) ?? 0) + 1 }

    /// A HEIF `irot` property: `angle` quarter turns anticlockwise.
    public static func heifRotation(anticlockwiseQuarterTurns angle: Int) -> ImageTransform {
        ImageTransform(clockwiseQuarterTurns: -angle, mirrored: false)
    }

    /// A HEIF `imir` property: `axis` 0 mirrors about a vertical axis (left to right), 1 about a horizontal axis (top
    /// to bottom).
    public static func heifMirror(axis: Int) -> ImageTransform {
        ImageTransform(clockwiseQuarterTurns: axis == 0 ? 0 : 2, mirrored: true)
    }

    /// This transform, then `next`.
    public func then(_ next: ImageTransform) -> ImageTransform {
        // A mirror reverses the direction of the turns made before it.
        ImageTransform(
            clockwiseQuarterTurns: next.clockwiseQuarterTurns + (next.mirrored ? -clockwiseQuarterTurns : clockwiseQuarterTurns),
            mirrored: mirrored != next.mirrored)
    }

    /// True when the shown picture's width is the stored picture's height.
    public var swapsSides: Bool { clockwiseQuarterTurns % 2 == 1 }

    /// Words for the transform: "upright", "turned 90° clockwise", "mirrored and turned 180°"...
    public var description: String {
        let turn = clockwiseQuarterTurns == 0 ? nil : "turned \(clockwiseQuarterTurns * 90)° clockwise"
        switch (mirrored, turn) {
        case (false, nil): return "upright"
        case (false, let turn?): return turn
        case (true, nil): return "mirrored"
        case (true, let turn?): return "mirrored and " + turn
        }
    }
}

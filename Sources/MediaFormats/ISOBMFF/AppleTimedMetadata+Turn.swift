extension AppleTimedMetadata {
    /// The `mdta` key of an iPhone's per-movie video orientation: an Exif `Orientation` (1 to 8) as a big-endian int16
    /// (well-known type 66), saying how the stored frames are shown (docs/formats/live-photo.md#the-movie).
    public static let videoOrientationKey = "com.apple.quicktime.video-orientation"

    /// A timed-metadata sample of a track whose keys are `keys` with the values that describe the video's frames turned
    /// as its frames were turned, `clockwiseQuarterTurns` from the stored ones to the new (docs/guide/repair.md#turning-movies-upright):
    /// the still's transform (a 3×3 homography in pixels of its reference dimensions) seen in the new frames, the
    /// reference dimensions swapped by an odd number of turns, and a video orientation that shows the new frames as
    /// the old ones were shown. Every other item, and the sample's size, stay as they are.
    /// - Parameters:
    ///   - sample: the sample as stored.
    ///   - keys: the sample entry of its track, which holds its keys.
    ///   - clockwiseQuarterTurns: how the new frames are turned from the stored ones.
    ///   - frameSize: the stored frames' size, for a transform without reference dimensions.
    /// - Throws: ``FormatError`` when the sample's items cannot be read.
    public static func turning(
        _ sample: [UInt8], keys: TimedMetadataSampleEntry, clockwiseQuarterTurns: Int, frameSize: (width: Int, height: Int)
    ) throws(FormatError) -> [UInt8] {
        let turns = ((clockwiseQuarterTurns % 4) + 4) % 4
        guard turns != 0 else { return sample }
        let ids = (
            transform: keys.key(named: transformKey)?.localID, dimensions: keys.key(named: referenceDimensionsKey)?.localID,
            orientation: keys.key(named: videoOrientationKey)?.localID
        )
        let items = try itemRanges(sample)
        var out = sample
        var size = (width: Double(frameSize.width), height: Double(frameSize.height))
        if let id = ids.dimensions, let range = items.first(where: { $0.localID == id })?.value, range.count == 8 {
            let width = Double(Float(bitPattern: sample.loadUInt32(at: range.lowerBound, .bigEndian)))
            let height = Double(Float(bitPattern: sample.loadUInt32(at: range.lowerBound + 4, .bigEndian)))
            if width > 0, height > 0 { size = (width, height) }
            if turns % 2 == 1 {
                out.replaceSubrange(
                    range,
                    with: Array(sample[range.lowerBound + 4..<range.upperBound]) + Array(sample[range.lowerBound..<range.lowerBound + 4]))
            }
        }
        if let id = ids.transform, let range = items.first(where: { $0.localID == id })?.value, range.count == 72 {
            let old = (0..<9).map { Double(bitPattern: sample.loadUInt64(at: range.lowerBound + 8 * $0, .bigEndian)) }
            let new = turnedHomography(old, clockwiseQuarterTurns: turns, size: size)
            var bytes: [UInt8] = []
            for v in new { bytes += (0..<8).map { UInt8(truncatingIfNeeded: v.bitPattern >> (56 - 8 * $0)) } }
            out.replaceSubrange(range, with: bytes)
        }
        if let id = ids.orientation {
            for item in items where item.localID == id && item.value.count == 2 {
                let stated = Int(Int16(bitPattern: sample.loadUInt16(at: item.value.lowerBound, .bigEndian)))
                guard let shown = ImageTransform(exifOrientation: stated) else { continue }
                // The new frames are first turned back to the old ones, then shown as those were.
                let value = ImageTransform(clockwiseQuarterTurns: -turns, mirrored: false).then(shown).exifOrientation
                out.replaceSubrange(item.value, with: [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)])
            }
        }
        return out
    }

    /// `m` (row by row, mapping column vectors in pixels of a `size` picture) as it maps the same points of the picture
    /// turned `clockwiseQuarterTurns`: R·m·R⁻¹, where R takes a point of the old picture to the new.
    static func turnedHomography(_ m: [Double], clockwiseQuarterTurns turns: Int, size: (width: Double, height: Double)) -> [Double] {
        let w: Double = size.width, h: Double = size.height
        // R and its inverse for a quarter (x' = h - y, y' = x), a half and three quarters (x' = y, y' = w - x).
        var r: [Double] = [1, 0, 0, 0, 1, 0, 0, 0, 1]
        var inverse: [Double] = r
        switch turns {
        case 1: (r, inverse) = ([0, -1, h, 1, 0, 0, 0, 0, 1], [0, 1, 0, -1, 0, h, 0, 0, 1])
        case 2: (r, inverse) = ([-1, 0, w, 0, -1, h, 0, 0, 1], [-1, 0, w, 0, -1, h, 0, 0, 1])
        case 3: (r, inverse) = ([0, 1, 0, -1, 0, w, 0, 0, 1], [0, -1, w, 1, 0, 0, 0, 0, 1])
        default: break
        }
        func product(_ a: [Double], _ b: [Double]) -> [Double] {
            var c = [Double](repeating: 0, count: 9)
            for row in 0..<3 {
                for column in 0..<3 {
                    var sum = 0.0
                    for k in 0..<3 { sum += a[row * 3 + k] * b[k * 3 + column] }
                    c[row * 3 + column] = sum
                }
            }
            return c
        }
        return product(product(r, m), inverse)
    }

    /// Where each item's value lies in a timed-metadata sample (docs/formats/live-photo.md#still-image-time-track).
    static func itemRanges(_ sample: [UInt8]) throws(FormatError) -> [(localID: UInt32, value: Range<Int>)] {
        var result: [(localID: UInt32, value: Range<Int>)] = []
        var at = 0
        while at < sample.count {
            guard sample.count - at >= 8 else { throw FormatError(.malformed, "a metadata item's header runs past its sample") }
            let size = Int(sample.loadUInt32(at: at, .bigEndian))
            guard size >= 8, size <= sample.count - at else {
                throw FormatError(.malformed, "a metadata item has size \(size) past its sample")
            }
            result.append((sample.loadUInt32(at: at + 4, .bigEndian), at + 8..<at + size))
            at += size
        }
        return result
    }
}

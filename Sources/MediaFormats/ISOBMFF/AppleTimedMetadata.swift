/// Apple's QuickTime timed-metadata keys (docs/formats/live-photo.md#still-image-time-track, docs/formats/wallpaper.md#the-live-photo-info-track) and the byte layouts of their sample entries and
/// samples: `still-image-time` with the still's transform and reference dimensions, and the per-frame
/// `live-photo-info`. What values to write, and when, is for the caller.
public enum AppleTimedMetadata {
    /// The `mdta` key whose one sample, placed by the edit list, marks the still's time (docs/formats/live-photo.md#still-image-time-track).
    public static let stillImageTimeKey = "com.apple.quicktime.still-image-time"
    /// The `mdta` key of the still's 3×3 float64 transform (well-known type 83).
    public static let transformKey = "com.apple.quicktime.live-photo-still-image-transform"
    /// The `mdta` key of the size the transform refers to: width and height as float32 (well-known type 71).
    public static let referenceDimensionsKey = "com.apple.quicktime.live-photo-still-image-transform-reference-dimensions"
    /// The `mdta` key of the per-frame camera metadata the lock screen stabilises with (docs/formats/wallpaper.md#gates).
    public static let livePhotoInfoKey = "com.apple.quicktime.live-photo-info"
    /// The type name of `live-photo-info` values (`dtyp` namespace 1).
    public static let livePhotoInfoDataType = "com.apple.quicktime.com.apple.quicktime.live-photo-info"
    /// The media timescale iPhones give their `still-image-time` tracks.
    public static let iPhoneStillImageTimeTimescale: UInt32 = 600
    /// The size of one `live-photo-info` sample, item header included.
    public static let livePhotoInfoSampleSize = 144

    /// The `still-image-time` sample entry: the three keys of a real capture, with their well-known data types
    /// (65 int8, 83 3×3 float64 transform, 71 float32 dimensions).
    public static var stillImageTimeSampleEntry: [UInt8] {
        TimedMetadataSampleEntry(keys: [
            .init(localID: 1, name: stillImageTimeKey, wellKnownType: 65),
            .init(localID: 2, name: transformKey, wellKnownType: 83),
            .init(localID: 3, name: referenceDimensionsKey, wellKnownType: 71),
        ]).entryBytes
    }

    /// The 105-byte `still-image-time` sample: `value` (-1 on iPhones), an identity transform, and the video's size.
    public static func stillImageTimeSample(value: Int8, width: Int, height: Int) -> [UInt8] {
        var w = ByteWriter()
        w.appendUInt32(9); w.appendUInt32(1); w.appendUInt8(UInt8(bitPattern: value))
        w.appendUInt32(80); w.appendUInt32(2)
        for v: Double in [1, 0, 0, 0, 1, 0, 0, 0, 1] { w.appendUInt64(v.bitPattern) }
        w.appendUInt32(16); w.appendUInt32(3)
        w.appendUInt32(Float(width).bitPattern)
        w.appendUInt32(Float(height).bitPattern)
        return w.bytes
    }

    /// `cfgv`: a binary property list with the values of a real iOS 18.2 capture, written once with sorted keys so
    /// that every output is byte-identical for the same input (a dictionary serialised at run time is not):
    /// `{FrameworkVersions: {CMCaptureCore: "587.62.18", CoreMedia: "3185.18.1.3", CoreMotion: "2953.0.30"},
    /// LivePhotoMetadataSetupDataVersion: 1, SystemVersion: {ProductBuildVersion: "22C152", ProductName: "iPhone OS",
    /// ProductVersion: "18.2"}}`. The tests decode it with Foundation and check each value.
    public static let captureSetupPropertyList: [UInt8] = [
        0x62, 0x70, 0x6c, 0x69, 0x73, 0x74, 0x30, 0x30, 0xd3, 0x01, 0x02, 0x03, 0x04, 0x0b, 0x0c, 0x5f,
        0x10, 0x11, 0x46, 0x72, 0x61, 0x6d, 0x65, 0x77, 0x6f, 0x72, 0x6b, 0x56, 0x65, 0x72, 0x73, 0x69,
        0x6f, 0x6e, 0x73, 0x5f, 0x10, 0x21, 0x4c, 0x69, 0x76, 0x65, 0x50, 0x68, 0x6f, 0x74, 0x6f, 0x4d,
        0x65, 0x74, 0x61, 0x64, 0x61, 0x74, 0x61, 0x53, 0x65, 0x74, 0x75, 0x70, 0x44, 0x61, 0x74, 0x61,
        0x56, 0x65, 0x72, 0x73, 0x69, 0x6f, 0x6e, 0x5d, 0x53, 0x79, 0x73, 0x74, 0x65, 0x6d, 0x56, 0x65,
        0x72, 0x73, 0x69, 0x6f, 0x6e, 0xd3, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x5d, 0x43, 0x4d, 0x43,
        0x61, 0x70, 0x74, 0x75, 0x72, 0x65, 0x43, 0x6f, 0x72, 0x65, 0x59, 0x43, 0x6f, 0x72, 0x65, 0x4d,
        0x65, 0x64, 0x69, 0x61, 0x5a, 0x43, 0x6f, 0x72, 0x65, 0x4d, 0x6f, 0x74, 0x69, 0x6f, 0x6e, 0x59,
        0x35, 0x38, 0x37, 0x2e, 0x36, 0x32, 0x2e, 0x31, 0x38, 0x5b, 0x33, 0x31, 0x38, 0x35, 0x2e, 0x31,
        0x38, 0x2e, 0x31, 0x2e, 0x33, 0x59, 0x32, 0x39, 0x35, 0x33, 0x2e, 0x30, 0x2e, 0x33, 0x30, 0x10,
        0x01, 0xd3, 0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x5f, 0x10, 0x13, 0x50, 0x72, 0x6f, 0x64, 0x75,
        0x63, 0x74, 0x42, 0x75, 0x69, 0x6c, 0x64, 0x56, 0x65, 0x72, 0x73, 0x69, 0x6f, 0x6e, 0x5b, 0x50,
        0x72, 0x6f, 0x64, 0x75, 0x63, 0x74, 0x4e, 0x61, 0x6d, 0x65, 0x5e, 0x50, 0x72, 0x6f, 0x64, 0x75,
        0x63, 0x74, 0x56, 0x65, 0x72, 0x73, 0x69, 0x6f, 0x6e, 0x56, 0x32, 0x32, 0x43, 0x31, 0x35, 0x32,
        0x59, 0x69, 0x50, 0x68, 0x6f, 0x6e, 0x65, 0x20, 0x4f, 0x53, 0x54, 0x31, 0x38, 0x2e, 0x32, 0x08,
        0x0f, 0x23, 0x47, 0x55, 0x5c, 0x6a, 0x74, 0x7f, 0x89, 0x95, 0x9f, 0xa1, 0xa8, 0xbe, 0xca, 0xd9,
        0xe0, 0xea, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x13, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x00, 0xef,
    ]

    /// The `mebx` sample entry: key 1 = live-photo-info, `dtyp` namespace 1, then `sdpd{sdpi}`, `setu{cfgv, dims}`,
    /// `ctps{dtyp 0/0}` in the order real captures write them.
    public static func livePhotoInfoSampleEntry(width: Int, height: Int) -> [UInt8] {
        let setup = TimedMetadataKeySetup(
            configuration: captureSetupPropertyList, dimensions: (UInt32(clamping: width), UInt32(clamping: height)))
        let others = [
            Atom(type: "sdpd", children: [Atom(type: "sdpi", data: [0, 0, 0, 0])]),
            setup.atom,
            Atom(type: "ctps", children: [Atom(type: "dtyp", data: [0, 0, 0, 0, 0, 0, 0, 0])]),
        ]
        return TimedMetadataSampleEntry(keys: [
            .init(localID: 1, name: livePhotoInfoKey, dataTypeNamespace: 1, dataTypeName: livePhotoInfoDataType, otherAtoms: others)
        ]).entryBytes
    }

    /// One `live-photo-info` sample, with the values real captures hold (see the Kit's LivePhotoInfoTrack): the item header (size 144, key 1), then 136 little-endian bytes.
    public static func livePhotoInfoSample(presentationNanoseconds ns: UInt64) -> [UInt8] {
        var w = ByteWriter()
        w.appendUInt32(UInt32(livePhotoInfoSampleSize))
        w.appendUInt32(1)
        var p = [UInt8](repeating: 0, count: livePhotoInfoSampleSize - 8)
        func put32(_ v: UInt32, _ at: Int) { for i in 0..<4 { p[at + i] = UInt8(truncatingIfNeeded: v >> (8 * i)) } }
        func put64(_ v: UInt64, _ at: Int) { for i in 0..<8 { p[at + i] = UInt8(truncatingIfNeeded: v >> (8 * i)) } }
        func putFloat(_ v: Float, _ at: Int) { put32(v.bitPattern, at) }
        put32(3, 0)  // version
        putFloat(0.02, 4)  // exposure time
        putFloat(1, 32)  // total zoom factor
        putFloat(1, 36)  // image gain
        p[40] = 4  // AF status
        p[42] = 0xFF  // presence flags 0x00FF (little-endian)
        put32(7, 64)  // V3 flags: homography, presenting and original presenting timestamps
        for (i, v) in [Float(1), 0, 0, 0, 1, 0, 0, 0, 1].enumerated() { putFloat(v, 68 + 4 * i) }
        put64(ns, 104)
        put64(ns, 112)
        w.append(p)
        return w.bytes
    }
}

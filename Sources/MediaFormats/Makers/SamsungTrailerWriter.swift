/// Writes Samsung's SEF trailer (docs/formats/samsung.md#sef-trailer), as Samsung's camera and the converters whose files Samsung Gallery
/// plays lay it out: records, then the `SEFH` directory (version 107), its length and `SEFT` at the very end.
///
/// In a JPEG the `MotionPhoto_Data` record's data *is* the MP4, so the trailer comes in two parts around it: the
/// record's header before the video, the rest after. In a HEIC the record holds `"mpv2"` and the video's offset and
/// length (big-endian), and the whole trailer is a top-level `sefd` box after `mpvd` (One UI 6, docs/formats/samsung.md#heic-layouts).
/// Each layout also says what the XMP `Container:Directory` must hold so that Google's rule (the video item is the
/// last `Length` bytes of the file) finds the MP4's first byte: the video item's `Length` runs to the end of the file,
/// trailer included, and its `Padding` is the trailer behind the MP4.
public enum SamsungTrailerWriter {
    /// The `SEFH` version written (107, as One UI 5 and 6 write it).
    public static let version: UInt32 = 107
    /// `MotionPhoto_Version` (0x0A31): the format generation the record names, as Samsung's newer phones write it.
    public static let motionPhotoVersionType: UInt16 = 0x0A31
    /// The version named: `mpv3`.
    public static let motionPhotoVersion = "mpv3"
    /// The data prefix of a HEIC's `MotionPhoto_Data` record.
    public static let heicLocationTag = "mpv2"

    /// The bytes of a JPEG Motion Photo after the image: `beforeVideo`, the MP4, then `afterVideo`.
    public struct JPEGLayout: Sendable, Equatable {
        /// The `MotionPhoto_Data` record's header and name; the MP4 is its data.
        public var beforeVideo: [UInt8]
        /// The `MotionPhoto_Version` record, the `SEFH` directory, its length and `SEFT`.
        public var afterVideo: [UInt8]
        /// The XMP primary item's `Padding`: the bytes between the image's end and the MP4.
        public var primaryPadding: Int64 { Int64(beforeVideo.count) }
        /// The XMP video item's `Padding`: the trailer behind the MP4.
        public var videoPadding: Int64 { Int64(afterVideo.count) }
    }

    /// The trailer around an MP4 of `videoLength` bytes appended to a JPEG.
    /// - Throws: when the video is too long for a record's 32-bit size (4 GiB).
    public static func jpeg(videoLength: Int64) throws(FormatError) -> JPEGLayout {
        let dataHeader = recordHeader(type: SamsungTrailer.motionPhotoDataType, name: SamsungTrailer.motionPhotoDataName)
        let versionRecord =
            recordHeader(type: motionPhotoVersionType, name: "MotionPhoto_Version") + Array(motionPhotoVersion.utf8)
        guard let dataSize = UInt32(exactly: Int64(dataHeader.count) + videoLength) else {
            throw FormatError(.unsupported, "a video of \(videoLength) bytes does not fit in Samsung's trailer (4 GiB at most)")
        }
        // The directory counts back from its own start: the version record just before it, the data record before that.
        let versionOffset = UInt32(versionRecord.count)
        let directory = self.directory([
            (SamsungTrailer.motionPhotoDataType, versionOffset + dataSize, dataSize),
            (motionPhotoVersionType, versionOffset, UInt32(versionRecord.count)),
        ])
        return JPEGLayout(beforeVideo: dataHeader, afterVideo: versionRecord + directory)
    }

    /// The `sefd` box that follows a HEIC's `mpvd` box, naming the MP4 at `videoOffset` (absolute) of `videoLength`
    /// bytes.
    /// - Throws: when either does not fit the record's 32 bits (a file past 4 GiB).
    public static func heicBox(videoOffset: Int64, videoLength: Int64) throws(FormatError) -> [UInt8] {
        guard let offset = UInt32(exactly: videoOffset), let length = UInt32(exactly: videoLength) else {
            throw FormatError(.unsupported, "Samsung's mpv2 record holds 32-bit offsets; this video ends past 4 GiB")
        }
        var location = ByteWriter()
        location.appendASCII(heicLocationTag)
        location.appendUInt32(offset, .bigEndian)
        location.appendUInt32(length, .bigEndian)
        let dataRecord = recordHeader(type: SamsungTrailer.motionPhotoDataType, name: SamsungTrailer.motionPhotoDataName) + location.bytes
        let versionRecord =
            recordHeader(type: motionPhotoVersionType, name: "MotionPhoto_Version") + Array(motionPhotoVersion.utf8)
        let (dataSize, versionSize) = (UInt32(dataRecord.count), UInt32(versionRecord.count))
        let payload =
            dataRecord + versionRecord
            + directory([
                (SamsungTrailer.motionPhotoDataType, versionSize + dataSize, dataSize), (motionPhotoVersionType, versionSize, versionSize),
            ])
        return BoxHeader.encoded(sefdBoxType, payloadSize: UInt64(payload.count)) + payload
    }

    /// The box type of a HEIC's trailer.
    public static let sefdBoxType: FourCC = "sefd"

    /// A record's header: two zero bytes, its type, its name's length (little-endian) and its name.
    static func recordHeader(type: UInt16, name: String) -> [UInt8] {
        var w = ByteWriter()
        w.appendUInt16(0, .littleEndian)
        w.appendUInt16(type, .littleEndian)
        w.appendUInt32(UInt32(name.utf8.count), .littleEndian)
        w.appendASCII(name)
        return w.bytes
    }

    /// `SEFH`, the version, the count, each entry (type, distance back from the directory to the record, its size),
    /// then the directory's length and `SEFT`.
    static func directory(_ entries: [(type: UInt16, backOffset: UInt32, size: UInt32)]) -> [UInt8] {
        var w = ByteWriter()
        w.appendASCII("SEFH")
        w.appendUInt32(version, .littleEndian)
        w.appendUInt32(UInt32(entries.count), .littleEndian)
        for entry in entries {
            w.appendUInt16(0, .littleEndian)
            w.appendUInt16(entry.type, .littleEndian)
            w.appendUInt32(entry.backOffset, .littleEndian)
            w.appendUInt32(entry.size, .littleEndian)
        }
        let length = UInt32(w.bytes.count)
        w.appendUInt32(length, .littleEndian)
        w.appendASCII("SEFT")
        return w.bytes
    }
}

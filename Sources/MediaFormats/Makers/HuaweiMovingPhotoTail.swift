/// The tail of a HUAWEI or Honor "moving photo" (docs/formats/makers.md#the-live-tail): the image, then the MP4, then three ASCII fields of
/// 20 bytes each, padded with spaces: a version tag `v<version>_f<frame index>` (`_c` when a cinemagraph block
/// precedes it), the play interval `<start ms>:<cover ms>`, and `LIVE_<N>`, N being the MP4's bytes plus the version
/// tag's 20 plus the cinemagraph block's. A legacy tail has only the last two fields, and N is the MP4's bytes alone.
/// OpenHarmony's reader finds the parts from this tail alone, never from XMP; so does this one.
public struct HuaweiMovingPhotoTail: Sendable, Equatable {
    /// Each field's width.
    public static let fieldWidth = 20
    /// The version tag of a camera-shot HUAWEI moving photo: `v6`.
    public static let huaweiVersion = 6
    /// The version tag Honor's cameras write: `v2`.
    public static let honorVersion = 2
    /// The marker that starts the last field.
    static let liveMarker: [UInt8] = Array("LIVE_".utf8)

    /// The version in the tag (`v6` camera-shot, `v3` app-made, `v2` Honor); nil for a legacy tail.
    public var version: Int?
    /// The cover's frame index, counted from 0, from the version tag.
    public var frameIndex: Int?
    /// The cover's time in milliseconds, from the play-info field (`<start ms>:<cover ms>`), when it reads.
    public var coverMilliseconds: Int64?
    /// The play interval's start in milliseconds, from the same field: 600 ms before the cover, floored at 0, as the
    /// makers write it.
    public var playStartMilliseconds: Int64?
    /// N, as `LIVE_` gives it.
    public var declaredLength: Int64
    /// Bytes of a cinemagraph block between the MP4 and the version tag (`_c`).
    public var cinemagraphLength: Int64
    /// Where the image ends and the MP4 starts.
    public var imageEnd: Int64
    /// Just past the MP4's last byte (and any bytes the maker keeps after its boxes).
    public var videoEnd: Int64

    /// The tail's length: 60 bytes, 40 for a legacy one, plus a cinemagraph block.
    public var length: Int64 { Int64(version == nil ? 2 : 3) * Int64(Self.fieldWidth) + cinemagraphLength }

    /// True when the file's last 20 bytes start with `LIVE_`.
    public static func isPresent(in file: RandomAccessFile) throws(FormatError) -> Bool {
        guard file.size >= Int64(fieldWidth) * 2 else { return false }
        return try file.read(at: file.size - Int64(fieldWidth), count: liveMarker.count) == liveMarker
    }

    /// Where the image's own bytes end in a file with a readable tail; nil for any other file. A HEIF image's boxes
    /// must be read up to there only: the MP4 and the tail follow them.
    public static func imageEnd(of file: RandomAccessFile) -> Int64? {
        guard (try? isPresent(in: file)) == true else { return nil }
        return (try? HuaweiMovingPhotoTail(file: file))?.imageEnd
    }

    /// Reads the tail at the end of `file`.
    /// - Throws: when `LIVE_` is not followed by a number, or the parts it gives do not fit in the file.
    public init(file: RandomAccessFile) throws(FormatError) {
        let size = file.size
        let width = Int64(Self.fieldWidth)
        guard size >= 2 * width else { throw FormatError(.truncated, "the file is too short for a moving photo's tail") }
        let live = Self.text(try file.read(at: size - width, count: Self.fieldWidth))
        guard live.hasPrefix("LIVE_"), let n = Int64(live.dropFirst(5)), n > 0 else {
            throw FormatError(.malformed, "the moving photo's tail says '\(live.prefix(20))', not LIVE_ and a length", at: size - width)
        }
        declaredLength = n
        let play = Self.text(try file.read(at: size - 2 * width, count: Self.fieldWidth))
        let times = play.split(separator: ":", omittingEmptySubsequences: false)
        if times.count == 2, let start = Int64(times[0]), let cover = Int64(times[1]), start >= 0, cover >= 0 {
            (playStartMilliseconds, coverMilliseconds) = (start, cover)
        }
        var extra = 2 * width
        cinemagraphLength = 0
        if size >= 3 * width, let tag = Self.versionTag(Self.text(try file.read(at: size - 3 * width, count: Self.fieldWidth))) {
            (version, frameIndex) = (tag.version, tag.frame)
            extra = 3 * width
            if tag.cinemagraph {
                guard size >= 3 * width + 4 else { throw FormatError(.truncated, "the cinemagraph block's size is cut off") }
                cinemagraphLength = Self.cinemagraphSize(try file.read(at: size - 3 * width - 4, count: 4))
                extra += cinemagraphLength
            }
        }
        // OpenHarmony: image = total − N − 40, whatever the tail's form.
        imageEnd = size - n - 2 * width
        videoEnd = size - extra
        guard imageEnd > 0, imageEnd < videoEnd else {
            throw FormatError(
                .malformed,
                "the moving photo's tail says LIVE_\(n), which does not fit a file of \(size) bytes (the video would start at byte \(imageEnd))",
                at: size - width)
        }
    }

    /// The 60-byte tail after an MP4 of `videoLength` bytes whose cover is frame `frameIndex` at `coverMilliseconds`.
    /// The play interval starts 600 ms before the cover (at 0 for an earlier cover), as OpenHarmony's writer does.
    public static func encoded(version: Int, frameIndex: Int, coverMilliseconds: Int64, videoLength: Int64) -> [UInt8] {
        let start = coverMilliseconds < 600 ? 0 : coverMilliseconds - 600
        return field("v\(version)_f\(frameIndex)") + field("\(start):\(coverMilliseconds)")
            + field("LIVE_\(videoLength + Int64(fieldWidth))")
    }

    static func field(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8.prefix(fieldWidth))
        return bytes + [UInt8](repeating: 0x20, count: fieldWidth - bytes.count)
    }

    /// The field's text without its padding (spaces or NULs).
    static func text(_ bytes: [UInt8]) -> String {
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0x20 || bytes[end - 1] == 0 { end -= 1 }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// `v<digits>_f<digits>` with an optional `_c` (either case), as OpenHarmony's pattern `^[vV]\d+_[fF]\d+` matches.
    static func versionTag(_ text: String) -> (version: Int, frame: Int, cinemagraph: Bool)? {
        let parts = text.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count >= 2, let v = parts[0].first, v == "v" || v == "V", let f = parts[1].first, f == "f" || f == "F" else {
            return nil
        }
        let versionDigits = parts[0].dropFirst(), frameDigits = parts[1].dropFirst().prefix { $0.isASCII && $0.isNumber }
        guard !versionDigits.isEmpty, versionDigits.allSatisfy({ $0.isASCII && $0.isNumber }), !frameDigits.isEmpty,
            let version = Int(versionDigits), let frame = Int(frameDigits)
        else { return nil }
        let cinemagraph = parts.dropFirst(2).contains { $0 == "c" || $0 == "C" }
        return (version, frame, cinemagraph)
    }

    /// OpenHarmony's reading of the 4 bytes before the version tag: each byte as hex without leading zeros, joined,
    /// then read as one hex number (the same as a big-endian 32-bit number only when every byte is 0x10 or more).
    static func cinemagraphSize(_ bytes: [UInt8]) -> Int64 {
        Int64(bytes.map { String($0, radix: 16) }.joined(), radix: 16) ?? 0
    }
}

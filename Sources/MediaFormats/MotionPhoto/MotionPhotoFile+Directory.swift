extension MotionPhotoFile {
    /// The MP4 between the image and a moving photo's tail: its boxes from the tail's start for the video, up to the
    /// tail; Honor's per-frame matrices (a `uuid` box after `moov`) are not the MP4's.
    static func movieBeforeTail(_ tail: HuaweiMovingPhotoTail, in file: RandomAccessFile) throws(FormatError) -> Span {
        let length = try EmbeddedMovie.length(
            in: file, start: tail.imageEnd, limit: tail.videoEnd, stoppingAtUserType: EmbeddedMovie.honorMatrixUserType)
        if tail.imageEnd + length < tail.videoEnd {
            let rest = try file.readUpTo(at: tail.imageEnd + length, count: 24)
            let isHonorMatrix =
                rest.count >= 24 && Array(rest[4..<8]) == Array("uuid".utf8) && Array(rest[8..<24]) == EmbeddedMovie.honorMatrixUserType
            guard isHonorMatrix else {
                throw FormatError(
                    .malformed,
                    "the MP4 ends at byte \(tail.imageEnd + length), \(tail.videoEnd - tail.imageEnd - length) bytes before the tail; LIVE_\(tail.declaredLength) does not match it"
                )
            }
        }
        return Span(offset: tail.imageEnd, length: length)
    }

    /// The header of the top-level `mpvd` box that holds a HEIC Motion Photo's video (Samsung's layout,
    /// docs/formats/samsung.md#heic-layouts), 64-bit when the video passes 4 GiB.
    public static func videoBoxHeader(videoSize: UInt64) -> [UInt8] {
        BoxHeader.encoded("mpvd", payloadSize: videoSize)
    }

    /// Google's rule (androidx `MotionPhotoDescription`): items from the end of the file backwards; each
    /// non-primary item takes `Length` bytes ending where the next begins; the primary ends at the next item's
    /// start less its `Padding`.
    /// - Returns: the video's span and the primary's end.
    public static func walkDirectory(_ items: [MotionPhotoXMP.Item], fileSize: Int64) throws(FormatError) -> (Span, Int64) {
        var end = fileSize
        var video: Span?
        var primaryEnd = fileSize
        for (index, item) in items.enumerated().reversed() {
            if index == 0 {
                primaryEnd = end - item.padding
                guard primaryEnd >= 0 else { throw FormatError(.malformed, "the primary item's padding runs before the file's start") }
                continue
            }
            guard item.length <= end else {
                throw FormatError(.malformed, "item \(index) (\(item.semantic)) claims \(item.length) bytes, more than the file holds")
            }
            let start = end - item.length
            if item.isVideo, item.length > 0, video == nil { video = Span(offset: start, length: item.length) }
            end = start
        }
        guard let video else { throw FormatError(.malformed, "the directory has no video item with a length") }
        return (video, primaryEnd)
    }
}

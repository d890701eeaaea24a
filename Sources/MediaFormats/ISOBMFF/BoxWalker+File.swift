extension BoxWalker {
    /// Where a file keeps the boxes ``walkFile(_:)`` lists.
    public enum Scope: String, Sendable {
        /// The file's own boxes: a movie, or a HEIF image.
        case file
        /// The MP4 inside a JPEG Motion Photo.
        case embeddedVideo = "embedded video"
    }

    /// The boxes of `file`, wherever it keeps them: those of a movie or a HEIF image, or those of the video a JPEG
    /// Motion Photo embeds (found by ``MotionPhotoFile``).
    /// - Returns: where the boxes are, and the boxes as ``walk(_:range:maxBoxes:maxDepth:)`` lists them.
    /// - Throws: ``FormatError`` of kind `.unsupported` for a JPEG without a video and for a file of no box format.
    public static func walkFile(_ file: RandomAccessFile) throws(FormatError) -> (scope: Scope, boxes: [BoxSummary]) {
        switch try FileSignature.identify(file) {
        case .jpeg:
            guard let video = try MotionPhotoFile(file: file).video else {
                throw FormatError(.unsupported, "a JPEG holds no boxes, and this one no embedded video")
            }
            return (.embeddedVideo, try walk(file, range: video.offset..<video.end))
        case .heic, .avif, .quickTime, .mp4:
            return (.file, try walk(file))
        case .zip, .unknown:
            throw FormatError(.unsupported, "not a movie, a HEIF image or a Motion Photo")
        }
    }
}

import MediaFormats

/// A JPEG Motion Photo whose embedded video was lost (cut short, gone), given its separate MP4 back byte for byte
/// (`docs/guide/takeout.md#live-photos-and-motion-photos`): the photo up to where its video began (its image, and any
/// item its directory lists before the video, such as an Ultra HDR gain map), its XMP directory giving the MP4's
/// length (`docs/formats/motion-photo.md#google-motion-photo-xmp`), then the MP4's bytes as they are. What the
/// separate file is, the photo's video was: nothing is laid out again.
package enum ImportVideoEmbedding {
    /// The note on a Motion Photo given its separate video back.
    package static let embeddedNote = "its separate video was embedded byte for byte"

    /// The JPEG `photo` with the MP4 `video` appended unchanged: the photo's part, then the video's bytes.
    /// - Returns: nil when the photo is not a JPEG, the video is not an MP4 (a QuickTime movie must be laid out again
    ///   as one), or where the photo's own bytes end cannot be told (its image or an item before its video is cut
    ///   short): the command line remuxes then.
    package static func plan(photo: InputFile, video: InputFile) -> SplicedFile? {
        guard photo.kind == .jpeg, video.kind == .mp4, video.file.size > 0 else { return nil }
        guard var content = try? plan(photo.file, videoLength: video.file.size) else { return nil }
        content.append(SplicedFile.copying(video.file, range: 0..<video.file.size, replacing: []))
        return content
    }

    /// The photo's part of the output: its header with the Motion Photo XMP for a video of `videoLength` bytes, and
    /// its bytes from the first scan to where its video began.
    package static func plan(_ source: RandomAccessFile, videoLength: Int64) throws(FormatError) -> SplicedFile? {
        let jpeg = try JPEGFile(file: source)
        guard let imageEnd = try jpeg.endOfImage(in: source) else { return nil }
        let xmp = try jpeg.xmpPacket(in: source).flatMap { try? MotionPhotoXMP(packet: XMPPacket(bytes: $0.bytes)) }
        // The directory lays the items out from the image's end: the primary's padding, then each item's length
        // (its padding within it), the video last.
        let directory = xmp?.directory ?? []
        var photoEnd = imageEnd
        var primaryPadding: Int64 = 0
        if let primary = directory.first, let video = directory.lastIndex(where: { $0.isVideo }) {
            guard video == directory.count - 1, primary.padding >= 0 else { return nil }
            primaryPadding = primary.padding
            photoEnd += primary.padding
            for item in directory[1..<video] {
                guard item.length >= 0 else { return nil }
                photoEnd += item.length
            }
        }
        guard photoEnd <= source.size else { return nil }
        let header = try MotionPhotoWriter.jpeg(
            source, edits: [], primaryPadding: primaryPadding, videoLength: videoLength, videoPadding: 0,
            timestampUs: xmp?.presentationTimestampUs ?? -1)
        // The writer's plan is the new header, then the source from its first scan to its end: the end moves back to
        // where the video began, so that nothing of the lost video stays.
        guard header.pieces.count == 2, case .bytes(let bytes) = header.pieces[0], case .copy(_, let scan, _) = header.pieces[1]
        else { return nil }
        guard scan <= photoEnd else { return nil }
        return SplicedFile(pieces: [.bytes(bytes), .copy(source, offset: scan, length: photoEnd - scan)])
    }
}

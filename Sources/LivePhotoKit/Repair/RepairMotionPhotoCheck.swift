import MediaFormats

/// A Motion Photo whose XMP directory lies about where the video is (docs/guide/repair.md#motion-photos): Samsung's
/// placeholder lengths (`Length` 80 in a Galaxy S22 HEIC), lengths gone stale after an edit, a directory that does not
/// add up to the file, or a video found by its `ftyp` elsewhere than the XMP says. The directory is rewritten to the
/// true byte ranges, so that Google's rule (items counted back from the end of the file) lands on the video's first
/// byte, as Samsung's trailer and the `mpvd` box do. A HEIC whose video does not end the file is reported.
enum RepairMotionPhotoCheck {
    static func check(_ path: String, into plan: inout RepairDiagnosis.Plan) {
        guard let input = try? InputFile(path: path), input.kind == .jpeg || input.kind == .heic else { return }
        if input.kind == .heic, let heif = try? HEIFFile(file: input.file), let detail = layoutProblem(heif) {
            plan.problems.append(
                LibraryRepair.Problem(
                    kind: .motionPhotoLayout, file: path, detail: detail,
                    repair:
                        "move the video to the end of the file, with the item offsets, Samsung's mpv2 offset and the XMP directory; every byte of image and video kept"
                ))
            plan.changeStill(path) { $0.relaysVideo = true }
            return
        }
        guard let (xmp, video, imageEnd) = located(input) else { return }
        let size = input.file.size
        let google = Result { try MotionPhotoFile.walkDirectory(xmp.directory, fileSize: size) }
        if case .success(let (span, _)) = google, span.offset == video.offset { return }
        let detail: String
        switch google {
        case .success(let (span, _)):
            let placeholder = xmp.directory.contains { $0.isVideo && $0.length < 1024 }
            detail =
                "the XMP directory puts the video at byte \(span.offset)\(placeholder ? " (placeholder lengths)" : ""); it starts at byte \(video.offset)"
        case .failure(let error):
            detail =
                "the XMP directory does not add up to the file (\((error as? FormatError)?.message ?? "\(error)")); the video starts at byte \(video.offset)"
        }
        guard let spans = trueDirectory(xmp.directory, video: video, imageEnd: imageEnd, fileSize: size) else {
            plan.problems.append(
                LibraryRepair.Problem(
                    kind: .motionPhotoDirectory, file: path, detail: detail + "; its items cannot be laid over the file's parts",
                    repair: nil))
            return
        }
        let videoItem = spans.last.map { "video Length \($0.length), Padding \($0.padding)" } ?? ""
        plan.problems.append(
            LibraryRepair.Problem(
                kind: .motionPhotoDirectory, file: path, detail: detail,
                repair: "rewrite the XMP directory to the true byte ranges (primary Padding \(spans[0].padding), \(videoItem))"))
        plan.changeStill(path) { $0.directory = spans }
    }

    /// The XMP, the video where it really is, and where the image ends; nil for a file that is not a Motion Photo
    /// with a directory.
    static func located(_ input: InputFile) -> (MotionPhotoXMP, MotionPhotoFile.Span, Int64)? {
        if let motion = try? input.motionPhoto(), let xmp = motion.xmp, xmp.directory.contains(where: \.isVideo), let video = motion.video {
            let imageEnd = motion.mpvd?.offset ?? (motion.videoLocator == .containerDirectory ? video.offset : motion.imageEnd)
            return (xmp, video, min(imageEnd, video.offset))
        }
        // A JPEG whose directory leads nowhere and that has no other record of its video: the MP4 found by its `ftyp`.
        guard input.kind == .jpeg, let jpeg = try? JPEGFile(file: input.file), let packet = try? jpeg.xmpPacket(in: input.file),
            let xmp = (try? XMPPacket(bytes: packet.bytes)).flatMap({ try? MotionPhotoXMP(packet: $0) }),
            xmp.directory.contains(where: \.isVideo),
            let eoi = (try? jpeg.endOfImage(in: input.file)).flatMap({ $0 }),
            let found = EmbeddedMovie.search(in: input.file, from: eoi)
        else { return nil }
        return (xmp, MotionPhotoFile.Span(offset: found.offset, length: found.length), eoi)
    }

    /// The directory's `Length` and `Padding` for the file as it is: the video item from the MP4's first byte to the
    /// end of the file (what follows it, a Samsung trailer, as its `Padding`), the items between the primary and the
    /// video (a gain map) kept as they are and ending where the video starts, the primary's `Padding` the bytes
    /// between the image and the first of them. nil when the video item is not last or the items do not fit.
    static func trueDirectory(_ items: [MotionPhotoXMP.Item], video: MotionPhotoFile.Span, imageEnd: Int64, fileSize: Int64)
        -> [(length: Int64, padding: Int64)]?
    {
        guard items.count >= 2, let last = items.last, last.isVideo, video.end <= fileSize else { return nil }
        var spans = items.map { (length: $0.length, padding: $0.padding) }
        spans[spans.count - 1] = (fileSize - video.offset, fileSize - video.end)
        var start = video.offset
        for index in (1..<items.count - 1).reversed() {
            start -= items[index].length
            guard start >= imageEnd else { return nil }
        }
        spans[0].padding = start - imageEnd
        guard
            let (span, _) = try? MotionPhotoFile.walkDirectory(
                zip(items, spans).map { MotionPhotoXMP.Item(mime: $0.mime, semantic: $0.semantic, length: $1.length, padding: $1.padding) },
                fileSize: fileSize), span.offset == video.offset
        else { return nil }
        return spans
    }

    /// Why a HEIC Motion Photo's video box does not end the file (Galaxy S23's editor puts `mpvd` before the image
    /// data); nil when it does (a Samsung `sefd` box may follow it).
    static func layoutProblem(_ heif: HEIFFile) -> String? {
        guard let first = heif.boxAfterMotionPhotoVideo else { return nil }
        return
            "the video ('\(HEIFFile.motionPhotoVideoBoxType)') comes before the '\(first.type)' box at byte \(first.offset), but must end the file"
    }
}

/// Where the parts of a Motion Photo lie: Google Motion Photo v1 and legacy MicroVideo JPEGs, Samsung JPEGs
/// (SEF trailer) and HEICs (`mpvd`, `sefd`, `mpv2`), docs/formats/motion-photo.md#finding-the-video, docs/formats/samsung.md#sef-trailer. Nothing is copied; only offsets are found.
public struct MotionPhotoFile: Sendable {
    /// The still's format.
    public enum Container: String, Sendable {
        /// A JPEG (the file starts with SOI): the video follows the image's bytes.
        case jpeg
        /// A HEIC, or any file that is not a JPEG, read as HEIF: the video in a top-level `mpvd` box after the image's
        /// boxes, or after the boxes themselves (HUAWEI's tail).
        case heic
    }

    /// How the video was found.
    public enum VideoLocator: String, Sendable {
        /// The XMP `Container:Directory`, walked back from the end of the file (Google's rule).
        case containerDirectory = "container-directory"
        /// `Camera:MicroVideoOffset`, bytes back from the end of the file.
        case microVideoOffset = "micro-video-offset"
        /// Samsung's `MotionPhoto_Data` record.
        case samsungTrailer = "samsung-trailer"
        /// The HEIF top-level `mpvd` box.
        case mpvdBox = "mpvd-box"
        /// HUAWEI's and Honor's `LIVE_` tail.
        case huaweiTail = "huawei-tail"
    }

    /// A span of bytes.
    public struct Span: Sendable, Equatable {
        /// Where the span starts, in bytes from the start of the file.
        public var offset: Int64
        /// The span's length in bytes.
        public var length: Int64
        /// Just past the span's last byte.
        public var end: Int64 { offset + length }

        /// A span of `length` bytes at `offset`.
        public init(offset: Int64, length: Int64) {
            self.offset = offset
            self.length = length
        }
    }

    /// JPEG when the file starts with SOI; HEIC for anything else.
    public var container: Container
    /// The Motion Photo XMP, when the file has XMP.
    public var xmp: MotionPhotoXMP?
    /// The XMP packet's bytes in the file, when they are one contiguous run (a JPEG APP1, or a HEIF item of one
    /// extent in the file).
    public var xmpSpan: Span?
    /// The embedded video (only the movie's own boxes: a Samsung trailer behind it is not included).
    public var video: Span?
    /// How ``video`` was found; nil when there is no video.
    public var videoLocator: VideoLocator?
    /// JPEG: where the primary image ends (its EOI, or the directory's primary end); the file size for a photo that
    /// holds nothing after its image (no video, trailer, footer or tail), whose image data is not walked. HEIC: the
    /// file size.
    public var imageEnd: Int64
    /// Samsung's SEF trailer; nil when there is none or it is unreadable (see ``notes``).
    public var samsungTrailer: SamsungTrailer?
    /// HEIC: the `mpvd` and `sefd` boxes.
    public var mpvd: BoxHeader?
    /// HEIC: the `sefd` box holding Samsung's SEF trailer, when present.
    public var sefd: BoxHeader?
    /// HUAWEI's or Honor's `LIVE_` tail, when the file ends with one.
    public var huaweiTail: HuaweiMovingPhotoTail?
    /// HUAWEI and Honor: `com.openharmony.covertime` in the embedded MP4's metadata, in milliseconds.
    public var embeddedCoverTimeMilliseconds: Double?
    /// Other makers' XMP fields (OPPO, vivo, Xiaomi, the gain map's), when the file has XMP.
    public var makerFields: MakerXMPFields?
    /// JPEG: the Exif `UserComment` as text (OPPO's `oplus_…`, vivo's signature), its charset prefix left out.
    public var exifUserComment: String?
    /// JPEG: vivo's two-file footer after the image (the photo of a vivo pair: its movie is a separate MP4).
    public var vivoFooter: VivoFooter?
    /// JPEG: why a footer that ends like vivo's could not be read (the photo is still a photo).
    public var vivoFooterProblem: String?
    /// JPEG: Exif tag 0x8897 is there (Xiaomi's gallery looks for it).
    public var hasXiaomiExifMark = false
    /// What did not add up and how it was resolved (placeholder XMP lengths, a broken trailer).
    public var notes: [String] = []

    /// The cover's time in the video in microseconds: the XMP's presentation timestamp, else the moving-photo tail's
    /// cover time; nil when neither gives one.
    public var coverTimeUs: Int64? {
        if let us = xmp?.presentationTimestampUs { return us }
        if videoLocator == .huaweiTail, let ms = embeddedCoverTimeMilliseconds, let us = Int64(exactly: (ms * 1000).rounded()) { return us }
        if let ms = huaweiTail?.coverMilliseconds { return ms.multipliedReportingOverflow(by: 1000).overflow ? nil : ms * 1000 }
        return nil
    }

    /// True when the file holds a video.
    public var isMotionPhoto: Bool { video != nil }

    /// Reads `file`, a JPEG or a HEIC.
    /// - Throws: for a broken file, or when the metadata says there is a video that cannot be found.
    public init(file: RandomAccessFile) throws(FormatError) {
        let head = try file.readUpTo(at: 0, count: 3)
        if try HuaweiMovingPhotoTail.isPresent(in: file) {
            do throws(FormatError) {
                huaweiTail = try HuaweiMovingPhotoTail(file: file)
            } catch {
                guard error.kind != .unreadable else { throw error }  // the file could not be read: not a note
                notes.append("the moving photo's LIVE_ tail is unreadable: \(error.message)")
            }
        }
        if JPEGFile.hasSOI(head) {
            container = .jpeg
            imageEnd = file.size
            try readJPEG(file)
        } else {
            container = .heic
            imageEnd = file.size
            try readHEIC(file)
        }
        if videoLocator == .huaweiTail, let video, let metadata = EmbeddedMovie.metadata(in: file, span: video) {
            embeddedCoverTimeMilliseconds = OpenHarmonyMovieMetadata.coverTimeMilliseconds(in: metadata)
        }
    }

    // MARK: - JPEG

    private mutating func readJPEG(_ file: RandomAccessFile) throws(FormatError) {
        let jpeg = try JPEGFile(file: file)
        if let packet = try jpeg.xmpPacket(in: file) {
            xmpSpan = Span(offset: packet.offset, length: Int64(packet.bytes.count))
            let parsed = try XMPPacket(bytes: packet.bytes)
            xmp = try MotionPhotoXMP(packet: parsed)
            makerFields = MakerXMPFields(packet: parsed)
        }
        if let tiff = try? jpeg.exifTIFF(in: file), let exif = try? ExifTIFF(bytes: tiff) {
            exifUserComment = exif.userComment
            hasXiaomiExifMark = exif.exifIFD?.entry(ExifTIFF.xiaomiMarkTag) != nil
        }
        // The EOI is found by walking the image data, most of the file: only when something may follow the image.
        var walked: Int64?? = nil
        func endOfImage() throws(FormatError) -> Int64? {
            if let walked { return walked }
            let eoi = try jpeg.endOfImage(in: file)
            walked = .some(eoi)
            return eoi
        }
        if try VivoFooter.isPresent(in: file, endingAt: file.size) {
            let eoi = try endOfImage()
            do throws(FormatError) {
                vivoFooter = try VivoFooter(file: file, endingAt: file.size, lowerBound: eoi ?? 0)
            } catch {
                guard error.kind != .unreadable else { throw error }  // the file could not be read: not a note
                vivoFooterProblem = "vivo's footer is unreadable: \(error.message)"
            }
        }
        if try SamsungTrailer.isPresent(in: file, endingAt: file.size) {
            let eoi = try endOfImage()
            do throws(FormatError) {
                samsungTrailer = try SamsungTrailer(file: file, endingAt: file.size, lowerBound: eoi ?? 0)
            } catch {
                guard error.kind != .unreadable else { throw error }  // the file could not be read: not a note
                notes.append("the Samsung trailer is unreadable: \(error.message)")
            }
        }
        let trailerStart = samsungTrailer?.directoryOffset ?? file.size

        var failures: [String] = []
        // 0. HUAWEI's and Honor's tail, which their galleries read alone.
        if let tail = huaweiTail {
            do throws(FormatError) {
                video = try Self.movieBeforeTail(tail, in: file)
                videoLocator = .huaweiTail
                imageEnd = tail.imageEnd
            } catch {
                guard error.kind != .unreadable else { throw error }  // the file could not be read: not a note
                failures.append("the LIVE_ tail: \(error.message)")
            }
        }
        // 1. Google's rule: the directory, walked back from the end of the file.
        if video == nil, let xmp, xmp.directory.contains(where: { $0.isVideo }) {
            do throws(FormatError) {
                let (span, primaryEnd) = try Self.walkDirectory(xmp.directory, fileSize: file.size)
                var limit = span.end
                // OPPO: the MP4 is VideoLength bytes; a OnePlus trailer may follow it within the item.
                if let length = makerFields?.oppoVideoLength {
                    if length <= span.length {
                        limit = span.offset + length
                    } else {
                        notes.append(
                            "OpCamera:VideoLength (\(length) bytes) runs past the video item (\(span.length)); the movie's boxes were used")
                    }
                }
                video = Span(offset: span.offset, length: try EmbeddedMovie.length(in: file, start: span.offset, limit: limit))
                videoLocator = .containerDirectory
                // An Ultra HDR photo's gain map (an image item after the primary) belongs to the photo: it ends where
                // the video starts.
                let hasOtherImages = xmp.directory.dropFirst().contains { !$0.isVideo && $0.length > 0 }
                imageEnd = hasOtherImages ? span.offset : primaryEnd
            } catch {
                guard error.kind != .unreadable else { throw error }  // the file could not be read: not a note
                failures.append("the XMP Container directory: \(error.message)")
            }
        }
        // 2. MicroVideoOffset: bytes back from the end.
        if video == nil, let offset = xmp?.microVideoOffset {
            do throws(FormatError) {
                guard offset <= file.size else {
                    throw FormatError(.malformed, "Camera:MicroVideoOffset \(offset) is larger than the file (\(file.size) bytes)")
                }
                let start = file.size - offset
                video = Span(offset: start, length: try EmbeddedMovie.length(in: file, start: start, limit: max(start + 1, trailerStart)))
                videoLocator = .microVideoOffset
                imageEnd = start
            } catch {
                guard error.kind != .unreadable else { throw error }  // the file could not be read: not a note
                failures.append("Camera:MicroVideoOffset: \(error.message)")
            }
        }
        // 3. Samsung's MotionPhoto_Data record holds the MP4 itself.
        if video == nil, let record = samsungTrailer?.motionPhotoData {
            do throws(FormatError) {
                video = Span(
                    offset: record.dataOffset,
                    length: try EmbeddedMovie.length(in: file, start: record.dataOffset, limit: record.dataOffset + record.dataLength))
                videoLocator = .samsungTrailer
                imageEnd = record.offset
            } catch {
                guard error.kind != .unreadable else { throw error }  // the file could not be read: not a note
                failures.append("the Samsung MotionPhoto_Data record: \(error.message)")
            }
        }
        if video == nil {
            if let first = failures.first {
                throw FormatError(.malformed, "the file says it holds a video, but it cannot be found: \(first)")
            }
            if xmp?.describesVideo == true {
                throw FormatError(.malformed, "the XMP marks a Motion Photo but says nowhere where its video is")
            }
            if samsungTrailer == nil, let note = notes.first { throw FormatError(.malformed, note) }
        }
        if video != nil { notes += failures.map { "ignored \($0)" } }
        // The photo ends at its EOI when that comes first (bytes between it and the video are not the image). A
        // photo with nothing after it (no video, trailer, footer or tail) ends with the file, unwalked.
        let holdsMore = video != nil || vivoFooter != nil || samsungTrailer != nil || huaweiTail != nil
        let otherImages = xmp?.directory.contains { !$0.isVideo && $0.semantic != "Primary" } ?? false
        if holdsMore, !otherImages, let eoi = try endOfImage(), eoi <= imageEnd {
            if imageEnd - eoi > 0, video != nil {
                notes.append("\(imageEnd - eoi) bytes between the image's end and the video are left out")
            }
            imageEnd = eoi
        }
    }

    // MARK: - HEIC

    private mutating func readHEIC(_ file: RandomAccessFile) throws(FormatError) {
        let tailVideo = try huaweiTail.map { (tail) throws(FormatError) in try Self.movieBeforeTail(tail, in: file) }
        let heif = try HEIFFile(file: file, end: tailVideo == nil ? nil : huaweiTail?.imageEnd)
        mpvd = heif.topLevel.first { $0.type == "mpvd" }
        sefd = heif.topLevel.first { $0.type == "sefd" }
        if let item = heif.primaryXMPItem {
            let bytes = try heif.itemData(item.id, in: file, limit: XMPPacket.maxSize)
            if let loc = heif.locations.first(where: { $0.itemID == item.id }), loc.isFileOffset, loc.extents.count == 1 {
                xmpSpan = Span(offset: Int64(loc.baseOffset + loc.extents[0].offset), length: Int64(bytes.count))
            }
            let parsed = try XMPPacket(bytes: bytes)
            xmp = try MotionPhotoXMP(packet: parsed)
            makerFields = MakerXMPFields(packet: parsed)
        }
        if let tailVideo, let tail = huaweiTail {
            video = tailVideo
            videoLocator = .huaweiTail
            imageEnd = tail.imageEnd
            return
        }
        // The SEF trailer: in `sefd`, or at the end of the file (inside `mpvd` on some Samsung phones), or at the end of
        // an `mpvd` that an editor moved before the image data.
        let ends = [sefd?.end ?? file.size, mpvd?.end].compactMap { $0 }
        var trailerEnd: Int64?
        for end in ends where try SamsungTrailer.isPresent(in: file, endingAt: end) {
            trailerEnd = end
            break
        }
        if let trailerEnd {
            do throws(FormatError) {
                samsungTrailer = try SamsungTrailer(
                    file: file, endingAt: trailerEnd, lowerBound: sefd?.payloadOffset ?? mpvd?.payloadOffset ?? 0)
            } catch {
                guard error.kind != .unreadable else { throw error }  // the file could not be read: not a note
                notes.append("the Samsung trailer is unreadable: \(error.message)")
            }
        }
        let mpv2 = try samsungTrailer?.heicVideoLocation(in: file)
        if let mpvd {
            // The box is the truth; the movie's own boxes say where it ends (a trailer may follow inside).
            let found = Span(
                offset: mpvd.payloadOffset, length: try EmbeddedMovie.length(in: file, start: mpvd.payloadOffset, limit: mpvd.end))
            video = found
            videoLocator = .mpvdBox
            if let mpv2, mpv2.offset != found.offset || mpv2.length != found.length {
                notes.append("Samsung's mpv2 record says \(mpv2.length) bytes at \(mpv2.offset); the 'mpvd' box was used")
            }
            if let xmp, xmp.directory.contains(where: { $0.isVideo }),
                let (span, _) = try? Self.walkDirectory(xmp.directory, fileSize: file.size), span.offset != found.offset
            {
                notes.append("the XMP directory's lengths do not describe the file (placeholders); the 'mpvd' box was used")
            }
        } else if let mpv2 {
            guard mpv2.offset >= 0, mpv2.length > 0, mpv2.offset + mpv2.length <= file.size else {
                throw FormatError(.malformed, "Samsung's mpv2 record points outside the file (\(mpv2.length) bytes at \(mpv2.offset))")
            }
            video = Span(
                offset: mpv2.offset, length: try EmbeddedMovie.length(in: file, start: mpv2.offset, limit: mpv2.offset + mpv2.length))
            videoLocator = .samsungTrailer
        } else if xmp?.describesVideo == true {
            throw FormatError(.malformed, "the XMP marks a Motion Photo, but the HEIC has no 'mpvd' box holding the video")
        }
    }
}

import MediaFormats

/// A Motion Photo made from a still and an MP4 without re-encoding, laid out as its flavour's row declares
/// (``MotionPhotoLayout``). Google's layout (docs/formats/motion-photo.md#google-motion-photo-xmp): the still with the
/// Motion Photo XMP and the maker's marks, then the MP4, then Samsung's SEF trailer where the row asks for it
/// (docs/formats/samsung.md#what-livephoto-writes). JPEG: the MP4 follows the image (the data of the trailer's
/// `MotionPhoto_Data` record), the XMP in an APP1 segment. HEIC: the XMP is an item (edited or added), the MP4 goes in
/// a top-level `mpvd` box and the trailer in a `sefd` box after it. Google's rule, walking the directory back from the
/// end of the file, finds the MP4's first byte; Samsung's trailer names the same bytes. HUAWEI's layout
/// (docs/formats/makers.md#the-live-tail): the still as it is, the MP4, then the `LIVE_` tail.
package struct MotionPhotoWriter {
    package let still: SplicedFile
    package let video: PlainMovie
    /// Written between the still and the MP4: HEIC's `mpvd` header, or the JPEG trailer's record header.
    package let videoHeader: [UInt8]
    /// Written after the MP4: Samsung's trailer (HEIC: the `sefd` box), HUAWEI's tail, or nothing.
    package let trailer: [UInt8]
    package let format: FileKind
    /// The content identifier the still carried.
    package let stillIdentifier: String?

    package var copiedBytes: Int64 { still.copiedBytes + video.copiedBytes }
    /// Where the MP4 starts in the output.
    package var videoOffset: Int64 { still.size + Int64(videoHeader.count) }
    package var size: Int64 { videoOffset + video.size + Int64(trailer.count) }

    /// The Motion Photo: the still, the video's box or record header, the MP4, the trailer.
    package var output: SplicedFile {
        var out = still
        out.append(videoHeader)
        out.append(video.output)
        out.append(trailer)
        return out
    }

    /// - Parameter plain: the still planned without its identifier (``PlainPhoto/plan(source:motion:)``), once.
    /// - Parameter keepsIdentifier: leave the still's content identifier (Apple MakerNote 0x0011) as it is; else it
    ///   is zeroed in place.
    package static func plan(
        still source: RandomAccessFile, plain: PlainPhoto, video: PlainMovie, timestampUs: Int64, flavor: MotionPhotoFlavor,
        keepsIdentifier: Bool
    ) throws(LivePhotoError) -> MotionPhotoWriter {
        let path = source.path
        let declared = flavor.declaration
        if flavor.takesJPEGOnly, plain.format != .jpeg {
            throw .unsupported(file: path, reason: "\(flavor.rawValue)'s galleries read JPEG motion photos only, and this photo is a HEIC")
        }
        guard plain.format == .jpeg || plain.format == .heic else { throw .badInput(file: path, reason: "not a JPEG or HEIC photo") }
        let edits = keepsIdentifier ? [] : replacements(plain, below: source.size)
        func build() throws(FormatError) -> MotionPhotoWriter {
            switch declared.layout {
            case .movingPhotoTail(let version):
                // The image as it is, the MP4, then the tail that gives the MP4's length.
                let tail = HuaweiMovingPhotoTail.encoded(
                    version: version, frameIndex: video.coverFrameIndex ?? 0, coverMilliseconds: max(0, timestampUs) / 1000,
                    videoLength: video.size)
                return MotionPhotoWriter(
                    still: SplicedFile.copying(source, range: 0..<source.size, replacing: edits), video: video, videoHeader: [],
                    trailer: tail, format: plain.format, stillIdentifier: plain.identifier)
            case .directory(let trailer) where plain.format == .heic:
                guard declared.marks.isEmpty else {
                    throw FormatError(.unsupported, "\(flavor.rawValue)'s marks are written in a JPEG only")
                }
                let header = MotionPhotoFile.videoBoxHeader(videoSize: UInt64(video.size))
                // The sefd box's size does not depend on the offset it names: sized first, filled once the still is made.
                let trailerSize = Int64(try trailer.heicBox(videoOffset: 0, videoLength: 0).count)
                let still = try heic(
                    source, edits: edits, videoLength: video.size + trailerSize, videoPadding: trailerSize, padding: Int64(header.count),
                    timestampUs: timestampUs)
                return MotionPhotoWriter(
                    still: still, video: video, videoHeader: header,
                    trailer: try trailer.heicBox(videoOffset: still.size + Int64(header.count), videoLength: video.size), format: .heic,
                    stillIdentifier: plain.identifier)
            case .directory(let trailer):
                let (before, after) = try trailer.jpegRecords(videoLength: video.size)
                let still = try jpeg(
                    source, edits: edits.filter { $0.offset < source.size }, primaryPadding: Int64(before.count),
                    videoLength: video.size + Int64(after.count), videoPadding: Int64(after.count), timestampUs: timestampUs,
                    marks: JPEGMarks(declared.marks, videoLength: video.size, timestampUs: timestampUs))
                return MotionPhotoWriter(
                    still: still, video: video, videoHeader: before, trailer: after, format: .jpeg, stillIdentifier: plain.identifier)
            case .vivoPair:
                throw FormatError(.unsupported, "vivo's two files are not one Motion Photo: VivoPairWriter plans them")
            }
        }
        return try naming(path, try build())
    }

    /// The JPEG's header with `edits` made (the identifier removed, or nothing) and the Motion Photo XMP in place of
    /// (or after) its XMP segment, with the flavour's `marks`, then its image data unchanged.
    package static func jpeg(
        _ source: RandomAccessFile, edits: [(offset: Int64, bytes: [UInt8])], primaryPadding: Int64, videoLength: Int64,
        videoPadding: Int64, timestampUs: Int64, marks: JPEGMarks = JPEGMarks()
    ) throws(FormatError) -> SplicedFile {
        // The header as PlainPhoto leaves it (same size as the source's), in memory.
        let jpeg = try JPEGFile(file: source)
        var header: [UInt8] = []
        header = try SplicedFile.copying(source, range: 0..<jpeg.scanOffset, replacing: edits.filter { $0.offset < jpeg.scanOffset })
            .read(0..<jpeg.scanOffset)
        let existing = try jpeg.xmpPacket(in: source)
        let packet = try MotionPhotoXMPWriter.packet(
            existing: try existing.map { (packet) throws(FormatError) in try XMPPacket(bytes: packet.bytes) },
            primaryMime: MotionPhotoXMP.MediaType.jpeg,
            primaryPadding: primaryPadding, videoLength: videoLength, videoPadding: videoPadding, timestampUs: timestampUs,
            microVideoOffset: marks.microVideoOffset, makerProperties: marks.xmp)
        var changes: [JPEGFile.HeaderChange] = [
            (range: try jpeg.xmpSegmentRange(in: source), bytes: try JPEGFile.xmpSegment(packet: packet))
        ]
        if !marks.exif.isEmpty {
            // The Exif as the edits left it (they keep its size), with the maker's tags; a minimal one when there was none.
            let segment = try jpeg.exifSegment(in: source)
            let range =
                segment.map { Int($0.offset)..<Int($0.end) } ?? (jpeg.exifInsertionPoint..<jpeg.exifInsertionPoint)
            var exif = try ExifTIFF(
                bytes: segment.map { Array(header[Int($0.exifTIFFOffset)..<Int($0.end)]) }
                    ?? ExifTIFF.minimal(width: jpeg.width, height: jpeg.height))
            for tag in marks.exif { try exif.setExifTag(tag.tag, type: tag.type, count: UInt32(tag.value.count), value: tag.value) }
            // The maker's byte order where the stream allows the swap (another maker's MakerNote does not); else the photo's.
            if let wanted = marks.exifOrder, let converted = try? exif.converted(to: wanted) { exif = converted }
            changes.append((range, try JPEGFile.app1Segment(JPEGFile.exifHeader + exif.bytes, holding: "Exif data")))
        }
        // At one place the Exif goes before the XMP; an Ultra HDR photo keeps finding its gain map.
        header = try jpeg.editedHeader(header, changes: changes, in: source)
        var out = SplicedFile()
        out.pieces = [.bytes(header), .copy(source, offset: jpeg.scanOffset, length: source.size - jpeg.scanOffset)]
        return out
    }

    package static func replacements(_ plain: PlainPhoto, below limit: Int64) -> [(offset: Int64, bytes: [UInt8])] {
        var position: Int64 = 0
        var result: [(offset: Int64, bytes: [UInt8])] = []
        for piece in plain.output.pieces {
            switch piece {
            case .copy(_, _, let length): position += length
            case .bytes(let b):
                if position + Int64(b.count) <= limit { result.append((position, b)) }
                position += Int64(b.count)
            }
        }
        return result
    }

    /// The HEIC with `edits` made (the identifier removed, or nothing), and the Motion Photo XMP: its XMP item rewritten into a new `mdat` at the
    /// end (only that item's `iloc` extent changes), or a new XMP item added (`meta` grows; later extents move).
    package static func heic(
        _ source: RandomAccessFile, edits: [(offset: Int64, bytes: [UInt8])], videoLength: Int64, videoPadding: Int64, padding: Int64,
        timestampUs: Int64
    ) throws(FormatError) -> SplicedFile {
        let heif = try HEIFFile(file: source)
        let item = heif.primaryXMPItem
        let existing = try item.map { (item) throws(FormatError) in
            try XMPPacket(bytes: try heif.itemData(item.id, in: source, limit: XMPPacket.maxSize))
        }
        let packet = try MotionPhotoXMPWriter.packet(
            existing: existing, primaryMime: MotionPhotoXMP.MediaType.heic, primaryPadding: padding, videoLength: videoLength,
            videoPadding: videoPadding, timestampUs: timestampUs)
        guard let item else {
            // A new XMP item: meta grows, and everything after it is copied as it is, behind the new meta. (An existing
            // one is rewritten below wherever meta lies, as a Samsung's HEIC has it after the image data.)
            guard heif.metaPrecedesMediaData else {
                throw FormatError(.unsupported, "the HEIC's 'meta' follows its image data and holds no XMP item to rewrite")
            }
            let (meta, _) = try HEIFMetaEditor.addingXMPItem(to: heif, originalSize: source.size, payloadLength: packet.count)
            var mdat = ByteWriter()
            mdat.appendMediaData(packet)
            var out = SplicedFile.copying(source, range: 0..<heif.metaHeader.offset, replacing: edits)
            out.pieces.append(.bytes(meta))
            let shifted = edits.filter { $0.offset >= heif.metaHeader.end }
            out.pieces += SplicedFile.copying(source, range: heif.metaHeader.end..<source.size, replacing: shifted).pieces
            out.pieces.append(.bytes(mdat.bytes))
            return out
        }
        // The XMP item's packet goes into a new mdat at the end; only its iloc extent changes.
        let rewrite = try heif.rewritingItem(item.id, payload: packet, fileSize: source.size, inPlaceWhenItFits: false)
        let replacements = edits + rewrite.replacements.map { (offset: $0.offset, bytes: $0.bytes) }
        var out = SplicedFile.copying(source, range: 0..<source.size, replacing: replacements.sorted { $0.offset < $1.offset })
        out.pieces.append(.bytes(rewrite.appended))
        return out
    }
}

extension MotionPhotoLayout.VideoTrailer {
    /// JPEG: what goes before the MP4 (Samsung's `MotionPhoto_Data` record header) and after it (the rest of the trailer).
    fileprivate func jpegRecords(videoLength: Int64) throws(FormatError) -> (before: [UInt8], after: [UInt8]) {
        switch self {
        case .none: return ([], [])
        case .samsung:
            let layout = try SamsungTrailerWriter.jpeg(videoLength: videoLength)
            return (layout.beforeVideo, layout.afterVideo)
        }
    }

    /// HEIC: what follows the `mpvd` box (Samsung's `sefd` box naming the MP4 at `videoOffset`).
    fileprivate func heicBox(videoOffset: Int64, videoLength: Int64) throws(FormatError) -> [UInt8] {
        switch self {
        case .none: return []
        case .samsung: return try SamsungTrailerWriter.heicBox(videoOffset: videoOffset, videoLength: videoLength)
        }
    }
}

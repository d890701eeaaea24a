import MediaFormats

/// A HEIC still carrying the content identifier in its Exif item's Apple MakerNote (docs/formats/live-photo.md#the-still, docs/formats/heic.md#the-exif-item).
///
/// The Exif item's payload is rewritten in place when it still fits its extent, or appended at the end of the
/// file in a new `mdat`; only that item's `iloc` extent changes, with the same field widths, so `meta` keeps its
/// size and no other offset in the file moves. Image data is never touched.
struct TaggedHEIC {
    let source: RandomAccessFile
    /// Byte ranges of the source (`offset`, `length`) replaced by new bytes, in file order.
    let replacements: [(offset: Int64, length: Int64, bytes: [UInt8])]
    /// Bytes added at the end of the file (a new `mdat` holding the Exif payload), or empty.
    let appended: [UInt8]
    /// The maker whose MakerNote was replaced by Apple's (IFD0 `Make`), when one was.
    var replacedMakerNote: String? = nil

    var copiedBytes: Int64 { source.size }

    static func plan(source: RandomAccessFile, identifier: ContentIdentifier, replaceForeignMakerNote: Bool) throws(LivePhotoError)
        -> TaggedHEIC
    {
        let path = source.path
        return try naming(path) {
            let heif = try HEIFFile(file: source)
            if heif.hasMotionPhotoBoxes {
                throw LivePhotoError.unsupported(file: path, reason: "a HEIC Motion Photo must lose its video first (split it)")
            }
            guard let exif = heif.exifItem else {
                return try addingExifItem(heif: heif, source: source, identifier: identifier)
            }
            guard var iloc = heif.itemLocationBox, let index = iloc.items.firstIndex(where: { $0.id == exif.id }) else {
                throw LivePhotoError.badInput(file: path, reason: "the Exif item has no location")
            }
            let item = iloc.items[index]
            guard item.isFileOffset, item.extents.count == 1, item.dataReferenceIndex == 0 else {
                throw LivePhotoError.unsupported(file: path, reason: "the Exif item is not one extent of the file itself")
            }
            let payload = try heif.itemData(exif.id, in: source)
            guard let tiffStart = HEIFFile.tiffStart(inExifItem: payload) else {
                throw LivePhotoError.badInput(file: path, reason: "the Exif item holds no TIFF header")
            }
            var tiff = try ExifTIFF(bytes: Array(payload[tiffStart...]))
            let replaced = try TaggedStill.tagTIFF(
                &tiff, identifier: identifier, replaceForeignMakerNote: replaceForeignMakerNote, file: path)
            let newPayload = Array(payload[..<tiffStart]) + tiff.bytes

            let extent = item.extents[0]
            let (oldStart, overflow) = item.baseOffset.addingReportingOverflow(extent.offset)
            guard !overflow, oldStart <= UInt64(source.size) else {
                throw LivePhotoError.badInput(file: path, reason: "the Exif item lies past the end of the file")
            }
            var replacements: [(Int64, Int64, [UInt8])] = []
            var appended: [UInt8] = []
            if UInt64(newPayload.count) <= extent.length {
                // Fits: overwrite where it was; the extent only shrinks (the tail keeps its old bytes, unused).
                replacements.append((Int64(oldStart), Int64(newPayload.count), newPayload))
            } else {
                // Grows: a new mdat at the end of the file holds it.
                var w = ByteWriter()
                let newStart = UInt64(source.size) + UInt64(w.appendMediaData(newPayload))
                guard newStart >= item.baseOffset else {
                    throw LivePhotoError.unsupported(file: path, reason: "the Exif item's base offset")
                }
                appended = w.bytes
                iloc.items[index].extents[0].offset = newStart - item.baseOffset
            }
            iloc.items[index].extents[0].length = UInt64(newPayload.count)
            replacements.append((heif.metaHeader.offset, heif.metaHeader.size, try heif.metaReplacingItemLocations(iloc)))
            return TaggedHEIC(
                source: source, replacements: replacements.sorted { $0.0 < $1.0 }, appended: appended, replacedMakerNote: replaced)
        }
    }

    /// A HEIC with no Exif item gets one (docs/formats/heic.md#adding-or-replacing-exif): a fresh Exif block with the Apple MakerNote, stored in
    /// a new `mdat` at the end; `meta` grows and the extents after it move with it.
    static func addingExifItem(heif: HEIFFile, source: RandomAccessFile, identifier: ContentIdentifier) throws -> TaggedHEIC {
        let size = heif.primaryImageSize
        var tiff = try ExifTIFF(bytes: ExifTIFF.minimal(width: size?.width, height: size?.height))
        try TaggedStill.tagTIFF(&tiff, identifier: identifier, replaceForeignMakerNote: false, file: source.path)
        let payload = HEIFFile.exifItemPayload(tiff: tiff.bytes)
        let (meta, _) = try HEIFMetaEditor.addingExifItem(to: heif, originalSize: source.size, payloadLength: payload.count)
        var w = ByteWriter()
        w.appendMediaData(payload)
        return TaggedHEIC(source: source, replacements: [(heif.metaHeader.offset, heif.metaHeader.size, meta)], appended: w.bytes)
    }

    /// Streams the source with the replacements applied, then the appended bytes.
    func write(to out: StagedFile, progress: (Int64) -> Void) throws(LivePhotoError) {
        var position: Int64 = 0
        for (offset, length, bytes) in replacements {
            try out.copy(from: source, offset: position, length: offset - position, progress: progress)
            try out.write(bytes)
            position = offset + length
        }
        try out.copy(from: source, offset: position, length: source.size - position, progress: progress)
        try out.write(appended)
    }
}

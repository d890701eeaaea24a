import MediaFormats

/// A HEIC still carrying the content identifier in its Exif item's Apple MakerNote (docs/formats/live-photo.md#the-still, docs/formats/heic.md#the-exif-item).
///
/// The Exif item's payload is rewritten in place when it still fits its extent, or appended at the end of the
/// file in a new `mdat`; only that item's `iloc` extent changes, with the same field widths, so `meta` keeps its
/// size and no other offset in the file moves. Image data is never touched.
package struct TaggedHEIC {
    package let source: RandomAccessFile
    /// Byte ranges of the source (`offset`, `length`) replaced by new bytes, in file order.
    package let replacements: [(offset: Int64, length: Int64, bytes: [UInt8])]
    /// Bytes added at the end of the file (a new `mdat` holding the Exif payload), or empty.
    package let appended: [UInt8]
    /// The maker whose MakerNote was replaced by Apple's (IFD0 `Make`), when one was.
    package var replacedMakerNote: String? = nil

    package var copiedBytes: Int64 { source.size }

    /// The source with the replacements made, then the appended bytes.
    package var output: SplicedFile {
        var out = SplicedFile()
        var position: Int64 = 0
        for (offset, length, bytes) in replacements {
            out.pieces.append(.copy(source, offset: position, length: offset - position))
            out.append(bytes)
            position = offset + length
        }
        out.pieces.append(.copy(source, offset: position, length: source.size - position))
        out.append(appended)
        return out
    }

    package static func plan(source: RandomAccessFile, identifier: ContentIdentifier, replaceForeignMakerNote: Bool) throws(LivePhotoError)
        -> TaggedHEIC
    {
        let path = source.path
        let heif = try naming(path, try HEIFFile(file: source))
        if heif.hasMotionPhotoBoxes {
            throw .unsupported(file: path, reason: "a HEIC Motion Photo must lose its video first (split it)")
        }
        guard let exif = heif.exifItem else {
            return try addingExifItem(heif: heif, source: source, identifier: identifier)
        }
        let payload = try naming(path, try heif.itemData(exif.id, in: source))
        guard let tiffStart = HEIFFile.tiffStart(inExifItem: payload) else {
            throw .badInput(file: path, reason: "the Exif item holds no TIFF header")
        }
        var tiff = try naming(path, try ExifTIFF(bytes: Array(payload[tiffStart...])))
        let replaced = try TaggedStill.tagTIFF(&tiff, identifier: identifier, replaceForeignMakerNote: replaceForeignMakerNote, file: path)
        let newPayload = Array(payload[..<tiffStart]) + tiff.bytes
        let rewrite = try naming(path, try heif.rewritingItem(exif.id, payload: newPayload, fileSize: source.size))
        return TaggedHEIC(source: source, replacements: rewrite.replacements, appended: rewrite.appended, replacedMakerNote: replaced)
    }

    /// A HEIC with no Exif item gets one (docs/formats/heic.md#adding-or-replacing-exif): a fresh Exif block with the Apple MakerNote, stored in
    /// a new `mdat` at the end; `meta` grows and the extents after it move with it.
    package static func addingExifItem(heif: HEIFFile, source: RandomAccessFile, identifier: ContentIdentifier) throws(LivePhotoError)
        -> TaggedHEIC
    {
        let size = heif.primaryImageSize
        var tiff = try naming(source.path, try ExifTIFF(bytes: ExifTIFF.minimal(width: size?.width, height: size?.height)))
        try TaggedStill.tagTIFF(&tiff, identifier: identifier, replaceForeignMakerNote: false, file: source.path)
        let payload = HEIFFile.exifItemPayload(tiff: tiff.bytes)
        let (meta, _) = try naming(
            source.path, try HEIFMetaEditor.addingExifItem(to: heif, originalSize: source.size, payloadLength: payload.count))
        var w = ByteWriter()
        w.appendMediaData(payload)
        return TaggedHEIC(source: source, replacements: [(heif.metaHeader.offset, heif.metaHeader.size, meta)], appended: w.bytes)
    }
}

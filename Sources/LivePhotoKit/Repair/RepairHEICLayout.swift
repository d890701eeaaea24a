import MediaFormats

/// A HEIC Motion Photo whose video box does not end the file, re-laid so that it does
/// (docs/guide/repair.md#motion-photos): every top-level box but the video's (`mpvd`) and Samsung's (`sefd`) in
/// their order, then those two; every item extent moved with its bytes; Samsung's `mpv2` offset and the XMP
/// directory set to the video's new place. Every byte of image and video is kept.
enum RepairHEICLayout {
    /// The re-laid file's pieces, with the Exif payload `exif` (same length as the old one) when given.
    static func pieces(_ file: RandomAccessFile, heif: HEIFFile, exif: [UInt8]?) throws -> [MovieLayout.Piece] {
        let moved = heif.topLevel.filter(HEIFFile.isMotionPhotoBox)
        guard let mpvd = heif.motionPhotoVideoBox else {
            throw FormatError(.malformed, "the file has no '\(HEIFFile.motionPhotoVideoBoxType)' box")
        }
        let order = try HEIFBoxOrder(heif.topLevel.filter { !HEIFFile.isMotionPhotoBox($0) } + moved, fileSize: file.size)
        let motion = try MotionPhotoFile(file: file)
        guard let video = motion.video, video.offset >= mpvd.offset, video.end <= mpvd.offset + mpvd.size,
            let videoStart = order.newOffset(of: video.offset), let imageEnd = order.newOffset(of: mpvd.offset)
        else { throw FormatError(.malformed, "the video is not inside the 'mpvd' box") }
        var overlays: [(offset: Int64, bytes: [UInt8])] = []
        if let field = try motion.samsungTrailer?.heicVideoOffsetField(videoStart) { overlays.append(field) }
        if let exif, let item = heif.exifItem {
            overlays += try sameLength(item.id, payload: exif, heif: heif, file: file)
        }
        if let xmp = motion.xmp, xmp.directory.contains(where: \.isVideo), let item = heif.primaryXMPItem,
            let spans = RepairMotionPhotoCheck.trueDirectory(
                xmp.directory, video: MotionPhotoFile.Span(offset: videoStart, length: video.length), imageEnd: imageEnd,
                fileSize: file.size),
            zip(xmp.directory, spans).contains(where: { $0.length != $1.length || $0.padding != $1.padding })
        {
            let payload = try heif.itemData(item.id, in: file, limit: XMPPacket.maxSize)
            guard let fitted = XMPPacket.resized(try RepairWriter.editedPacket(payload, spans: spans), to: payload.count) else {
                throw FormatError(.unsupported, "the new directory does not fit in the XMP packet's padding")
            }
            overlays += try sameLength(item.id, payload: fitted, heif: heif, file: file)
        }
        return try order.pieces(of: heif, overlays: overlays)
    }

    /// The overlay that writes `payload` over item `id`'s bytes of the same length.
    static func sameLength(_ id: UInt32, payload: [UInt8], heif: HEIFFile, file: RandomAccessFile) throws -> [(
        offset: Int64, bytes: [UInt8]
    )] {
        let rewrite = try heif.rewritingItem(id, payload: payload, fileSize: file.size)
        guard rewrite.appended.isEmpty, let write = rewrite.replacements.first(where: { $0.offset != heif.metaHeader.offset }),
            write.length == Int64(payload.count)
        else { throw FormatError(.unsupported, "item \(id) cannot be rewritten in place") }
        return [(write.offset, write.bytes)]
    }
}

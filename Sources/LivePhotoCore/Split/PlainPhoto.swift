import MediaFormats

/// A still with everything that made it part of a Live Photo or a Motion Photo taken out, so viewers show a
/// normal photo: the Apple content identifier (MakerNote 0x0011), the Motion Photo XMP, and the embedded video.
///
/// Every edit keeps sizes (the identifier's entry and value are zeroed in place, XMP properties are blanked with
/// spaces), so no offset moves: the image data is the primary image exactly as stored.
package struct PlainPhoto {
    package let output: SplicedFile
    package let format: FileKind
    /// What was taken out, in words.
    package let removed: [String]
    /// The content identifier the photo carried (Apple MakerNote 0x0011), if any.
    package let identifier: String?

    package var copiedBytes: Int64 { output.copiedBytes }

    package static func plan(source input: InputFile, motion: MotionPhotoFile?) throws(LivePhotoError) -> PlainPhoto {
        let (source, path) = (input.file, input.path)
        var replacements: [(offset: Int64, bytes: [UInt8])] = []
        var removed: [String] = []
        var identifier: String?
        var range: Range<Int64> = 0..<source.size
        let kind = input.kind
        switch kind {
        case .jpeg:
            let jpeg = try naming(path, try JPEGFile(file: source))
            if let segment = try naming(path, try jpeg.exifSegment(in: source)), let tiff = try naming(path, try jpeg.exifTIFF(in: source)),
                let (stripped, id) = try naming(path, try ExifTIFF.removingAppleContentIdentifier(tiff))
            {
                replacements.append((segment.exifTIFFOffset, stripped))
                removed.append("content identifier")
                identifier = id
            }
            if let motion, motion.isMotionPhoto { range = 0..<motion.imageEnd }
            if let motion, !motion.isMotionPhoto, let footer = motion.vivoFooter, footer.offset < range.upperBound {
                // A vivo pair's photo: the image ends where vivo's footer starts.
                range = 0..<footer.offset
                removed.append("vivo footer")
            }
        case .heic:
            let tailCut = motion?.videoLocator == .huaweiTail ? motion?.imageEnd : nil
            let heif = try naming(path, try HEIFFile(file: source, end: tailCut))
            if let exif = heif.exifItem,
                let loc = heif.locations.first(where: { $0.itemID == exif.id }), loc.isFileOffset, loc.extents.count == 1
            {
                let payload = try naming(path, try heif.itemData(exif.id, in: source))
                if let start = HEIFFile.tiffStart(inExifItem: payload),
                    let (stripped, id) = try naming(path, try ExifTIFF.removingAppleContentIdentifier(Array(payload[start...])))
                {
                    replacements.append((Int64(loc.baseOffset + loc.extents[0].offset) + Int64(start), stripped))
                    removed.append("content identifier")
                    identifier = id
                }
            }
            // Samsung's video boxes, also where no XMP describes them (an editor dropped it): still not the photo's.
            let motionBoxes = [motion?.mpvd, motion?.sefd].compactMap { $0 } + heif.topLevel.filter(HEIFFile.isMotionPhotoBox)
            if let cut = motionBoxes.map({ $0.offset }).min() {
                // The video boxes must be the file's last: removing them then moves nothing.
                guard heif.topLevel.filter({ $0.offset >= cut }).allSatisfy(HEIFFile.isMotionPhotoBox) else {
                    throw .unsupported(file: path, reason: "boxes follow the 'mpvd' video box; it cannot be taken out")
                }
                for loc in heif.locations where loc.isFileOffset {
                    for e in loc.extents where e.length > 0 && loc.baseOffset &+ e.offset &+ e.length > UInt64(cut) {
                        throw .unsupported(file: path, reason: "item \(loc.itemID) has data inside the video box")
                    }
                }
                range = 0..<cut
            } else if let tailCut {
                // A moving photo's MP4 and tail follow the image's boxes: the image is what comes before them.
                range = 0..<tailCut
            }
        default:
            throw .badInput(file: path, reason: "not a JPEG or HEIC photo")
        }
        if let motion, let span = motion.xmpSpan, let xmp = motion.xmp, xmp.describesVideo {
            let packet = try naming(path, try XMPPacket(bytes: try source.read(at: span.offset, length: span.length)))
            replacements.append((span.offset, MotionPhotoXMP.blankingMotionProperties(in: packet)))
            removed.append("Motion Photo XMP")
        }
        if kind == .heic, range.upperBound < source.size, !(motion?.isMotionPhoto ?? false) {
            removed.append("embedded video")
        }
        if let motion, motion.isMotionPhoto {
            removed.append("embedded video")
            if let trailer = motion.samsungTrailer, trailer.start >= range.upperBound { removed.append("Samsung trailer") }
            if motion.videoLocator == .huaweiTail { removed.append("LIVE_ tail") }
        }
        return PlainPhoto(
            output: SplicedFile.copying(source, range: range, replacing: replacements), format: kind, removed: removed,
            identifier: identifier)
    }
}

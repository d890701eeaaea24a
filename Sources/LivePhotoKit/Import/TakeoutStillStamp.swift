import MediaFormats
internal import PortableFoundation

/// ``TakeoutStamp`` for a JPEG or HEIC still (docs/formats/takeout.md#what-is-written-into-the-files): the date and place
/// into Exif, the caption, rating and people into XMP; the image data and every other segment or item stay as they are.
enum TakeoutStillStamp {
    /// Stamps a JPEG: a new header (Exif and XMP APP1), then the file from its first scan on, copied as it is (a Motion
    /// Photo's appended video included).
    static func stampJPEG(_ file: RandomAccessFile, path: String, facts: TakeoutFacts, prefersSidecar: Bool) throws(LivePhotoError)
        -> Set<String>
    {
        let (header, tail, written): ([UInt8]?, Int64, Set<String>) = try naming(path) {
            // A JPEG cut short (no EOI) is stamped too: only its header changes, the rest is copied as it is.
            let jpeg = try JPEGFile(file: file)
            let existing = try jpeg.exifTIFF(in: file)
            var tiff = try ExifTIFF(bytes: existing ?? ExifTIFF.minimal(width: jpeg.width, height: jpeg.height))
            var written = try TakeoutStillMetadata.stampExif(&tiff, facts: facts, prefersSidecar: prefersSidecar)
            let packet = try jpeg.xmpPacket(in: file).flatMap { try? XMPPacket(bytes: $0.bytes) }
            // A packet that does not read as XML is left alone (docs/formats/takeout.md#what-is-written-into-the-files).
            let unreadableXMP = try packet == nil && jpeg.xmpSegment(in: file) != nil
            let properties =
                unreadableXMP
                ? TakeoutStillMetadata.XMPChanges()
                : TakeoutStillMetadata.xmpProperties(packet, facts: facts, prefersSidecar: prefersSidecar)
            written.formUnion(properties.names)
            guard !written.isEmpty else { return (nil, jpeg.scanOffset, written) }
            let xmp = properties.list.isEmpty ? nil : try XMPDescriptiveWriter.packet(existing: packet, setting: properties.list)
            let newTIFF = written.contains("date") || written.contains("place") ? tiff.bytes : nil
            return (try jpeg.headerReplacingMetadata(tiff: newTIFF, xmp: xmp, in: file), jpeg.scanOffset, written)
        }
        guard let header else { return written }
        let out = try StagedFile(destination: path, datedLike: path)
        try out.write(header)
        try out.copy(from: file, offset: tail, length: file.size - tail, progress: { _ in })
        try out.commit()
        return written
    }

    /// Stamps a HEIC in two steps, each written to a sibling file and renamed over `path`: the Exif item (rewritten into
    /// a new `mdat` at the end, or added), then the primary image's XMP item (the same).
    ///
    /// A HEIC Motion Photo's video box must stay last, and Samsung's `mpv2` record points at it by offset, so nothing
    /// may be appended or moved: it gets only the XMP properties that fit in its XMP item's padding, written in place.
    static func stampHEIC(_ file: RandomAccessFile, path: String, facts: TakeoutFacts, prefersSidecar: Bool) throws(LivePhotoError)
        -> Set<String>
    {
        let isMotionPhoto = try naming(path) { try HEIFFile(file: file).hasMotionPhotoBoxes }
        let exifEdit =
            isMotionPhoto ? (edit: nil, written: []) : try exifItemEdit(file, path: path, facts: facts, prefersSidecar: prefersSidecar)
        if let edit = exifEdit.edit { try write(edit, over: file, path: path) }
        let current = exifEdit.edit == nil ? file : try reopen(path)
        let xmpEdit = try xmpItemEdit(current, path: path, facts: facts, prefersSidecar: prefersSidecar, inPlaceOnly: isMotionPhoto)
        if let edit = xmpEdit.edit { try write(edit, over: current, path: path) }
        return exifEdit.written.union(xmpEdit.written)
    }

    /// The edit that gives the HEIC's Exif item the facts' date and place (an item added when there is none), and what
    /// it writes; no edit when nothing is missing.
    static func exifItemEdit(_ file: RandomAccessFile, path: String, facts: TakeoutFacts, prefersSidecar: Bool) throws(LivePhotoError)
        -> (edit: HEIFItemRewrite?, written: Set<String>)
    {
        try naming(path) {
            let heif = try HEIFFile(file: file)
            let payload = try heif.exifItem.map { try heif.itemData($0.id, in: file) }
            let start = payload.flatMap(HEIFFile.tiffStart(inExifItem:))
            let size = heif.primaryImageSize
            var tiffBytes = ExifTIFF.minimal(width: size?.width, height: size?.height)
            if let payload {
                guard let start else { throw FormatError(.malformed, "the Exif item holds no TIFF header") }
                tiffBytes = Array(payload[start...])
            }
            var tiff = try ExifTIFF(bytes: tiffBytes)
            let written = try TakeoutStillMetadata.stampExif(&tiff, facts: facts, prefersSidecar: prefersSidecar)
            guard !written.isEmpty else { return (nil, written) }
            if let item = heif.exifItem, let payload, let start {
                return (try heif.rewritingItem(item.id, payload: Array(payload[..<start]) + tiff.bytes, fileSize: file.size), written)
            }
            let newPayload = HEIFFile.exifItemPayload(tiff: tiff.bytes)
            let (meta, _) = try HEIFMetaEditor.addingExifItem(to: heif, originalSize: file.size, payloadLength: newPayload.count)
            return (added(meta: meta, heif: heif, payload: newPayload), written)
        }
    }

    /// The edit that gives the primary image's XMP item the caption, rating and people (an item added when there is
    /// none), and what it writes. With `inPlaceOnly`, the new packet must fit the old item's extent (taking from its
    /// whitespace padding) and is written over it; otherwise, or when the packet does not read, nothing is written.
    static func xmpItemEdit(_ file: RandomAccessFile, path: String, facts: TakeoutFacts, prefersSidecar: Bool, inPlaceOnly: Bool)
        throws(LivePhotoError) -> (edit: HEIFItemRewrite?, written: Set<String>)
    {
        try naming(path) {
            let heif = try HEIFFile(file: file)
            let item = heif.primaryXMPItem
            let data = try item.map { try heif.itemData($0.id, in: file, limit: XMPPacket.maxSize) }
            let packet = data.flatMap { try? XMPPacket(bytes: $0) }
            // A packet that does not read as XML is left alone, as in a JPEG.
            if data != nil, packet == nil { return (nil, []) }
            let properties = TakeoutStillMetadata.xmpProperties(packet, facts: facts, prefersSidecar: prefersSidecar)
            guard !properties.list.isEmpty else { return (nil, []) }
            let bytes = try XMPDescriptiveWriter.packet(existing: packet, setting: properties.list)
            if inPlaceOnly {
                guard let item, let data, let fitted = XMPPacket.resized(bytes, to: data.count) else { return (nil, []) }
                // An item stored otherwise than as one extent of the file is left as it is.
                guard let edit = try? heif.rewritingItem(item.id, payload: fitted, fileSize: file.size), edit.appended.isEmpty else {
                    return (nil, [])
                }
                return (edit, properties.names)
            }
            if let item { return (try heif.rewritingItem(item.id, payload: bytes, fileSize: file.size), properties.names) }
            let (meta, _) = try HEIFMetaEditor.addingXMPItem(to: heif, originalSize: file.size, payloadLength: bytes.count)
            return (added(meta: meta, heif: heif, payload: bytes), properties.names)
        }
    }

    /// The edits that add an item: `meta` replaced by its grown copy, the payload in a new `mdat` at the end.
    static func added(meta: [UInt8], heif: HEIFFile, payload: [UInt8]) -> HEIFItemRewrite {
        var w = ByteWriter()
        w.appendMediaData(payload)
        return HEIFItemRewrite(replacements: [(heif.metaHeader.offset, heif.metaHeader.size, meta)], appended: w.bytes)
    }

    /// Writes `source` with `edit` made to a sibling file and renames it over `path`.
    static func write(_ edit: HEIFItemRewrite, over source: RandomAccessFile, path: String) throws(LivePhotoError) {
        let out = try StagedFile(destination: path, datedLike: path)
        try out.write(edit, from: source, path: path)
        try out.commit()
    }

    /// Opens the file at `path` again, after it was replaced.
    static func reopen(_ path: String) throws(LivePhotoError) -> RandomAccessFile {
        do { return try RandomAccessFile(path: path) } catch { throw .io(path: path, reason: error.reason) }
    }
}

import MediaFormats

/// ``ImportStamp`` for a JPEG or HEIC still (docs/formats/takeout.md#what-is-written-into-the-files): the date and place
/// into Exif, the caption, title, keywords, rating and people into XMP; the image data and every other segment or item
/// stay as they are.
extension ImportStamp {
    /// A JPEG: a new header (Exif and XMP APP1), then the file from its first scan on, copied as it is (a Motion Photo's
    /// appended video included). A JPEG cut short (no EOI) is stamped too: only its header changes.
    static func jpeg(_ file: RandomAccessFile, facts: Facts, prefersSidecar: Bool) throws(FormatError) -> (Plan?, Set<String>) {
        let jpeg = try JPEGFile(file: file)
        let existing = try jpeg.exifTIFF(in: file)
        var tiff = try ExifTIFF(bytes: existing ?? ExifTIFF.minimal(width: jpeg.width, height: jpeg.height))
        var written = try stampExif(&tiff, facts: facts, prefersSidecar: prefersSidecar)
        let packet = try jpeg.xmpPacket(in: file).flatMap { try? XMPPacket(bytes: $0.bytes) }
        // A packet that does not read as XML is left alone (docs/formats/takeout.md#what-is-written-into-the-files).
        let segment = try jpeg.xmpSegment(in: file)
        let unreadableXMP = packet == nil && segment != nil
        let properties = unreadableXMP ? XMPChanges() : xmpProperties(packet, facts: facts, prefersSidecar: prefersSidecar)
        written.formUnion(properties.names)
        guard !written.isEmpty else { return (nil, written) }
        let xmp = properties.list.isEmpty ? nil : try XMPDescriptiveWriter.packet(existing: packet, setting: properties.list)
        let newTIFF = written.contains("date") || written.contains("place") ? tiff.bytes : nil
        let header = try jpeg.headerReplacingMetadata(tiff: newTIFF, xmp: xmp, in: file)
        let content = SplicedFile(pieces: [.bytes(header), .copy(file, offset: jpeg.scanOffset, length: file.size - jpeg.scanOffset)])
        return (Plan(content: content), written)
    }

    /// A HEIC in two steps: the Exif item (rewritten into a new `mdat` at the end, or added), then, on the file that
    /// step makes, the primary image's XMP item (the same).
    ///
    /// A HEIC Motion Photo's video box must stay last, and Samsung's `mpv2` record points at it by offset, so nothing
    /// may be appended or moved: it gets only the XMP properties that fit in its XMP item's padding, written in place.
    static func heic(_ file: RandomAccessFile, facts: Facts, prefersSidecar: Bool) throws(FormatError) -> (Plan?, Set<String>) {
        let isMotionPhoto = try HEIFFile(file: file).hasMotionPhotoBoxes
        let exif = isMotionPhoto ? (edit: nil, written: []) : try exifItemEdit(file, facts: facts, prefersSidecar: prefersSidecar)
        var content = SplicedFile(pieces: [.copy(file, offset: 0, length: file.size)])
        if let edit = exif.edit { content = spliced(file, edit) }
        let current = exif.edit == nil ? file : content.asFile(named: file.path)
        let xmp = try xmpItemEdit(current, facts: facts, prefersSidecar: prefersSidecar, inPlaceOnly: isMotionPhoto)
        if let edit = xmp.edit { content = spliced(current, edit).flattened() }
        guard exif.edit != nil || xmp.edit != nil else { return (nil, []) }
        // A Motion Photo's packet written over its old one, in place: the file keeps its size and every other byte.
        var patches: [(offset: Int64, bytes: [UInt8])]?
        if isMotionPhoto, let edit = xmp.edit, edit.replacements.allSatisfy({ $0.length == Int64($0.bytes.count) }) {
            patches = edit.replacements.map { (offset: $0.offset, bytes: $0.bytes) }
        }
        return (Plan(content: content, patches: patches), exif.written.union(xmp.written))
    }

    /// `source` with `edit` made: its replacements written over the ranges they replace, then the bytes it appends.
    static func spliced(_ source: RandomAccessFile, _ edit: HEIFItemRewrite) -> SplicedFile {
        var out = SplicedFile()
        var position: Int64 = 0
        for (offset, length, bytes) in edit.replacements where offset >= position {
            out.pieces.append(.copy(source, offset: position, length: offset - position))
            out.append(bytes)
            position = offset + length
        }
        out.pieces.append(.copy(source, offset: position, length: source.size - position))
        out.append(edit.appended)
        return out
    }

    /// The edit that gives the HEIC's Exif item the facts' date and place (an item added when there is none), and what
    /// it writes; no edit when nothing is missing.
    static func exifItemEdit(_ file: RandomAccessFile, facts: Facts, prefersSidecar: Bool) throws(FormatError)
        -> (edit: HEIFItemRewrite?, written: Set<String>)
    {
        let heif = try HEIFFile(file: file)
        let payload = try heif.exifItem.map { item throws(FormatError) in try heif.itemData(item.id, in: file) }
        let start = payload.flatMap(HEIFFile.tiffStart(inExifItem:))
        let size = heif.primaryImageSize
        var tiffBytes = ExifTIFF.minimal(width: size?.width, height: size?.height)
        if let payload {
            guard let start else { throw FormatError(.malformed, "the Exif item holds no TIFF header") }
            tiffBytes = Array(payload[start...])
        }
        var tiff = try ExifTIFF(bytes: tiffBytes)
        let written = try stampExif(&tiff, facts: facts, prefersSidecar: prefersSidecar)
        guard !written.isEmpty else { return (nil, written) }
        if let item = heif.exifItem, let payload, let start {
            return (try heif.rewritingItem(item.id, payload: Array(payload[..<start]) + tiff.bytes, fileSize: file.size), written)
        }
        let newPayload = HEIFFile.exifItemPayload(tiff: tiff.bytes)
        let (meta, _) = try HEIFMetaEditor.addingExifItem(to: heif, originalSize: file.size, payloadLength: newPayload.count)
        return (added(meta: meta, heif: heif, payload: newPayload), written)
    }

    /// The edit that gives the primary image's XMP item the caption, rating and people (an item added when there is
    /// none), and what it writes. With `inPlaceOnly`, the new packet must fit the old item's extent (taking from its
    /// whitespace padding) and is written over it; otherwise, or when the packet does not read, nothing is written.
    static func xmpItemEdit(_ file: RandomAccessFile, facts: Facts, prefersSidecar: Bool, inPlaceOnly: Bool) throws(FormatError)
        -> (edit: HEIFItemRewrite?, written: Set<String>)
    {
        let heif = try HEIFFile(file: file)
        let item = heif.primaryXMPItem
        let data = try item.map { item throws(FormatError) in try heif.itemData(item.id, in: file, limit: XMPPacket.maxSize) }
        let packet = data.flatMap { try? XMPPacket(bytes: $0) }
        // A packet that does not read as XML is left alone, as in a JPEG.
        if data != nil, packet == nil { return (nil, []) }
        let properties = xmpProperties(packet, facts: facts, prefersSidecar: prefersSidecar)
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

    /// The edits that add an item: `meta` replaced by its grown copy, the payload in a new `mdat` at the end.
    static func added(meta: [UInt8], heif: HEIFFile, payload: [UInt8]) -> HEIFItemRewrite {
        var w = ByteWriter()
        w.appendMediaData(payload)
        return HEIFItemRewrite(replacements: [(heif.metaHeader.offset, heif.metaHeader.size, meta)], appended: w.bytes)
    }

    /// Puts the date and the place into `tiff` where the file lacks them (or always, with `prefersSidecar`).
    /// - Returns: "date" and/or "place", for what changed.
    static func stampExif(_ tiff: inout ExifTIFF, facts: Facts, prefersSidecar: Bool) throws(FormatError) -> Set<String> {
        var written: Set<String> = []
        if let seconds = facts.validCaptureSeconds, tiff.dateTimeOriginal == nil || prefersSidecar {
            // The file's own offset when it states one, so the clock stays local; else UTC, an exact instant.
            let offset = tiff.statedOffset ?? 0
            let clock = ExifDateTime(clockSeconds: seconds + Int64(offset))
            if tiff.dateTimeOriginal != clock || tiff.offsetTimeOriginal != offset {
                try tiff.setCaptureTime(clock, offset: offset)
                written.insert("date")
            }
        }
        if let place = facts.place, !(place.latitude == 0 && place.longitude == 0), !tiff.hasGPSPosition || prefersSidecar {
            try tiff.setGPSPosition(place)
            written.insert("place")
        }
        return written
    }

    /// The XMP properties to write, and the names ``plan(_:facts:prefersSidecar:)`` reports for them.
    struct XMPChanges {
        var list: [XMPDescriptiveWriter.Property] = []
        var names: Set<String> = []
    }

    /// The XMP properties to write: the caption, the title, the keywords and the people where the packet lacks them (or
    /// always, with `prefersSidecar`), a rating of 5 for a favourite only where the packet has no rating.
    static func xmpProperties(_ packet: XMPPacket?, facts: Facts, prefersSidecar: Bool) -> XMPChanges {
        func has(_ namespace: String, _ name: String) -> Bool { packet.map { XMPDescriptiveWriter.has($0, namespace, name) } ?? false }
        var changes = XMPChanges()
        if let text = facts.description?.trimmingSpaces(newlines: true), !text.isEmpty,
            !has(XMPDescriptiveWriter.dublinCoreNamespace, "description") || prefersSidecar
        {
            changes.list.append(.description(text))
            changes.names.insert("description")
        }
        if let text = facts.title?.trimmingSpaces(newlines: true), !text.isEmpty,
            !has(XMPDescriptiveWriter.dublinCoreNamespace, "title") || prefersSidecar
        {
            changes.list.append(.title(text))
            changes.names.insert("title")
        }
        let keywords = facts.keywords.map { $0.trimmingSpaces(newlines: true) }.filter { !$0.isEmpty }
        if !keywords.isEmpty, !has(XMPDescriptiveWriter.dublinCoreNamespace, "subject") || prefersSidecar {
            changes.list.append(.keywords(keywords))
            changes.names.insert("keywords")
        }
        if facts.favorited, !has(XMPDescriptiveWriter.basicNamespace, "Rating") {
            changes.list.append(.rating(5))
            changes.names.insert("rating")
        }
        let people = facts.people.map { $0.trimmingSpaces(newlines: true) }.filter { !$0.isEmpty }
        if !people.isEmpty, !has(XMPDescriptiveWriter.iptcExtensionNamespace, "PersonInImage") || prefersSidecar {
            changes.list.append(.people(people))
            changes.names.insert("people")
        }
        return changes
    }
}

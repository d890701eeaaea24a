extension MotionPhotoXMP {
    /// `packet` with its `Container:Directory` items' `Length` and `Padding` set to `spans` (one per item, in order),
    /// each value rewritten where it is written (attribute or element); every other byte of the packet stays. A value
    /// that is missing and must become non-zero is added as an attribute of the item, with the prefix its `Mime`
    /// uses (docs/formats/motion-photo.md#mending-the-directory).
    /// - Throws: ``FormatError`` (unsupported) when the packet has no directory, `spans` does not list every item, or
    ///   a missing value cannot be added.
    public static func packet(_ packet: XMPPacket, settingDirectory spans: [(length: Int64, padding: Int64)]) throws(FormatError) -> [UInt8]
    {
        let rdf = XMPPacket.rdfNamespace
        guard let seq = directoryElement(packet)?.child(rdf, "Seq") else {
            throw FormatError(.unsupported, "the XMP has no Container:Directory to rewrite")
        }
        let holders = seq.children.filter { $0.namespace == rdf && $0.localName == "li" }.map { $0.child(containerNamespace, "Item") ?? $0 }
        guard holders.count == spans.count else {
            throw FormatError(.unsupported, "the XMP directory lists \(holders.count) items, not \(spans.count)")
        }
        let bytes = packet.bytes
        var edits: [(range: Range<Int>, text: [UInt8])] = []
        for (holder, span) in zip(holders, spans) {
            for (name, value) in [("Length", span.length), ("Padding", span.padding)] {
                let digits = Array(String(value).utf8)
                if let attribute = holder.attribute(itemNamespace, name) {
                    let written = bytes[attribute.range]
                    guard let equals = written.firstIndex(of: 0x3D) else { continue }
                    edits.append((attribute.range, Array(bytes[attribute.range.lowerBound..<equals]) + Array("=\"".utf8) + digits + [0x22]))
                } else if let element = holder.child(itemNamespace, name), let end = element.endTagStart {
                    edits.append((element.startTagEnd..<end, digits))
                } else if value != 0 {
                    guard let mime = holder.attribute(itemNamespace, "Mime") else {
                        throw FormatError(.unsupported, "a directory item has no \(name) and no Mime attribute to add it beside")
                    }
                    let written = bytes[mime.range]
                    let colon = written.firstIndex(of: 0x3A) ?? mime.range.lowerBound
                    let prefix = Array(bytes[mime.range.lowerBound..<colon])
                    let attribute = [0x20] + prefix + Array(":\(name)=\"".utf8) + digits + [0x22]
                    edits.append((mime.range.upperBound..<mime.range.upperBound, attribute))
                }
            }
        }
        var out = bytes
        // From the end, so that each range still holds; two insertions at one place keep their order.
        let ordered = edits.enumerated().sorted { ($0.element.range.lowerBound, $0.offset) > ($1.element.range.lowerBound, $1.offset) }
        for (_, edit) in ordered { out.replaceSubrange(edit.range, with: edit.text) }
        return out
    }
}

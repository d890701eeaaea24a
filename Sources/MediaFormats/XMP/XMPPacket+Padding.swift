extension XMPPacket {
    /// `packet` made exactly `length` bytes long by taking from, or adding spaces to, the whitespace padding writers
    /// leave at its end (before `<?xpacket end`, or after the root element when there is no trailer), so that it can
    /// be written over the old packet without moving anything (docs/formats/takeout.md#what-is-written-into-the-files).
    /// - Returns: nil when the padding is too short to give up the bytes needed.
    public static func resized(_ packet: [UInt8], to length: Int) -> [UInt8]? {
        guard length >= 0 else { return nil }
        let trailer = Array("<?xpacket end".utf8)
        var anchor = packet.count
        if packet.count >= trailer.count {
            for start in stride(from: packet.count - trailer.count, through: 0, by: -1)
            where packet[start..<start + trailer.count].elementsEqual(trailer) {
                anchor = start
                break
            }
        }
        if packet.count <= length {
            var out = packet
            out.insert(contentsOf: [UInt8](repeating: 0x20, count: length - packet.count), at: anchor)
            return out
        }
        let excess = packet.count - length
        var padding = 0
        while padding < anchor, [0x20, 0x0A, 0x0D, 0x09].contains(packet[anchor - padding - 1]) { padding += 1 }
        guard padding >= excess else { return nil }
        var out = packet
        out.removeSubrange(anchor - excess..<anchor)
        return out
    }
}

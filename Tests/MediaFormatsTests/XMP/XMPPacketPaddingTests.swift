import MediaFormats
import Testing

/// A packet fitted to its old length by its whitespace padding (docs/formats/takeout.md#what-is-written-into-the-files).
@Suite("XMP packet padding")
struct XMPPacketPaddingTests {
    @Test("padding before the trailer gives up or takes bytes; too little padding is no fit")
    func resizes() {
        let packet = Array("<x:xmpmeta/>\n          \n<?xpacket end=\"w\"?>".utf8)
        let shorter = XMPPacket.resized(packet, to: packet.count - 5)
        #expect(shorter.map { String(decoding: $0, as: UTF8.self) } == "<x:xmpmeta/>\n      <?xpacket end=\"w\"?>")
        let longer = XMPPacket.resized(packet, to: packet.count + 3)
        #expect(longer?.count == packet.count + 3)
        #expect(longer.map { String(decoding: $0, as: UTF8.self).hasSuffix("   <?xpacket end=\"w\"?>") } == true)
        #expect(XMPPacket.resized(packet, to: packet.count - 13) == nil)
        // Without a trailer, the padding at the end.
        let bare = Array("<x:xmpmeta/>    ".utf8)
        #expect(XMPPacket.resized(bare, to: 13) == Array("<x:xmpmeta/> ".utf8))
    }
}

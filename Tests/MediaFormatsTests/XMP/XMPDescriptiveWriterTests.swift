import MediaFormats
import Testing

/// Caption, rating and people written into XMP packets (docs/formats/takeout.md#what-is-written-into-the-files).
@Suite("XMP descriptive properties")
struct XMPDescriptiveWriterTests {
    @Test("a new packet holds the three properties, escaped")
    func newPacket() throws {
        let bytes = try XMPDescriptiveWriter.packet(
            existing: nil, setting: [.description("Fish & <chips> \"here\"\u{1}"), .rating(5), .people(["Zoë", "李雷"])])
        let packet = try XMPPacket(bytes: bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("Fish &amp; &lt;chips&gt; &quot;here&quot;</rdf:li>"))
        #expect(packet.property(XMPDescriptiveWriter.basicNamespace, "Rating") == "5")
        #expect(XMPDescriptiveWriter.has(packet, XMPDescriptiveWriter.iptcExtensionNamespace, "PersonInImage"))
        #expect(text.contains("<rdf:li>Zoë</rdf:li><rdf:li>李雷</rdf:li>"))
    }

    @Test("an existing packet keeps its bytes; a replaced property is blanked")
    func existingPacket() throws {
        let old = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
            <rdf:Description rdf:about="" xmlns:GCamera="http://ns.google.com/photos/1.0/camera/" GCamera:MotionPhoto="1" \
            xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:description><rdf:Alt><rdf:li xml:lang="x-default">old</rdf:li>\
            </rdf:Alt></dc:description></rdf:Description></rdf:RDF></x:xmpmeta>
            """
        let packet = try XMPPacket(bytes: Array(old.utf8))
        let bytes = try XMPDescriptiveWriter.packet(existing: packet, setting: [.description("new"), .rating(5)])
        let text = String(decoding: bytes, as: UTF8.self)
        let new = try XMPPacket(bytes: bytes)
        #expect(!text.contains(">old<"))
        #expect(text.contains("GCamera:MotionPhoto=\"1\""))
        #expect(text.contains("<dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">new</rdf:li>"))
        #expect(new.property("http://ns.google.com/photos/1.0/camera/", "MotionPhoto") == "1")
        #expect(new.property(XMPDescriptiveWriter.basicNamespace, "Rating") == "5")
        #expect(text.hasPrefix(String(old.prefix(200))))
    }
}

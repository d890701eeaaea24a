import MediaFormats
import Testing

/// A Motion Photo's directory lengths rewritten where they are written (docs/formats/motion-photo.md#mending-the-directory).
@Suite("Motion Photo directory edit")
struct MotionPhotoDirectoryEditTests {
    static let head = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
        <rdf:Description rdf:about="" xmlns:GCamera="http://ns.google.com/photos/1.0/camera/" \
        xmlns:Container="http://ns.google.com/photos/1.0/container/" xmlns:I="http://ns.google.com/photos/1.0/container/item/" \
        GCamera:MotionPhoto="1"><Container:Directory><rdf:Seq>
        """
    static let tail = "</rdf:Seq></Container:Directory></rdf:Description></rdf:RDF></x:xmpmeta>"

    func directory(_ bytes: [UInt8]) throws -> [MotionPhotoXMP.Item] { try MotionPhotoXMP(packet: XMPPacket(bytes: bytes)).directory }

    @Test("attribute form, element form and a missing Length: every other byte stays")
    func forms() throws {
        let text =
            Self.head + """
                <rdf:li rdf:parseType="Resource"><Container:Item I:Mime="image/jpeg" I:Semantic="Primary" I:Length="0" I:Padding="67"/></rdf:li>\
                <rdf:li rdf:parseType="Resource"><Container:Item I:Mime="image/jpeg" I:Semantic="GainMap"><I:Length>500</I:Length></Container:Item></rdf:li>\
                <rdf:li rdf:parseType="Resource"><Container:Item I:Mime="video/mp4" I:Semantic="MotionPhoto"/></rdf:li>
                """ + Self.tail
        let packet = try XMPPacket(bytes: Array(text.utf8))
        let edited = try MotionPhotoXMP.packet(packet, settingDirectory: [(0, 12), (500, 0), (123_456, 191)])
        let items = try directory(edited)
        #expect(items.map(\.length) == [0, 500, 123_456] && items.map(\.padding) == [12, 0, 191])
        let out = String(decoding: edited, as: UTF8.self)
        #expect(out.contains("I:Mime=\"video/mp4\" I:Length=\"123456\" I:Padding=\"191\" I:Semantic"))
        #expect(out.contains("<I:Length>500</I:Length>") && out.hasPrefix(Self.head) && out.hasSuffix(Self.tail))
    }

    @Test("a directory of another length than the spans, or none, is refused")
    func refused() throws {
        let none = try XMPPacket(bytes: Array((Self.head + Self.tail).utf8))
        #expect(throws: FormatError.self) { try MotionPhotoXMP.packet(none, settingDirectory: [(0, 0)]) }
    }
}

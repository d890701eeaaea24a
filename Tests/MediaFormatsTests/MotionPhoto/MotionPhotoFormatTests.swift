import Foundation
import MediaFormats
import TestSupport
import Testing

@Suite("XMP, Motion Photo directories, Samsung trailers")
struct MotionPhotoFormatTests {
    static func packet(_ text: String) throws -> XMPPacket { try XMPPacket(bytes: Array(text.utf8)) }

    static let elementForm = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about="" xmlns:Cam="http://ns.google.com/photos/1.0/camera/"
          xmlns:C="http://ns.google.com/photos/1.0/container/" xmlns:I="http://ns.google.com/photos/1.0/container/item/">
          <Cam:MotionPhoto>1</Cam:MotionPhoto>
          <Cam:MotionPhotoPresentationTimestampUs> 1500000 </Cam:MotionPhotoPresentationTimestampUs>
          <C:Directory><rdf:Seq>
            <rdf:li rdf:parseType="Resource"><I:Mime>image/jpeg</I:Mime><I:Semantic>Primary</I:Semantic><I:Padding>0</I:Padding></rdf:li>
            <rdf:li rdf:parseType="Resource"><I:Mime>image/jpeg</I:Mime><I:Semantic>GainMap</I:Semantic><I:Length>300</I:Length></rdf:li>
            <rdf:li rdf:parseType="Resource"><I:Mime>video/mp4</I:Mime><I:Semantic>MotionPhoto</I:Semantic><I:Length>1000</I:Length></rdf:li>
          </rdf:Seq></C:Directory>
        </rdf:Description></rdf:RDF></x:xmpmeta>
        """

    @Test("properties are found by namespace URI, as attributes or as elements, whatever the prefix")
    func namespaces() throws {
        let xmp = try MotionPhotoXMP(packet: Self.packet(Self.elementForm))
        #expect(xmp.isMotionPhoto)
        #expect(xmp.presentationTimestampUs == 1_500_000)
        #expect(xmp.directory.map(\.semantic) == ["Primary", "GainMap", "MotionPhoto"])
        #expect(xmp.directory.map(\.length) == [0, 300, 1000])
        let attributes = try Self.packet(
            #"<a xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:G="http://ns.google.com/photos/1.0/camera/" G:MicroVideo="1" G:MicroVideoOffset="2582" G:MicroVideoPresentationTimestampUs="-1" G:Note="a &amp; b &#x41;"/></a>"#
        )
        let micro = try MotionPhotoXMP(packet: attributes)
        #expect(micro.isMicroVideo && micro.microVideoOffset == 2582 && micro.presentationTimestampUs == nil)
        #expect(attributes.property(MotionPhotoXMP.cameraNamespace, "Note") == "a & b A")
    }

    @Test("Google's rule: items from the end of the file backwards; padding only on the primary")
    func directoryWalk() throws {
        let xmp = try MotionPhotoXMP(packet: Self.packet(Self.elementForm))
        let (video, primaryEnd) = try MotionPhotoFile.walkDirectory(xmp.directory, fileSize: 10_000)
        #expect(video == MotionPhotoFile.Span(offset: 9000, length: 1000))
        #expect(primaryEnd == 8700)
        let padded = [
            MotionPhotoXMP.Item(mime: "image/heic", semantic: "Primary", length: 0, padding: 16),
            MotionPhotoXMP.Item(mime: "video/mp4", semantic: "MotionPhoto", length: 28803, padding: 0),
        ]
        let (v2, end2) = try MotionPhotoFile.walkDirectory(padded, fileSize: 57672)
        #expect(v2.offset == 57672 - 28803 && end2 == 57672 - 28803 - 16)
        #expect(throws: FormatError.self) {
            try MotionPhotoFile.walkDirectory(
                [padded[0], .init(mime: "video/mp4", semantic: "MotionPhoto", length: 90_000, padding: 0)], fileSize: 57672)
        }
    }

    @Test(
        "malformed XMP is an error that says what is wrong",
        arguments: [
            ("<a><b></a>", "closes"),
            ("<a x='1' x='2'/>", "twice"),
            ("<p:a/>", "not declared"),
            ("<!DOCTYPE a [<!ENTITY x 'y'>]><a/>", "document type"),
            ("<a>&bogus;</a>", "unknown entity"),
            ("<a b=1/>", "not quoted"),
            ("<a><b>", "not closed"),
            ("", "no element"),
            (String(repeating: "<a>", count: 100), "nested"),
        ])
    func malformed(_ text: String, _ expected: String) throws {
        do {
            _ = try Self.packet(text)
            Issue.record("accepted \(text)")
        } catch let error as FormatError {
            #expect(error.description.contains(expected), "\(error)")
        }
    }

    @Test("a bad number in the Motion Photo properties is an error")
    func badNumbers() throws {
        let text = Self.elementForm.replacingOccurrences(of: "<I:Length>1000</I:Length>", with: "<I:Length>-5</I:Length>")
        #expect(throws: FormatError.self) { try MotionPhotoXMP(packet: Self.packet(text)) }
        let offset =
            #"<a xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:G="http://ns.google.com/photos/1.0/camera/" G:MicroVideoOffset="lots"/></a>"#
        #expect(throws: FormatError.self) { try MotionPhotoXMP(packet: Self.packet(offset)) }
    }

    @Test("blanking keeps the packet's length, parses again, and keeps a gain map's directory entry")
    func blanking() throws {
        let packet = try Self.packet(Self.elementForm)
        let blanked = MotionPhotoXMP.blankingMotionProperties(in: packet)
        #expect(blanked.count == packet.bytes.count)
        let again = try MotionPhotoXMP(packet: XMPPacket(bytes: blanked))
        #expect(!again.isMotionPhoto && again.presentationTimestampUs == nil)
        #expect(again.directory.map(\.semantic) == ["Primary", "GainMap"])
    }

    @Test("the writer adds the properties to an existing packet (self-closing Description too) and to none")
    func writer() throws {
        for existing in [
            nil, try Self.packet(Self.elementForm),
            try Self.packet(
                #"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:CreatorTool="18.2"/></rdf:RDF></x:xmpmeta>"#
            ),
        ] {
            let bytes = try MotionPhotoXMPWriter.packet(
                existing: existing, primaryMime: "image/heic", primaryPadding: 8, videoLength: 4242, timestampUs: 900_000)
            let packet = try XMPPacket(bytes: bytes)
            let xmp = try MotionPhotoXMP(packet: packet)
            #expect(xmp.isMotionPhoto && xmp.motionPhotoVersion == 1 && xmp.presentationTimestampUs == 900_000)
            let gainMap: [MotionPhotoXMP.Item] =
                existing?.bytes.count ?? 0 > 700 ? [.init(mime: "image/jpeg", semantic: "GainMap", length: 300, padding: 0)] : []
            #expect(
                xmp.directory
                    == [.init(mime: "image/heic", semantic: "Primary", length: 0, padding: 8)] + gainMap + [
                        .init(mime: "video/mp4", semantic: "MotionPhoto", length: 4242, padding: 0)
                    ])
            if existing?.bytes.count ?? 0 < 700, existing != nil {
                #expect(packet.property("http://ns.adobe.com/xap/1.0/", "CreatorTool") == "18.2")
            }
        }
    }

    @Test("a kept item whose text needs entities is written escaped and reads back the same")
    func writerEscapes() throws {
        let odd = Self.elementForm.replacingOccurrences(
            of: "<I:Semantic>GainMap</I:Semantic>", with: "<I:Semantic>Gain &amp; &quot;Map&quot; &lt;1&gt;</I:Semantic>")
        let bytes = try MotionPhotoXMPWriter.packet(
            existing: try Self.packet(odd), primaryMime: "image/jpeg", primaryPadding: 0, videoLength: 10, timestampUs: 0)
        let xmp = try MotionPhotoXMP(packet: XMPPacket(bytes: bytes))
        #expect(xmp.directory.map(\.semantic) == ["Primary", "Gain & \"Map\" <1>", "MotionPhoto"])
    }

    static func samsungFile(records: [(UInt16, String, [UInt8])], shiftOffsets: Int64 = 0) -> [UInt8] {
        SamsungTrailerBuilder.file(prefix: Array(repeating: 0xAA, count: 100), records: records, shiftOffsets: shiftOffsets)
    }

    @Test("the SEF trailer: records located from SEFH; HEIC mpv2 read big-endian; offsets outside the file refused")
    func samsungTrailer() throws {
        let ws = try Workspace()
        let mpv2: [UInt8] = Array("mpv2".utf8) + [0, 6, 0xE6, 0xBC, 0, 0x31, 0x3B, 0x65]
        let path = try ws.write(
            Self.samsungFile(records: [(0x0A01, "Image_UTC_Data", Array("1608199394872".utf8)), (0x0A30, "MotionPhoto_Data", mpv2)]),
            to: "t.bin")
        let file = try RandomAccessFile(path: path)
        let trailer = try SamsungTrailer(file: file, endingAt: file.size)
        #expect(trailer.records.map(\.name) == ["Image_UTC_Data", "MotionPhoto_Data"])
        #expect(trailer.start == 100)
        let location = try #require(try trailer.heicVideoLocation(in: file))
        #expect(location.offset == 452284 && location.length == 3226469)

        let bad = try RandomAccessFile(
            path: try ws.write(Self.samsungFile(records: [(0x0A30, "MotionPhoto_Data", mpv2)], shiftOffsets: 5_000_000), to: "bad.bin"))
        #expect {
            try SamsungTrailer(file: bad, endingAt: bad.size)
        } throws: { error in
            (error as? FormatError)?.description.contains("outside the file") == true
        }
    }

    @Test("removing MakerNote 0x0011 keeps the MakerNote's size and every other tag")
    func removeIdentifier() throws {
        var note = AppleMakerNote.empty()
        try note.setString("71DCA213-5710-4A6C-BC6D-CE6306AEB8D8", for: AppleMakerNote.contentIdentifierTag)
        try note.setString("other value here", for: 0x0020)
        let size = note.bytes.count
        #expect(try note.removeTag(AppleMakerNote.contentIdentifierTag))
        #expect(note.bytes.count == size)
        #expect(note.string(AppleMakerNote.contentIdentifierTag) == nil)
        #expect(note.string(0x0020) == "other value here")
        #expect(!note.bytes.contains(subsequence: Array("71DCA213".utf8)))
        #expect(try !note.removeTag(AppleMakerNote.contentIdentifierTag))
    }
}

extension Array where Element == UInt8 {
    func contains(subsequence: [UInt8]) -> Bool {
        guard subsequence.count <= count else { return false }
        return (0...(count - subsequence.count)).contains { self[$0..<$0 + subsequence.count].elementsEqual(subsequence) }
    }
}

import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

extension MakerFamilyTests {
    /// A JPEG whose XMP (one Description, as cameras write it) has `attributes` and a directory of `items`
    /// (semantic, mime, length), followed by `after`.
    static func motionJPEG(_ image: [UInt8], attributes: String, items: [(String, String, Int)], after: [UInt8]) throws -> [UInt8] {
        let list = items.map { semantic, mime, length in
            "<rdf:li rdf:parseType=\"Resource\"><Container:Item Item:Mime=\"\(mime)\" Item:Semantic=\"\(semantic)\" Item:Length=\"\(length)\" Item:Padding=\"0\"/></rdf:li>"
        }.joined()
        let xmp = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
            <rdf:Description rdf:about="" xmlns:GCamera="http://ns.google.com/photos/1.0/camera/" \
            xmlns:hdrgm="http://ns.adobe.com/hdr-gain-map/1.0/" xmlns:Container="http://ns.google.com/photos/1.0/container/" \
            xmlns:Item="http://ns.google.com/photos/1.0/container/item/" GCamera:MotionPhoto="1" GCamera:MotionPhotoVersion="1" \
            GCamera:MotionPhotoPresentationTimestampUs="1000000" \(attributes)><Container:Directory><rdf:Seq>\(list)\
            </rdf:Seq></Container:Directory></rdf:Description></rdf:RDF></x:xmpmeta>
            """
        return Array(image.prefix(2)) + (try JPEGFile.xmpSegment(packet: Array(xmp.utf8))) + image.dropFirst(2) + after
    }

    @Test("Ultra HDR: a directory of Primary, GainMap and MotionPhoto; split keeps the gain map with the photo and gives the MP4")
    func gainMapItem() async throws {
        let ws = try Workspace()
        let image = try Self.bytes(try await ClipStore.shared.jpeg())
        let gainMap = try Self.bytes(try await ClipStore.shared.jpeg())
        let mp4 = try Self.bytes(try await ClipStore.shared.path(ClipSpec(container: .mp4)))
        let path = ws.file("PXL_MP.jpg")
        let file = try Self.motionJPEG(
            image, attributes: "hdrgm:Version=\"1.0\"",
            items: [("Primary", "image/jpeg", 0), ("GainMap", "image/jpeg", gainMap.count), ("MotionPhoto", "video/mp4", mp4.count)],
            after: gainMap + mp4)
        try Self.write(file, path)
        let report = try await Self.inspected(path)
        #expect(report.flavor == .google)
        #expect(report.motionPhoto?.directory.map(\.semantic) == ["Primary", "GainMap", "MotionPhoto"])
        let split = try #require(try await LivePhotoSplitter.split([path], options: SplitOptions(outputDirectory: ws.file("split"))).first)
        let photo = try Self.bytes(split.photo), video = try Self.bytes(split.video)
        #expect(photo.count == file.count - mp4.count, "the photo is everything before the MP4")
        let keepsGainMap = Array(photo.suffix(gainMap.count)) == gainMap, sameMP4 = video == mp4
        #expect(keepsGainMap && sameMP4)
    }

    /// An Ultra HDR JPEG as libultrahdr lays it out: SOI, the XMP (`hdrgm` and a directory of Primary and GainMap),
    /// the MPF index in APP2 (the primary's size; the gain map's offset from the index's TIFF header), the image, and
    /// the gain map JPEG after it.
    static func ultraHDR(_ image: [UInt8], gainMap: [UInt8]) throws -> [UInt8] {
        let xmp = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
            <rdf:Description rdf:about="" xmlns:hdrgm="http://ns.adobe.com/hdr-gain-map/1.0/" \
            xmlns:Container="http://ns.google.com/photos/1.0/container/" xmlns:Item="http://ns.google.com/photos/1.0/container/item/" \
            hdrgm:Version="1.0"><Container:Directory><rdf:Seq>\
            <rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="Primary" Item:Mime="image/jpeg"/></rdf:li>\
            <rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="GainMap" Item:Mime="image/jpeg" Item:Length="\(gainMap.count)"/></rdf:li>\
            </rdf:Seq></Container:Directory></rdf:Description></rdf:RDF></x:xmpmeta>
            """
        let xmpSegment = try JPEGFile.xmpSegment(packet: Array(xmp.utf8))
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        // TIFF header, an IFD of three entries, then two 16-byte MP entries.
        func mpf(primarySize: Int, gainMapOffset: Int) -> [UInt8] {
            var t: [UInt8] = Array("MM".utf8) + be16(42) + be32(8) + be16(3)
            t += be16(0xB000) + be16(7) + be32(4) + Array("0100".utf8)
            t += be16(0xB001) + be16(4) + be32(1) + be32(2)
            t += be16(0xB002) + be16(7) + be32(32) + be32(8 + 2 + 36 + 4)
            t += be32(0)
            t += be32(0x030000) + be32(primarySize) + be32(0) + be16(0) + be16(0)
            t += be32(0) + be32(gainMap.count) + be32(gainMapOffset) + be16(0) + be16(0)
            let payload = MultiPictureFormat.signature + t
            return [0xFF, 0xE2] + be16(payload.count + 2) + payload
        }
        let app2Size = mpf(primarySize: 0, gainMapOffset: 0).count
        let primarySize = image.count + xmpSegment.count + app2Size
        let app2At = 2 + xmpSegment.count
        let app2 = mpf(primarySize: primarySize, gainMapOffset: primarySize - (app2At + 8))
        return Array(image.prefix(2)) + xmpSegment + app2 + image.dropFirst(2) + gainMap
    }

    @Test(
        "Ultra HDR stays Ultra HDR: --to motion and back keep the gain map where MPF says (exiftool's MPImage2), and list it in the directory"
    )
    func ultraHDRKept() async throws {
        let ws = try Workspace()
        let image = try Self.bytes(try await ClipStore.shared.jpeg())
        let gainMap = try Self.bytes(try await ClipStore.shared.jpeg(width: 96, height: 54))
        let photo = ws.file("PXL.jpg")
        try Self.write(try Self.ultraHDR(image, gainMap: gainMap), photo)
        // MPF's second image is the gain map, and its first (the primary) is as long as the bytes before the gain map.
        func gainMapByMPF(_ path: String) async throws -> Bool {
            let r = try await Tool.run("exiftool", ["-b", "-MPImage2", path])
            let lengths = try await Tool.run("exiftool", ["-a", "-s3", "-MPImageStart", path]).stdout.split(separator: "\n")
            let file = try Self.bytes(path)
            guard let start = lengths.last.flatMap({ Int($0) }), start + gainMap.count <= file.count else { return false }
            let primary = try await Tool.run("exiftool", ["-a", "-s3", "-MPImageLength", path]).stdout.split(separator: "\n").first
            return [UInt8](r.stdoutData) == gainMap && Array(file[start..<start + gainMap.count]) == gainMap
                && primary.flatMap { Int($0) } == start
        }
        #expect(try await gainMapByMPF(photo), "the built file itself")
        let clip = try await ClipStore.shared.path(ClipSpec(audio: true))
        for flavor in [MotionConversionOptions.Flavor.google, .oppo] {
            let motion = try await LivePhotoConverter.toMotionPhoto(
                photo: photo, movie: clip, options: MotionConversionOptions(outputDirectory: ws.file("mp-\(flavor)"), flavor: flavor))
            #expect(try await gainMapByMPF(motion.output), "\(flavor): MPF finds the gain map after the XMP grew")
            let report = try await Self.inspected(motion.output)
            #expect(report.motionPhoto?.directory.map(\.semantic) == ["Primary", "GainMap", "MotionPhoto"], "\(flavor)")
            let back = try await LivePhotoConverter.toLivePhoto(
                motion.output, options: MakeOptions(outputDirectory: ws.file("live-\(flavor)")))
            #expect(try await gainMapByMPF(try #require(back.photo)), "\(flavor): the Live Photo's still keeps it too")
        }
    }

    @Test(
        "bad input: OPPO's VideoLength past the video item is noted and the boxes are used; a LIVE_ tail and an XMP directory that disagree are a problem"
    )
    func disagreeingMarks() async throws {
        let ws = try Workspace()
        let image = try Self.bytes(try await ClipStore.shared.jpeg())
        let mp4 = try Self.bytes(try await ClipStore.shared.path(ClipSpec(container: .mp4)))
        let oppo = ws.file("oppo.jpg")
        try Self.write(
            try Self.motionJPEG(
                image, attributes: "xmlns:OpCamera=\"http://ns.oplus.com/photos/1.0/camera/\" OpCamera:VideoLength=\"\(mp4.count + 5000)\"",
                items: [("Primary", "image/jpeg", 0), ("MotionPhoto", "video/mp4", mp4.count)], after: mp4), oppo)
        let report = try await Self.inspected(oppo)
        #expect(report.flavor == .oppo && report.motionPhoto?.videoLength == Int64(mp4.count))
        #expect(report.motionPhoto?.notes.contains { $0.contains("VideoLength") } == true)

        // A HUAWEI tail after a file whose XMP directory counts the tail in the video: the two rules disagree.
        let both = ws.file("both.jpg")
        let tail = Self.field("v6_f10") + Self.field("0:300") + Self.field("LIVE_\(mp4.count + 20)")
        try Self.write(
            try Self.motionJPEG(
                image, attributes: "", items: [("Primary", "image/jpeg", 0), ("MotionPhoto", "video/mp4", mp4.count + 30)],
                after: mp4 + tail),
            both)
        let mixed = try await Self.inspected(both)
        #expect(mixed.flavor == .huawei)
        #expect(mixed.problems.contains { $0.contains("LIVE_") && $0.contains("Google") }, "\(mixed.problems)")
    }
}

import Foundation
import MediaFormats
import TestSupport
import Testing

/// The dump behind `inspect --boxes`: every box, headers only, never stopped by a bad one.
@Suite("box walker", .needsSamples)
struct BoxWalkerTests {
    @Test("the real iPhone movie: every box inside its parent, the declared ones with their fields")
    func realMovie() throws {
        let file = try RandomAccessFile(path: ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV"))
        let boxes = try BoxWalker.walk(file)
        #expect(boxes.prefix(3).map(\.type) == ["wide", "mdat", "moov"])
        #expect(boxes.allSatisfy { $0.problem == nil })
        let tracks = try Movie(file: file).tracks.count
        #expect(boxes.filter { $0.type == "trak" }.count == tracks)
        let mvhd = try #require(boxes.first { $0.type == "mvhd" })
        #expect(mvhd.depth == 1 && mvhd.fields.contains(BoxField(name: "timescale", value: "600")))
        #expect(boxes.contains { $0.type == "keys" && $0.depth == 2 })  // QuickTime's meta, no version and flags
        // Each box lies inside the last box before it that is one level up.
        for (i, box) in boxes.enumerated() where box.depth > 0 {
            let parent = try #require(boxes[..<i].last { $0.depth == box.depth - 1 })
            #expect(box.offset >= parent.offset && box.offset + box.size <= parent.offset + parent.size)
        }
    }

    @Test("a cut HEIC lists what there is, the cut box with its problem; a part of a file is walked alone")
    func truncatedAndRange() throws {
        let ws = try Workspace()
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC"))))
        let cut = try ws.write(Array(bytes.prefix(5000)), to: "cut.heic")
        let boxes = try BoxWalker.walk(RandomAccessFile(path: cut))
        let meta = try #require(boxes.first { $0.type == "meta" })
        #expect(meta.size == 4956 && meta.problem?.contains("claims 31208 bytes") == true)
        #expect(boxes.contains { $0.type == "infe" && $0.fields.contains(BoxField(name: "item type", value: "'hvc1'")) })
        #expect(boxes.last?.problem != nil)

        let motion = ProjectPaths.sample("libmphoto_motion_photo_v1_synthetic.jpg")
        let video = try #require(try MotionPhotoFile(file: RandomAccessFile(path: motion)).video)
        let inner = try BoxWalker.walk(RandomAccessFile(path: motion), range: video.offset..<video.end)
        #expect(inner.first?.type == "ftyp" && inner.first?.offset == video.offset)
    }

    @Test("bounds: a box count past the limit, nesting past the depth, garbage between boxes")
    func bounds() throws {
        let ws = try Workspace()
        var w = ByteWriter()
        for _ in 0..<50 { w.appendBox("free", payload: []) }
        let many = try BoxWalker.walk(RandomAccessFile(path: try ws.write(w.bytes, to: "many.mp4")), maxBoxes: 10)
        #expect(many.count == 10 && many.last?.problem?.contains("only the first 10") == true)

        var nested: [UInt8] = []
        for _ in 0..<100 { nested = BoxHeader.encoded("moov", payloadSize: UInt64(nested.count)) + nested }
        let deep = try BoxWalker.walk(RandomAccessFile(path: try ws.write(nested, to: "deep.mov")), maxDepth: 16)
        #expect(deep.count == 17 && deep.map(\.depth).max() == 16)

        let garbage = BoxHeader.encoded("free", payloadSize: 0) + [0xFF, 0xFF, 0xFF, 0xFF] + Array("junk".utf8) + [1, 2, 3]
        let listed = try BoxWalker.walk(RandomAccessFile(path: try ws.write(garbage, to: "garbage.mov")))
        #expect(listed.map(\.type) == ["free", "junk"])
        #expect(listed[1].problem?.contains("claims 4294967295 bytes") == true)
    }
}

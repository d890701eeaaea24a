import Foundation
import MediaFormats
import TestSupport
import Testing

/// The `meta` edit that adds an item, on HEICs whose numbers are at the edge of their fields.
@Suite("HEIF meta editing at the limits")
struct HEIFEditTests {
    /// A HEIC made by heif-enc, then rewritten with its `meta` changed by `change`.
    static func heic(in ws: Workspace, name: String, change: (inout ItemLocationBox) -> Void) async throws -> String {
        let plain = ws.file("plain.heic")
        if !FileManager.default.fileExists(atPath: plain) {
            try await Tool.run("heif-enc", ["-q", "60", try await ClipStore.shared.jpeg(width: 64, height: 48), "-o", plain])
        }
        let source = try RandomAccessFile(path: plain)
        let heif = try HEIFFile(file: source)
        var iloc = try #require(heif.itemLocationBox)
        change(&iloc)
        var metaBox = heif.meta
        let ilocAtom = try iloc.encoded()
        metaBox.modifyChildren("iloc") { $0 = ilocAtom }
        let meta = metaBox.serialized()
        let bytes =
            try source.read(at: 0, count: Int(heif.metaHeader.offset)) + meta
            + source.read(at: heif.metaHeader.end, count: Int(source.size - heif.metaHeader.end))
        let path = ws.file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a base offset that the growth of meta would carry past 2^64 is an error, never a trap")
    func baseOffsetNearTheTop() async throws {
        let ws = try Workspace()
        let path = try await Self.heic(in: ws, name: "top.heic") { iloc in
            iloc.baseOffsetSize = 8
            iloc.items[0].baseOffset = UInt64.max - 4
        }
        let heif = try HEIFFile(file: RandomAccessFile(path: path))
        #expect(heif.itemLocationBox?.items[0].baseOffset == UInt64.max - 4)
        #expect {
            _ = try HEIFMetaEditor.addingExifItem(to: heif, originalSize: 1000, payloadLength: 100)
        } throws: { error in
            (error as? FormatError)?.message.contains("impossible offset") == true
        }
    }

    @Test("an item ID at 2^32 - 1 leaves no ID for a new item: an error, never a trap")
    func highestItemID() async throws {
        let ws = try Workspace()
        let path = try await Self.heic(in: ws, name: "id.heic") { iloc in
            iloc.version = 2
            iloc.items[iloc.items.count - 1].id = UInt32.max
        }
        let heif = try HEIFFile(file: RandomAccessFile(path: path))
        #expect {
            _ = try HEIFMetaEditor.addingExifItem(to: heif, originalSize: 1000, payloadLength: 100)
        } throws: { error in
            (error as? FormatError)?.message.contains("highest ID") == true
        }
    }

    @Test("an extent of length 0 runs to the end of the file; an idat offset past 2^64 is an error, never a wrap")
    func zeroLengthAndIdat() async throws {
        let ws = try Workspace()
        var start: UInt64 = 0
        let path = try await Self.heic(in: ws, name: "zero.heic") { iloc in
            start = iloc.items[0].baseOffset + iloc.items[0].extents[0].offset
            iloc.items[0].extents = [.init(offset: iloc.items[0].extents[0].offset, length: 0)]
        }
        let file = try RandomAccessFile(path: path)
        let heif = try HEIFFile(file: file)
        let id = try #require(heif.itemLocationBox?.items[0].id)
        #expect(try heif.itemData(id, in: file) == file.read(at: Int64(start), count: Int(file.size - Int64(start))))

        let wrapped = try await Self.heic(in: ws, name: "idat.heic") { iloc in
            iloc.version = 1
            iloc.baseOffsetSize = 8
            iloc.offsetSize = 8
            iloc.items[0].constructionMethod = 1
            iloc.items[0].baseOffset = UInt64.max
            iloc.items[0].extents = [.init(offset: 2, length: 1)]
        }
        let other = try RandomAccessFile(path: wrapped)
        let broken = try HEIFFile(file: other)
        #expect {
            _ = try broken.itemData(id, in: other)
        } throws: { error in
            let message = (error as? FormatError)?.message ?? ""
            return message.contains("impossible offset") || message.contains("no 'idat'") || message.contains("but there is none")
        }
    }
}

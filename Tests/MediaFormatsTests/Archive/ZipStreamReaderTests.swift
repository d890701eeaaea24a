import Foundation
import MediaFormats
import TestSupport
import Testing

/// A zip read from the front by its local headers, as a part whose directory is cut off is read.
@Suite("zip read from the front")
struct ZipStreamReaderTests {
    static let files: [(String, [UInt8])] = [
        ("a.txt", Array("hello".utf8)), ("dir/b.bin", (0..<5000).map { UInt8($0 % 251) }), ("c/café.jpg", Self.noise(70_000)),
    ]

    /// Bytes deflate cannot shrink (a linear congruential sequence's high bytes).
    static func noise(_ count: Int) -> [UInt8] {
        var state: UInt32 = 12345
        return (0..<count).map { _ in
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: state >> 24)
        }
    }

    /// The archive Python writes: members with their sizes in the header, or (`streamed`) after their data.
    func archive(streamed: Bool, method: String) async throws -> [UInt8] {
        let ws = try Workspace()
        var inputs: [String] = []
        for (index, file) in Self.files.enumerated() { inputs.append(try ws.write(file.1, to: "in\(index)")) }
        let members = Self.files.enumerated().map { (name: $0.element.0, path: inputs[$0.offset]) }
        try await TakeoutFixture.pythonZip(members, to: ws.file("a.zip"), streamed: streamed, method: method)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: ws.file("a.zip"))))
    }

    func readAll(_ bytes: [UInt8]) throws -> [(String, [UInt8])] {
        var reader = ZipStreamReader(MemoryByteSource(bytes))
        var found: [(String, [UInt8])] = []
        while let entry = try reader.next() {
            var data: [UInt8] = []
            try reader.readData { data += $0 }
            found.append((entry.name, data))
        }
        return found
    }

    @Test("every member, its bytes checked, with the sizes in its header or in a data descriptor", arguments: [false, true])
    func readsEveryMember(streamed: Bool) async throws {
        let bytes = try await archive(streamed: streamed, method: "ZIP_DEFLATED")
        let found = try readAll(bytes)
        #expect(found.map(\.0) == Self.files.map(\.0))
        #expect(found.map(\.1) == Self.files.map(\.1))
    }

    @Test("cut short: the members before the cut, then an error naming the one cut")
    func cutShort() async throws {
        let bytes = try await archive(streamed: true, method: "ZIP_DEFLATED")
        // Cut inside the third member's data.
        let headers = (0...(bytes.count - 4)).filter { bytes[$0..<($0 + 4)].elementsEqual([0x50, 0x4B, 0x03, 0x04]) }
        let third = try #require(headers.dropFirst(2).first)
        var reader = ZipStreamReader(MemoryByteSource(Array(bytes.prefix(third + 500))))
        var names: [String] = []
        var failure: FormatError?
        do {
            while let entry = try reader.next() {
                try reader.readData { _ in }
                names.append(entry.name)
            }
        } catch let error as FormatError {
            failure = error
        }
        #expect(names == ["a.txt", "dir/b.bin"])
        #expect(failure?.description.contains("c/café.jpg") == true, "\(String(describing: failure))")
    }

    @Test("a damaged member fails its CRC; a stored member written as a stream cannot be found")
    func damaged() async throws {
        var bytes = try await archive(streamed: false, method: "ZIP_STORED")
        bytes[60] ^= 0xFF  // inside a.txt's or b.bin's data
        #expect(throws: FormatError.self) { _ = try readAll(bytes) }
        let streamedStored = try await archive(streamed: true, method: "ZIP_STORED")
        var reader = ZipStreamReader(MemoryByteSource(streamedStored))
        let first = try #require(try reader.next())
        #expect(first.hasDescriptor)
        #expect(throws: FormatError.self) { try reader.readData { _ in } }
    }
}

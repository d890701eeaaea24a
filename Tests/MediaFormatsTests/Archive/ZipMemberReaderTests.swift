import Foundation
import MediaFormats
import TestSupport
import Testing

/// `ZipMemberReader`: members of archives written by Python's zipfile stream back byte for byte, with their CRC-32
/// and size checked; a wrong checksum and a deflated member that lies about its size are errors naming the member.
@Suite("zip member reader")
struct ZipMemberReaderTests {
    static func write(_ script: String, _ path: String) async throws {
        try await Tool.run(Readers.python, ["-c", "import sys, zipfile, struct, random\n" + script, path])
    }

    /// The member `name`'s bytes, read in chunks of `chunkSize`.
    static func read(_ path: String, _ name: String, chunkSize: Int = 1000) throws -> [UInt8] {
        let file = try RandomAccessFile(path: path)
        let member = try #require(try ZipDirectory.members(of: file, maxCount: 10).first { $0.name == name })
        var bytes: [UInt8] = []
        try ZipMemberReader.read(member, of: file, chunkSize: chunkSize) { chunk in
            #expect(chunk.count <= chunkSize)
            bytes += chunk
        }
        return bytes
    }

    static let data: [UInt8] = (0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 / 300) }

    @Test("stored and deflated members read back byte for byte, in bounded chunks")
    func roundTrip() async throws {
        let ws = try Workspace()
        let source = try ws.write(Self.data, to: "data.bin")
        let path = ws.file("a.zip")
        try await Self.write(
            """
            data = open(sys.argv[1].replace('a.zip', 'data.bin'), 'rb').read()
            with zipfile.ZipFile(sys.argv[1], 'w') as z:
                z.writestr('stored.bin', data)
                z.writestr('deflated.bin', data, compress_type=zipfile.ZIP_DEFLATED)
                z.writestr('empty.bin', b'', compress_type=zipfile.ZIP_DEFLATED)
            """, path)
        _ = source
        #expect(try Self.read(path, "stored.bin") == Self.data)
        #expect(try Self.read(path, "deflated.bin") == Self.data)
        #expect(try Self.read(path, "deflated.bin", chunkSize: 1) == Self.data)
        #expect(try Self.read(path, "empty.bin").isEmpty)
    }

    @Test("a member whose CRC-32 is wrong is an error naming it")
    func wrongChecksum() async throws {
        let ws = try Workspace()
        let path = ws.file("crc.zip")
        try await Self.write(
            """
            with zipfile.ZipFile(sys.argv[1], 'w') as z:
                z.writestr('photo.jpg', b'abc' * 1000, compress_type=zipfile.ZIP_DEFLATED)
            data = bytearray(open(sys.argv[1], 'rb').read())
            central = data.rfind(b'PK\\x01\\x02')
            data[central + 16] ^= 0xFF
            data[14] ^= 0xFF
            open(sys.argv[1], 'wb').write(data)
            """, path)
        let error = try #require(throws: FormatError.self) { try Self.read(path, "photo.jpg") }
        #expect(error.message.contains("'photo.jpg'") && error.message.contains("CRC-32"))
    }

    @Test("a deflated member declaring a small size stops as soon as it expands past it (a bomb)")
    func lyingSize() async throws {
        let ws = try Workspace()
        let path = ws.file("bomb.zip")
        // 10 MB of zeros declared as 1,000 bytes, in the central directory and the local header.
        try await Self.write(
            """
            with zipfile.ZipFile(sys.argv[1], 'w') as z:
                z.writestr('bomb.bin', bytes(10_000_000), compress_type=zipfile.ZIP_DEFLATED)
            data = bytearray(open(sys.argv[1], 'rb').read())
            central = data.rfind(b'PK\\x01\\x02')
            data[central + 24:central + 28] = struct.pack('<I', 1000)
            data[22:26] = struct.pack('<I', 1000)
            open(sys.argv[1], 'wb').write(data)
            """, path)
        var received = 0
        let file = try RandomAccessFile(path: path)
        let member = try #require(try ZipDirectory.members(of: file, maxCount: 10).first)
        let error = try #require(throws: FormatError.self) {
            try ZipMemberReader.read(member, of: file) { received += $0.count }
        }
        #expect(error.message.contains("'bomb.bin'") && error.message.contains("declared size"))
        #expect(received <= 1000)
        // A ratio limit stops a member whose declared size is as large as its expansion.
        try await Self.write(
            """
            with zipfile.ZipFile(sys.argv[1], 'w') as z:
                z.writestr('ratio.bin', bytes(10_000_000), compress_type=zipfile.ZIP_DEFLATED)
            """, ws.file("ratio.zip"))
        let ratioFile = try RandomAccessFile(path: ws.file("ratio.zip"))
        let ratioMember = try #require(try ZipDirectory.members(of: ratioFile, maxCount: 10).first)
        let ratioError = try #require(throws: FormatError.self) {
            try ZipMemberReader.read(ratioMember, of: ratioFile, ratioLimit: .init(maxRatio: 200, floor: 1 << 20)) { _ in }
        }
        #expect(ratioError.message.contains("zip bomb"))
    }

    @Test("a member of several MB streams through a closure that keeps only a running checksum and count")
    func largeMemberStreams() async throws {
        let ws = try Workspace()
        let path = ws.file("large.zip")
        try await Self.write(
            """
            random.seed(7)
            data = bytes(random.getrandbits(8) for _ in range(1 << 20)) * 6
            with zipfile.ZipFile(sys.argv[1], 'w') as z:
                z.writestr('movie.mov', data, compress_type=zipfile.ZIP_DEFLATED)
            print(zipfile.crc32(data))
            """, path)
        let file = try RandomAccessFile(path: path)
        let member = try #require(try ZipDirectory.members(of: file, maxCount: 10).first)
        var checksum = CRC32()
        var count = 0
        var largest = 0
        let total = try ZipMemberReader.read(member, of: file) { chunk in
            checksum.update(chunk)
            count += chunk.count
            largest = max(largest, chunk.count)
        }
        #expect(total == 6 << 20 && count == 6 << 20)
        #expect(checksum.value == member.crc32)
        #expect(largest <= ZipMemberReader.defaultChunkSize)
    }
}

import Foundation
import MediaFormats
import TestSupport
import Testing

/// `ZipDirectory`: the central directory of archives written by Python's zipfile (an independent writer and reader)
/// and of hand-built Zip64 archives reads as Python reads it, and damaged directories are errors, never traps.
@Suite("zip directory")
struct ZipDirectoryTests {
    /// Python's own view of an archive: one line a member, tab-separated.
    static func pythonView(_ path: String) async throws -> [String] {
        let script = """
            import sys, zipfile
            for i in zipfile.ZipFile(sys.argv[1]).infolist():
                print('\\t'.join(map(str, [i.filename, i.compress_type, i.CRC, i.compress_size, i.file_size, i.header_offset])))
            """
        return try await Tool.run(Readers.python, ["-c", script, path]).stdout.split(separator: "\n").map(String.init)
    }

    static func view(_ members: [ZipMember]) -> [String] {
        members.map { m in
            let method: Int =
                switch m.compression {
                case .stored: 0
                case .deflated: 8
                case .other(let n): Int(n)
                }
            return [m.name, "\(method)", "\(m.crc32)", "\(m.compressedSize)", "\(m.uncompressedSize)", "\(m.localHeaderOffset)"]
                .joined(separator: "\t")
        }
    }

    @Test(
        "stored, deflated, folders, links, UTF-8 names, timestamps read as Python reads them; a comment that mimics the end record is no record"
    )
    func agreesWithPython() async throws {
        let ws = try Workspace()
        let path = ws.file("a.zip")
        let script = """
            import sys, zipfile, struct
            with zipfile.ZipFile(sys.argv[1], 'w') as z:
                z.writestr(zipfile.ZipInfo('IMG.pvt/'), b'')
                z.writestr(zipfile.ZipInfo('IMG.pvt/IMG.JPG', (2024, 2, 29, 13, 45, 58)), bytes(range(256)) * 40)
                z.writestr('IMG.pvt/IMG.MOV', b'moov' * 5000, compress_type=zipfile.ZIP_DEFLATED)
                link = zipfile.ZipInfo('IMG.pvt/link.JPG')
                link.create_system = 3
                link.external_attr = 0o120777 << 16
                z.writestr(link, '/etc/passwd')
                stamped = zipfile.ZipInfo('Fotos/Été.heic', (1999, 12, 31, 23, 59, 58))
                stamped.extra = struct.pack('<HHBl', 0x5455, 5, 1, 1700000000)
                z.writestr(stamped, b'x')
                if len(sys.argv) > 2:
                    z.comment = b'PK\\x05\\x06' + b'\\0' * 30
            """
        try await Tool.run(Readers.python, ["-c", script, path])
        let file = try RandomAccessFile(path: path)
        let members = try ZipDirectory.members(of: file, maxCount: 100)
        #expect(Self.view(members) == (try await Self.pythonView(path)))
        // A comment that holds an end record's signature (Python's reader takes it for the record and sees no member).
        try await Tool.run(Readers.python, ["-c", script, ws.file("commented.zip"), "comment"])
        let commented = try ZipDirectory.members(of: try RandomAccessFile(path: ws.file("commented.zip")), maxCount: 100)
        #expect(Self.view(commented) == Self.view(members))
        #expect(members.map(\.kind) == [.directory, .file, .file, .symbolicLink, .file])
        #expect(members.map(\.isEncrypted) == [false, false, false, false, false])
        // DOS dates read as UTC; the extended timestamp wins over the DOS date when present.
        #expect(members[1].modificationTime == 1_709_214_358)
        #expect(members[4].modificationTime == 1_700_000_000)
        // Each data range holds exactly the member's bytes: the stored one as written, the deflated one as Python wrote it.
        let stored = try ZipDirectory.dataRange(of: members[1], in: file)
        #expect(
            try file.read(at: stored.lowerBound, count: stored.count)
                == Array(repeating: (0...255).map { UInt8($0) }, count: 40).flatMap { $0 })
        let deflated = try ZipDirectory.dataRange(of: members[2], in: file)
        #expect(UInt64(deflated.count) == members[2].compressedSize && deflated.upperBound <= members[3].localHeaderOffset)
    }

    /// A Zip64 archive built by hand: every 32-bit field saturated, the real values in the Zip64 extra and end record.
    static let zip64Script = """
        import sys, struct, zlib
        data = b'hello, zip64'
        name = b'IMG.pvt/IMG.MOV'
        crc = zlib.crc32(data)
        local = struct.pack('<IHHHHHIIIHH', 0x04034b50, 45, 0, 0, 0, 0x21, crc, 0xFFFFFFFF, 0xFFFFFFFF, len(name), 20)
        local += name + struct.pack('<HHQQ', 1, 16, len(data), len(data)) + data
        extra = struct.pack('<HHQQQ', 1, 24, len(data), len(data), 0)
        central = struct.pack('<IHHHHHHIIIHHHHHII', 0x02014b50, 45, 45, 0, 0, 0, 0x21, crc, 0xFFFFFFFF, 0xFFFFFFFF,
                              len(name), len(extra), 0, 0, 0, 0, 0xFFFFFFFF) + name + extra
        cd_offset = len(local)
        end64_offset = cd_offset + len(central)
        end64 = struct.pack('<IQHHIIQQQQ', 0x06064b50, 44, 45, 45, 0, 0, 1, 1, len(central), cd_offset)
        locator = struct.pack('<IIQI', 0x07064b50, 0, end64_offset, 1)
        end = struct.pack('<IHHHHIIH', 0x06054b50, 0, 0, 0xFFFF, 0xFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0)
        open(sys.argv[1], 'wb').write(local + central + end64 + locator + end)
        """

    @Test("a Zip64 archive: counts, sizes and the offset come from the Zip64 end record and extra field, as Python reads them")
    func zip64() async throws {
        let ws = try Workspace()
        let path = ws.file("z64.zip")
        try await Tool.run(Readers.python, ["-c", Self.zip64Script, path])
        let file = try RandomAccessFile(path: path)
        let members = try ZipDirectory.members(of: file, maxCount: 10)
        #expect(Self.view(members) == (try await Self.pythonView(path)))
        let range = try ZipDirectory.dataRange(of: members[0], in: file)
        #expect(try file.read(at: range.lowerBound, count: range.count) == Array("hello, zip64".utf8))
    }

    @Test("empty, foreign, cut, overfull and lying directories throw FormatError naming the problem")
    func damaged() async throws {
        let ws = try Workspace()
        let good = ws.file("good.zip")
        let script = """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], 'w') as z:
                for n in range(3):
                    z.writestr(f'f{n}.JPG', bytes(100))
            """
        try await Tool.run(Readers.python, ["-c", script, good])
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: good)))
        let end = bytes.count - 22
        func patched(_ name: String, _ edit: (inout [UInt8]) -> Void) throws -> RandomAccessFile {
            var copy = bytes
            edit(&copy)
            return try RandomAccessFile(path: try ws.write(copy, to: name))
        }
        func members(_ file: RandomAccessFile, max: Int = 10) throws -> [ZipMember] { try ZipDirectory.members(of: file, maxCount: max) }
        func expectError(_ file: RandomAccessFile, _ words: String, max: Int = 10) {
            #expect {
                _ = try members(file, max: max)
            } throws: { error in
                (error as? FormatError)?.message.contains(words) == true
            }
        }

        #expect(try members(try RandomAccessFile(path: good)).count == 3)
        expectError(try RandomAccessFile(path: try ws.write([], to: "empty.zip")), "too short")
        expectError(
            try RandomAccessFile(path: try ws.write(Array(repeating: 0x41, count: 5000), to: "text.zip")), "no end of central directory")
        expectError(try RandomAccessFile(path: good), "more than the 2", max: 2)
        // A count larger than the directory holds, a directory past the file's end, a huge size, a saturated
        // field with no Zip64 locator.
        expectError(try patched("count.zip") { $0[end + 10] = 9 }, "fewer entries")
        expectError(try patched("offset.zip") { $0[end + 19] = 0x7F }, "outside")
        expectError(try patched("size.zip") { $0[end + 15] = 0x40 }, "outside")
        expectError(
            try patched("zip64.zip") {
                $0[end + 10] = 0xFF; $0[end + 11] = 0xFF
            }, "Zip64 locator")
        // A member whose local header is not where the directory says, or whose data runs past the end.
        let cut = try members(try RandomAccessFile(path: good))
        let moved = try patched("local.zip") { $0[Int(cut[1].localHeaderOffset)] = 0 }
        #expect(throws: FormatError.self) { try ZipDirectory.dataRange(of: cut[1], in: moved) }
        let short = try RandomAccessFile(path: try ws.write(Array(bytes[..<Int(cut[1].localHeaderOffset + 40)]), to: "short.zip"))
        #expect(throws: FormatError.self) { try ZipDirectory.dataRange(of: cut[1], in: short) }
    }
}

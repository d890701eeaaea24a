import Foundation
import MediaFormats
import TestSupport
import Testing

/// `StreamedZipRecords`: a zip written member after member, each CRC-32 filled into its data descriptor once the data
/// has gone by, reads back through our `ZipDirectory`, through Python's zipfile and through `unzip -t`.
@Suite("streamed zip records")
struct StreamedZipRecordsTests {
    static let time: Int64 = 1_709_214_358  // 2024-02-29 13:45:58 UTC

    @Test("members with data descriptors: our reader, Python and unzip take every one, its checksum and its time")
    func roundTrip() async throws {
        let contents: [(String, [UInt8])] = [
            ("2023/IMG_0001.MP.jpg", ZipWriterTests.noise(70_000)), ("2023/Été/IMG_0002.MOV", ZipWriterTests.noise(3, seed: 7)),
            ("empty.txt", []),
        ]
        var archive: [UInt8] = []
        var members: [StreamedZipRecords.Member] = []
        for (name, data) in contents {
            var member = StreamedZipRecords.Member(
                name: name, size: UInt64(data.count), modificationTime: Self.time, offset: UInt64(archive.count))
            var (header, descriptor) = try StreamedZipRecords.records(for: member)
            archive += header + data
            member.crc32 = CRC32.of(data)
            withUnsafeBytes(of: member.crc32.littleEndian) { descriptor.replaceSubrange(4..<8, with: $0) }
            archive += descriptor
            members.append(member)
        }
        archive += StreamedZipRecords.directory(members, at: UInt64(archive.count))
        let ws = try Workspace()
        let path = try ws.write(archive, to: "library.zip")

        let file = try RandomAccessFile(path: path)
        let read = try ZipDirectory.members(of: file, maxCount: 10)
        #expect(read.map(\.name) == contents.map(\.0))
        #expect(read.map(\.crc32) == contents.map { CRC32.of($0.1) })
        #expect(read.allSatisfy { $0.modificationTime == Self.time && $0.compression == .stored })
        for (member, (_, data)) in zip(read, contents) {
            let range = try ZipDirectory.dataRange(of: member, in: file)
            #expect(try file.read(at: range.lowerBound, count: range.count) == data)
        }
        #expect(ZipDirectoryTests.view(read) == (try await ZipDirectoryTests.pythonView(path)))
        let python = try await Tool.run(
            Readers.python, ["-c", "import sys, zipfile; assert zipfile.ZipFile(sys.argv[1]).testzip() is None", path], check: false)
        #expect(python.status == 0, "\(python.stderr)")
        let unzip = try await Tool.run("unzip", ["-tq", path], check: false)
        #expect(unzip.status == 0, "\(unzip.stdout) \(unzip.stderr)")
    }

    @Test("a member of 4 GiB or more: Zip64 sizes in its local header and descriptor; a folder or a nameless member refused")
    func zip64AndRefusals() throws {
        let big = StreamedZipRecords.Member(name: "big.mov", size: 5 << 30, modificationTime: Self.time, offset: 6 << 30)
        let (header, descriptor) = try StreamedZipRecords.records(for: big)
        #expect(Array(header[18..<26]) == [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
        #expect(descriptor.count == 24 && Array(descriptor[8..<16]) == Array(withUnsafeBytes(of: UInt64(5 << 30).littleEndian, Array.init)))
        let directory = StreamedZipRecords.directory([big], at: 12 << 30)
        #expect(directory.contains(0x06) && Array(directory.suffix(22).prefix(4)) == [0x50, 0x4B, 0x05, 0x06])
        #expect(throws: FormatError.self) {
            try StreamedZipRecords.records(for: .init(name: "a/", size: 0, modificationTime: 0, offset: 0))
        }
        #expect(throws: FormatError.self) { try StreamedZipRecords.records(for: .init(name: "", size: 0, modificationTime: 0, offset: 0)) }
        for name in ["../evil.jpg", "a/../../b.jpg", "/etc/passwd", "a\\b.jpg", "./a.jpg"] {
            #expect(throws: FormatError.self, "\(name)") {
                try StreamedZipRecords.records(for: .init(name: name, size: 1, modificationTime: 0, offset: 0))
            }
        }
    }
}

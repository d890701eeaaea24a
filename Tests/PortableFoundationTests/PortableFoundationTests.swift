import PortableFoundation
import Testing

/// The stand-ins for full Foundation: each gives what Foundation gave, on Linux's FoundationEssentials too.
@Suite("portable Foundation: the stand-ins for full Foundation")
struct PortableFoundationTests {
    @Test("printf formats as String(format:) wrote them: rounding, padding, hex, the C locale's point")
    func cFormat() {
        #expect(String(cFormat: "%.3f", 1.0005) == "1.000")
        #expect(String(cFormat: "%.3f", 2.0 / 3.0) == "0.667")
        #expect(String(cFormat: "%.1f s", 1.25) == "1.2 s")
        #expect(String(cFormat: "%02X%02X", 10, 255) == "0AFF")
        #expect(String(cFormat: "%03d/%d", 7, -12) == "007/-12")
        #expect(String(cFormat: "%5.1f%%", 99.95) == "100.0%")
        #expect(String(cFormat: "no conversion") == "no conversion")
    }

    @Test("a file error in the system's words; other errors as they describe themselves")
    func systemError() {
        struct Odd: Error, CustomStringConvertible { var description: String { "odd" } }
        do {
            _ = try FileManager.default.contentsOfDirectory(atPath: "/nonexistent-\(UInt64.random(in: 0...UInt64.max))")
            Issue.record("listing a missing folder succeeded")
        } catch {
            #expect(String(systemErrorOf: error).contains("No such file or directory"))
        }
        #expect(String(systemErrorOf: Odd()) == "odd")
    }

    @Test("replacing and trimming: every occurrence, scalar by scalar; spaces and tabs, newlines when asked")
    func text() {
        #expect("a'b''c".replacing(every: "'", with: "\\'") == "a\\'b\\'\\'c")
        #expect("e\u{301}'".replacing(every: "'", with: "x") == "e\u{301}x")
        #expect("aaa".replacing(every: "aa", with: "b") == "ba")
        #expect(" \tx y \t".trimmingWhitespace() == "x y")
        #expect("\n x \n".trimmingWhitespace() == "\n x \n")
        #expect("\n x \r\n".trimmingWhitespace(newlines: true) == "x")
    }

    @Test("a capture's stamp: the local date and time, digits only")
    func localStamp() {
        let stamp = String(localStampOf: Date(timeIntervalSince1970: 1_790_000_000))
        #expect(stamp.count == 15)
        #expect(stamp.hasPrefix("2026"))
        #expect(stamp.enumerated().allSatisfy { index, character in index == 8 ? character == "_" : character.isNumber })
    }

    @Test("sizes and free space as Int64 (FoundationEssentials gives UInt), nil when unreadable; folders told apart")
    func fileFacts() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("portable-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("five").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data("12345".utf8)))
        #expect(FileManager.default.sizeOfItem(atPath: file) == 5)
        #expect(FileManager.default.sizeOfItem(atPath: folder.appendingPathComponent("missing").path) == nil)
        #expect((FileManager.default.freeSpace(forPath: folder.path) ?? 0) > 0)
        #expect(FileManager.default.isFolder(atPath: folder.path))
        #expect(!FileManager.default.isFolder(atPath: file))
        #expect(!FileManager.default.isFolder(atPath: folder.appendingPathComponent("missing").path))
    }
}

import MediaFormats
import Testing

/// `ArchivePath`: which names may be written under a folder, and their components.
@Suite("archive paths")
struct ArchivePathTests {
    @Test(
        "names that leave their folder are refused",
        arguments: ["../x", "/etc/passwd", "a/../../b", "a\\..\\b", "\\x", "C:/x", "a\u{0}b", "", "./"])
    func unsafe(_ name: String) {
        let path = ArchivePath(name)
        #expect(!path.isSafe)
        #expect(throws: FormatError.self) { try path.safeComponents() }
    }

    @Test("ordinary names are safe and split on both separators")
    func safe() throws {
        #expect(try ArchivePath("ok/dir/file.jpg").safeComponents() == ["ok", "dir", "file.jpg"])
        #expect(try ArchivePath("Takeout\\Google Photos\\a.jpg").safeComponents() == ["Takeout", "Google Photos", "a.jpg"])
        #expect(try ArchivePath("a//./b/").safeComponents() == ["a", "b"])
        #expect(ArchivePath("x..y/..z").isSafe)
        #expect(ArchivePath("../x").problem?.contains("'../x'") == true)
    }
}

import MediaFormats

/// A zip part's files as an import reads them (docs/guide/takeout.md#reading-the-parts): by its central directory, in
/// the order of their data in the file, each name judged before anything is written for it. The command line and a
/// browser list a part alike; they differ only in how they read a member's bytes.
package struct ImportZipPart {
    /// A file of the part, and its directory entry (where its bytes are, how they are stored, their CRC-32).
    package struct File {
        package let member: ImportMember
        package let entry: ZipMember
    }

    /// The files whose names are safe, in the order of their data.
    package var files: [File] = []
    /// The members whose names lead out of the folder (absolute, `..`), with why: never read.
    package var unsafe: [(path: String, reason: String)] = []

    /// The most members a part's directory may hold: Google's 50 GB parts hold tens of thousands.
    package static let maxMembers = 2_000_000

    /// What the report says of a member whose name is not valid UTF-8.
    package static let codePageNote = "its name is not valid UTF-8; read as code page 437, as zip names without the UTF-8 flag are"

    /// The part in `file`, the run's part number `part`, by its directory.
    /// - Throws: ``FormatError`` when its directory cannot be read: no zip, or one cut short.
    package init(_ file: RandomAccessFile, part: Int) throws(FormatError) {
        self.init(try ZipDirectory.members(of: file, maxCount: Self.maxMembers), part: part)
    }

    /// The files of `members` (a directory's, or those a walk from the front found), the run's part number `part`.
    package init(_ members: [ZipMember], part: Int) {
        for entry in members.sorted(by: { $0.localHeaderOffset < $1.localHeaderOffset }) where entry.kind == .file {
            let path = ArchivePath(entry.name)
            if let problem = path.problem {
                unsafe.append((entry.name, Self.unsafeReason(problem)))
                continue
            }
            let member = ImportMember(
                part: part, path: path.components.joined(separator: "/"), size: Int64(clamping: entry.uncompressedSize),
                nameProblem: entry.nameIsUTF8 ? nil : Self.codePageNote)
            files.append(File(member: member, entry: entry))
        }
    }

    /// Why a member is not read, from its name's problem.
    package static func unsafeReason(_ problem: String) -> String { "unsafe member name: \(problem)" }

    /// The problem of a part whose walk from the front stopped (`why`) before its members were over.
    package static func stoppedEarly(_ why: String) -> String { "\(why); the files after that point were not read" }

    /// The note on a part whose directory could not be read (`why`), read from the front instead.
    package static func readFromTheFront(_ why: String) -> String {
        "its central directory cannot be read (\(why): a download cut short?); its files were read from the front"
    }
}

import MediaFormats

/// A tar part's files as an import reads them (docs/guide/takeout.md#reading-the-parts): its entries in order, files
/// only, each name judged before anything is written for it. The command line reads a `.tar` or a `.tgz` front to
/// back as it comes; a browser lists one where it lies (a `.tgz` inflated first), a few dozen headers a run, and reads
/// each file as a slice of it. Both judge an entry alike (``judge(_:part:)``).
package struct ImportTarPart {
    /// A file of the part, where its bytes start in the tar, and why they cannot be read where the tar ends inside
    /// them (in the words the command line's read of them fails with).
    package struct File {
        package let member: ImportMember
        package let dataStart: Int64
        package var problem: String?
    }

    /// What an import makes of one entry.
    package enum Judged {
        /// A file of the export.
        case file(ImportMember)
        /// A file whose name leads out of the folder (absolute, `..`): never read.
        case unsafe(path: String, reason: String)
        /// Not a file (a folder, a link, a device): passed over, as it is when a tar is unpacked into a library.
        case passedOver
    }

    /// The files whose names are safe, in order.
    package var files: [File] = []
    /// The files whose names lead out of the folder, with why: never read.
    package var unsafe: [(path: String, reason: String)] = []
    /// Where the next header starts when the walk stopped at its count; nil when the entries are over.
    package var next: Int64?
    /// Why the walk could go no further before the entries were over (a header damaged, an entry cut short), in the
    /// report's words.
    package var stopped: String?

    /// What the report says of a file whose name is not valid UTF-8 (a tar's names are bytes).
    package static let replacedNameNote = "its name is not valid UTF-8; the bytes that are not were replaced"

    /// What an import makes of `entry` of the run's part number `part`.
    package static func judge(_ entry: TarEntry, part: Int) -> Judged {
        guard entry.kind == .file else { return .passedOver }
        let path = ArchivePath(entry.name)
        if let problem = path.problem { return .unsafe(path: entry.name, reason: ImportZipPart.unsafeReason(problem)) }
        let joined = path.components.joined(separator: "/")
        // Names that are not UTF-8 were read with U+FFFD in place of their bytes.
        let problem = joined.unicodeScalars.contains("\u{FFFD}") ? replacedNameNote : nil
        return .file(ImportMember(part: part, path: joined, size: entry.size, nameProblem: problem))
    }

    /// Up to `count` entries of the tar in `file` (named `name` in the report), the run's part number `part`, from the
    /// header at `from` on. An entry whose bytes run past the file's end is the last: it is listed with its problem,
    /// and the walk stops there, as the command line's read of it fails and ends the part. Where `file` is what a gzip
    /// stream cut short inflated to (`inflatedCutShort`), a walk that runs out of bytes says so in the words of the
    /// command line's inflater, which meets the end there.
    package init(walking file: RandomAccessFile, from: Int64, count: Int, part: Int, name: String, inflatedCutShort: Bool = false) {
        var reader = TarReader(FileByteSource(file, at: from), at: from)
        var seen = 0
        func reason(_ error: FormatError) -> String {
            if inflatedCutShort, error.kind == .truncated { return GzipStreamEnd.cutShort(member: 1) }
            return LivePhotoError.wrap(error, file: name).reason
        }
        do throws(FormatError) {
            while seen < count, let entry = try reader.next() {
                seen += 1
                let judged = Self.judge(entry, part: part)
                let dataStart = reader.offset
                do throws(FormatError) {
                    try reader.skipRest()
                } catch {
                    if case .file(let member) = judged { files.append(File(member: member, dataStart: dataStart, problem: reason(error))) }
                    throw error
                }
                switch judged {
                case .file(let member): files.append(File(member: member, dataStart: dataStart))
                case .unsafe(let path, let reason): unsafe.append((path, reason))
                case .passedOver: break
                }
            }
            if seen < count, inflatedCutShort, reader.offset >= file.size {
                // The bytes ended where a header should start: the inflater met its end there.
                throw FormatError(.truncated, GzipStreamEnd.cutShort(member: 1), at: reader.offset)
            }
            next = seen < count ? nil : reader.offset
        } catch {
            stopped = ImportZipPart.stoppedEarly(reason(error))
        }
    }
}

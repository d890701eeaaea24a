import MediaFormats
internal import PortableFoundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What runs into an output folder have written, one JSON line per media file, appended as each file is moved into
/// place, so that a run stopped anywhere, or run again, leaves alone what is done (`docs/guide/takeout.md#resuming`).
final class TakeoutManifest: Sendable {
    struct Record: Codable, Sendable {
        var part: String
        var member: String
        var size: Int64
        /// The file written for it (or the one it was a duplicate of or merged into), relative to the output folder.
        var output: String
    }

    struct Key: Hashable {
        var part: String
        var member: String
        var size: Int64
    }

    let path: String
    let outputDirectory: String
    private let known: [Key: String]
    private let appender = Mutex<UnsafeMutablePointer<FILE>?>(nil)

    /// Reads the manifest in `outputDirectory`'s work folder; a line that cannot be read is ignored (a run stopped
    /// while writing it).
    init(path: String, outputDirectory: String) {
        self.path = path
        self.outputDirectory = outputDirectory
        var known: [Key: String] = [:]
        if let data = FileManager.default.contents(atPath: path) {
            for line in data.split(separator: UInt8(ascii: "\n")) {
                guard let record = try? JSONDecoder().decode(Record.self, from: Data(line)) else { continue }
                known[Key(part: record.part, member: record.member, size: record.size)] = record.output
            }
        }
        self.known = known
    }

    deinit { appender.withLock { if let file = $0 { fclose(file) } } }

    /// The output an earlier run wrote for this member, when it is still there.
    func output(part: String, member: String, size: Int64) -> String? {
        guard let output = known[Key(part: part, member: member, size: size)],
            FileManager.default.fileExists(atPath: "\(outputDirectory)/\(output)")
        else { return nil }
        return output
    }

    /// Appends records and flushes them to the file.
    func append(_ records: [Record]) throws(LivePhotoError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var text = ""
        for record in records {
            guard let data = try? encoder.encode(record) else { continue }
            text += String(decoding: data, as: UTF8.self) + "\n"
        }
        let ok = appender.withLock { file -> Bool in
            if file == nil { file = fopen(path, "a") }
            guard let handle = file else { return false }
            return fputs(text, handle) >= 0 && fflush(handle) == 0
        }
        guard ok else { throw .writeFailed(path: path, reason: "cannot record what was written: \(FileError.systemMessage(errno))") }
    }
}

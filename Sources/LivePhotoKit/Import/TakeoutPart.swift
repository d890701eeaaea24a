import MediaFormats
internal import PortableFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One input of a Takeout run: an archive part as downloaded, or a folder it was extracted into
/// (`docs/guide/takeout.md#inputs`). Parts are told apart by their first bytes, not their names.
struct TakeoutPart: Sendable {
    enum Kind: Sendable, Equatable {
        case zip
        /// A tar archive, gzip-compressed (`.tgz`, `.tar.gz`) or not.
        case tar(gzipped: Bool)
        case folder
    }

    /// The path given.
    let path: String
    /// What reports call it: the archive's file name, or the folder's path as given.
    let name: String
    let kind: Kind
    /// For a zip stored whole inside another zip (an Apple data copy's shared albums): where its bytes lie in the file
    /// at ``path``, read there without a copy.
    var range: Range<Int64>? = nil

    /// Opens each input once, in order. An input given twice (the same file by another path too) is used once; one that
    /// cannot be read is a problem, and the others go on.
    static func open(_ paths: [String]) -> (parts: [TakeoutPart], problems: [String]) {
        var parts: [TakeoutPart] = []
        var problems: [String] = []
        var seen: [[UInt64]: String] = [:]
        for path in paths {
            let name = URL(fileURLWithPath: path).lastPathComponent
            var info = stat()
            guard stat(path, &info) == 0 else {
                problems.append("\(path): \(FileError.systemMessage(errno))")
                continue
            }
            let identity = [UInt64(info.st_dev), UInt64(info.st_ino)]
            if let first = seen[identity] {
                problems.append("\(path): given twice (the same as \(first)); read once")
                continue
            }
            seen[identity] = path
            if info.st_mode & S_IFMT == S_IFDIR {
                // Named by its real path: a second run given `./Takeout` for `Takeout/` resumes the same part.
                parts.append(TakeoutPart(path: path, name: LibraryImport.realPath(path), kind: .folder))
                continue
            }
            do {
                let file = try RandomAccessFile(path: path)
                let head = try file.readUpTo(at: 0, count: ArchiveSignature.headLength)
                guard let kind = kind(head: head) else {
                    problems.append("\(name): not a zip, tgz or tar archive, nor a folder")
                    continue
                }
                parts.append(TakeoutPart(path: path, name: name, kind: kind))
            } catch {
                problems.append("\(name): \(LivePhotoError.wrap(error, file: name).reason)")
            }
        }
        return (parts, problems)
    }

    /// A part's kind from its first bytes.
    static func kind(head: [UInt8]) -> Kind? {
        switch ArchiveSignature.identify(head) {
        case .zip: .zip
        case .gzip: .tar(gzipped: true)
        case .tar: .tar(gzipped: false)
        case nil: nil
        }
    }
}

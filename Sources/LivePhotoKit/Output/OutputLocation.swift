import LivePhotoMedia
import MediaFormats
internal import PortableFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where outputs go, and the checks made before anything is written there.
enum OutputLocation {
    /// Creates `folder` (and its parents) when missing; in one that exists, removes the staging names a killed run
    /// left (once a process).
    static func prepareFolder(_ folder: String) throws(LivePhotoError) {
        var info = stat()
        if stat(folder, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw .invalidArgument("\(folder) is not a folder") }
            StagingName.removeStaleOnce(in: folder)
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            return
        } catch {
            throw .writeFailed(path: folder, reason: "cannot create the folder: \(String(systemErrorOf: error))")
        }
    }

    /// Refuses destinations that exist (unless `force`) and, always, destinations that are inputs.
    /// An existing destination is an input when it is the same file (device and inode), whatever the path says:
    /// another spelling, a link, a hard link.
    static func check(_ destinations: [String], inputs: [String], force: Bool) throws(LivePhotoError) {
        for d in destinations {
            var info = stat()
            // A destination that does not exist cannot be an input.
            guard stat(d, &info) == 0 || lstat(d, &info) == 0 else { continue }
            let isInput = inputs.contains { input in
                var inputInfo = stat()
                return stat(input, &inputInfo) == 0 && inputInfo.st_dev == info.st_dev && inputInfo.st_ino == info.st_ino
            }
            if isInput { throw .refused(file: d, reason: "this output would replace an input", remedy: .chooseAnotherOutput) }
            if !force { throw .outputExists(path: d) }
        }
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// A new empty hidden folder beside `destination`; the caller removes it. Refused once an interrupt is asked for.
    static func temporaryFolder(beside destination: String) throws(LivePhotoError) -> String {
        let url = URL(fileURLWithPath: destination)
        let template = "\(url.deletingLastPathComponent().path)/\(StagingName.prefix(for: url.lastPathComponent))XXXXXX"
        return try PendingOutputs.shared.transaction { _ throws(LivePhotoError) in
            var name = Array(template.utf8CString)
            let ok = name.withUnsafeMutableBufferPointer { buffer -> Bool in
                guard let base = buffer.baseAddress else { return false }
                return mkdtemp(base) != nil
            }
            guard ok else {
                throw .writeFailed(path: destination, reason: "cannot create a folder beside it: \(FileError.systemMessage(errno))")
            }
            let path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return path
        }
    }

    /// A unique hidden name beside `destination`; nothing is created, and the caller removes what it makes there.
    static func temporaryName(beside destination: String) -> String {
        let url = URL(fileURLWithPath: destination)
        return "\(url.deletingLastPathComponent().path)/\(StagingName.prefix(for: url.lastPathComponent))\(UUID().uuidString.prefix(8))"
    }

    /// Moves `temporary` to `destination`; with `force`, an existing destination (file or folder) is replaced.
    static func moveIntoPlace(_ temporary: String, _ destination: String, force: Bool) throws(LivePhotoError) {
        try PendingOutputs.shared.transaction { ledger throws(LivePhotoError) in
            var aside: String?
            if exists(destination) {
                guard force else { throw .outputExists(path: destination) }
                let url = URL(fileURLWithPath: destination)
                let name = "\(url.deletingLastPathComponent().path)/.\(url.lastPathComponent).livephoto-old-\(UUID().uuidString.prefix(8))"
                guard rename(destination, name) == 0 else {
                    throw .writeFailed(path: destination, reason: "cannot move the old output aside: \(FileError.systemMessage(errno))")
                }
                aside = name
            }
            guard rename(temporary, destination) == 0 else {
                let reason = FileError.systemMessage(errno)
                if let aside { _ = rename(aside, destination) }
                throw .writeFailed(path: destination, reason: "cannot move into place: \(reason)")
            }
            ledger.placed.insert(destination)
            if let aside { try? FileManager.default.removeItem(atPath: aside) }
        }
    }

    /// Removes a temporary file or folder, if it is still there.
    static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }
}

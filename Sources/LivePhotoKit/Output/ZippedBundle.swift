import MediaFormats
internal import PortableFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `.pvt.zip` (docs/formats/bundles.md#the-pvt-folder): the bundle's folder, its still and movie stored (media is
/// compressed already) and `metadata.plist` deflated, written by MediaFormats' ``ZipWriter`` a chunk at a time
/// (docs/formats/bundles.md#the-zip-livephoto-writes).
enum ZippedBundle {
    /// Writes the zip at `zipPath` (a hidden name the caller renames into place).
    /// - Parameters:
    ///   - bundleName: the folder inside the zip, `STEM.pvt`.
    ///   - members: each file's name in the bundle and where it is now.
    ///   - date: the modification time of the folder and `metadata.plist`; the still and the movie keep their files'.
    ///   - destination: the zip's final path, which errors name.
    ///   - counter: counts the members' bytes.
    static func write(
        to zipPath: String, bundleName: String, members: [(name: String, path: String)], date: Date, destination: String,
        counter: ProgressCounter
    ) throws(LivePhotoError) {
        let time = Int64(date.timeIntervalSince1970.rounded(.down))
        do {
            var writer = ZipWriter(output: try FileOutput(path: zipPath))
            try writer.addDirectory(bundleName, modificationTime: time)
            for member in members {
                let file = try RandomAccessFile(path: member.path)
                let modified = FileDates.modificationTime(of: member.path).map { Int64($0.tv_sec) } ?? time
                var position: Int64 = 0
                try writer.addFile(
                    "\(bundleName)/\(member.name)", method: .stored, modificationTime: modified, expectedSize: UInt64(file.size)
                ) { count in
                    let chunk = try file.read(at: position, count: Int(min(Int64(count), file.size - position)))
                    position += Int64(chunk.count)
                    counter.add(Int64(chunk.count))
                    return chunk
                }
            }
            var plist: [UInt8]? = Array(PhotoBundle.metadataPlist.utf8)
            try writer.addFile(
                "\(bundleName)/\(PhotoBundle.metadataFileName)", method: .deflated, modificationTime: time,
                expectedSize: UInt64(plist?.count ?? 0)
            ) { _ in
                defer { plist = nil }
                return plist ?? []
            }
            try writer.finish().finish()
        } catch {
            throw .writeFailed(path: destination, reason: "cannot write the zip archive: \(error)")
        }
    }

    /// The zip's file: appended to, and its local headers rewritten in place; closed when dropped.
    final class FileOutput: ZipOutput {
        let path: String
        private var descriptor: Int32

        init(path: String) throws(FileError) {
            descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw FileError(path: path, reason: FileError.systemMessage(errno)) }
            self.path = path
        }

        deinit { if descriptor >= 0 { close(descriptor) } }

        func append(_ bytes: [UInt8]) throws {
            try BundleReader.writeAll(bytes, to: descriptor, path: path)
        }

        func overwrite(_ bytes: [UInt8], at offset: UInt64) throws {
            let count = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
            guard count == bytes.count else {
                throw FileError(path: path, reason: count < 0 ? FileError.systemMessage(errno) : "a short write")
            }
        }

        /// Closes the file; an error here (a delayed write that failed) fails the zip.
        func finish() throws {
            let result = close(descriptor)
            descriptor = -1
            guard result == 0 else { throw FileError(path: path, reason: FileError.systemMessage(errno)) }
        }
    }
}

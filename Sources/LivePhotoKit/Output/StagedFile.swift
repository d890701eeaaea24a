import CSystemShims
import MediaFormats
internal import PortableFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file written under a hidden temporary name beside its destination and renamed into place only
/// when complete, so a failure or an interrupt never leaves a half-written output.
final class StagedFile {
    let destination: String
    let temporaryPath: String
    private var descriptor: Int32
    private(set) var bytesWritten: Int64 = 0
    /// The modification time the output gets: that of the input it is made from.
    private let modificationTime: timespec?

    /// Creates the temporary file in the destination's folder.
    /// - Parameter datedLike: the input whose modification time the output keeps (nil: the time of writing).
    init(destination: String, datedLike input: String? = nil) throws(LivePhotoError) {
        self.destination = destination
        modificationTime = input.flatMap(FileDates.modificationTime(of:))
        let url = URL(fileURLWithPath: destination)
        let template = "\(url.deletingLastPathComponent().path)/\(StagingName.prefix(for: url.lastPathComponent))XXXXXX"
        (descriptor, temporaryPath) = try PendingOutputs.shared.transaction { _ throws(LivePhotoError) in
            var name = Array(template.utf8CString)
            let fd = name.withUnsafeMutableBufferPointer { buffer -> Int32 in
                guard let base = buffer.baseAddress else { return -1 }
                return mkstemp(base)
            }
            guard fd >= 0 else {
                throw .writeFailed(path: destination, reason: "cannot create a file beside it: \(FileError.systemMessage(errno))")
            }
            let path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return (fd, path)
        }
        fchmod(descriptor, StagedFile.fileMode)
    }

    deinit {
        if descriptor >= 0 {
            Glibc_close(descriptor)
            unlink(temporaryPath)
        }
    }

    func write(_ bytes: [UInt8]) throws(LivePhotoError) {
        let ok = bytes.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return true }
            return writeAll(base, raw.count)
        }
        guard ok else { throw .writeFailed(path: destination, reason: "write failed: \(FileError.systemMessage(errno))") }
    }

    private func writeAll(_ base: UnsafeRawPointer, _ count: Int) -> Bool {
        var done = 0
        while done < count {
            let n = Glibc_write(descriptor, base + done, count - done)
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            done += n
        }
        bytesWritten += Int64(count)
        return true
    }

    /// Copies `length` bytes at `offset` of `source` into this file in bounded chunks.
    /// - Parameter progress: called after every chunk with the number of bytes just copied.
    func copy(from source: RandomAccessFile, offset: Int64, length: Int64, progress: (Int64) -> Void) throws(LivePhotoError) {
        guard offset >= 0, length >= 0, offset <= source.size, length <= source.size - offset else {
            throw .badInput(file: source.path, reason: "a copy of \(length) bytes at \(offset) runs past the end of the file")
        }
        var position = offset
        let end = offset + length
        // In the kernel first, as cp does (no trip through user space); by read and write where it refuses.
        var kernelCopyWorks = ByteCopier.kernelCopyAllowed
        while position < end, kernelCopyWorks {
            guard !InterruptHandling.requested else { throw .interrupted }
            var inputOffset = source.fileOffset(position)
            let want = UInt64(min(Int64(ByteCopier.kernelChunkSize), end - position))
            let copied = lp_copy_file_range(source.descriptorForCopy, &inputOffset, descriptor, want)
            if copied < 0 {
                if errno == EINTR { continue }
                if [ENOSYS, EXDEV, EINVAL, EOPNOTSUPP, EBADF].contains(errno) {
                    kernelCopyWorks = false
                    break
                }
                throw .writeFailed(path: destination, reason: "copy failed: \(FileError.systemMessage(errno))")
            }
            guard copied > 0 else { throw .badInput(file: source.path, reason: "the file ended while copying (truncated?)") }
            position += Int64(copied)
            bytesWritten += Int64(copied)
            progress(Int64(copied))
        }
        guard position < end else { return }
        let chunk = ByteCopier.chunkSize
        var buffer = ByteCopier.buffer()
        while position < end {
            guard !InterruptHandling.requested else { throw .interrupted }
            let want = Int(min(Int64(chunk), end - position))
            let got = buffer.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return -1 }
                return pread(source.descriptorForCopy, base, want, off_t(source.fileOffset(position)))
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw .io(path: source.path, reason: "read failed: \(FileError.systemMessage(errno))")
            }
            guard got > 0 else { throw .badInput(file: source.path, reason: "the file ended while copying (truncated?)") }
            let ok = buffer.withUnsafeBytes { raw -> Bool in
                guard let base = raw.baseAddress else { return false }
                return writeAll(base, got)
            }
            guard ok else { throw .writeFailed(path: destination, reason: "write failed: \(FileError.systemMessage(errno))") }
            position += Int64(got)
            progress(Int64(got))
        }
    }

    /// What a new file gets: 0666 less the process's umask, as `open` would give (mkstemp gives 0600).
    static let fileMode: mode_t = {
        let mask = umask(0o022)
        umask(mask)
        return 0o666 & ~mask
    }()

    /// Closes the file; it stays under its temporary name until ``commit()``.
    func finish() throws(LivePhotoError) {
        guard descriptor >= 0 else { return }
        if let modificationTime { FileDates.setModificationTime(modificationTime, descriptor: descriptor) }
        let result = Glibc_close(descriptor)
        descriptor = -2
        guard result == 0 else { throw .writeFailed(path: destination, reason: "close failed: \(FileError.systemMessage(errno))") }
    }

    /// Renames into place (the caller has checked the destination) and returns the destination.
    @discardableResult
    func commit() throws(LivePhotoError) -> String {
        try finish()
        descriptor = -1
        do {
            try PendingOutputs.shared.transaction { ledger throws(LivePhotoError) in
                guard Glibc_rename(temporaryPath, destination) == 0 else {
                    throw .writeFailed(path: destination, reason: "cannot move into place: \(FileError.systemMessage(errno))")
                }
                ledger.placed.insert(destination)
            }
        } catch {
            // Not renamed (an interrupt came first, or the rename failed): the temporary file goes.
            unlink(temporaryPath)
            throw error
        }
        return destination
    }
}

// Names that do not collide with methods of the same name.
@inline(__always) private func Glibc_write(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { write(fd, p, n) }
@discardableResult @inline(__always) private func Glibc_close(_ fd: Int32) -> Int32 { close(fd) }
@inline(__always) private func Glibc_rename(_ a: String, _ b: String) -> Int32 { rename(a, b) }

/// How media bytes are copied: by copy_file_range in 64 MiB steps (so progress and Ctrl-C are checked often),
/// or by read and write through one 4 MiB buffer; memory stays flat either way.
enum ByteCopier {
    static let chunkSize = 4 << 20
    static let kernelChunkSize = 64 << 20
    static func buffer() -> [UInt8] { [UInt8](repeating: 0, count: chunkSize) }
    /// `LIVEPHOTO_COPY=readwrite` forces read and write (to compare the two, or for a file system that misbehaves).
    static let kernelCopyAllowed = ProcessInfo.processInfo.environment["LIVEPHOTO_COPY"] != "readwrite"
}

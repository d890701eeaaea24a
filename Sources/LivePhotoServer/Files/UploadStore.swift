import Hummingbird
import LivePhotoKit
internal import PortableFoundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One uploaded file, kept under the work folder until it expires.
struct Upload: Sendable, Codable {
    var id: String
    var name: String
    var size: Int64
    /// What inspect says it is: jpeg, heic, quicktime, mp4, zip, unknown.
    var format: String
    /// What it is for Live Photos (a `.pvt.zip` is a bundle).
    var role: InspectionReport.FileReport.Role
    /// Whose live photo it is (`apple`, or a Motion Photo's maker), as inspect says; nil for a plain file or a zip.
    var family: PhotoFamily?
    /// A movie's length, for the cover scrubber.
    var durationSeconds: Double?
    var coverTimeSeconds: Double?
}

/// Uploads stream to disk in the buffers they arrive in, so memory does not grow with their size; a body past the
/// limit is cut off with 413 (declared or chunked alike) and its partial file removed. Uploads and job results
/// together stay under the storage limit: the oldest finished jobs are evicted first, then the upload gets 507.
actor UploadStore {
    let root: String
    let limit: Int64
    /// The work folder, whose size counts against `storageLimit`.
    let workDirectory: String
    let storageLimit: Int64
    /// Removes the oldest finished job's files; false when there is none.
    let evict: @Sendable () async -> Bool
    private var uploads: [String: (upload: Upload, path: String, created: ContinuousClock.Instant)] = [:]

    init(
        root: String, limit: Int64, workDirectory: String? = nil, storageLimit: Int64 = .max,
        evict: @escaping @Sendable () async -> Bool = { false }
    ) {
        self.root = root
        self.limit = limit
        self.workDirectory = workDirectory ?? root
        self.storageLimit = storageLimit
        self.evict = evict
    }

    /// Bytes the work folder holds now (a walk of the folder, on ``BlockingWork``'s threads).
    func storageUsed() async -> Int64 {
        let folder = workDirectory
        return await BlockingWork.perform {
            guard let paths = try? FileManager.default.subpathsOfDirectory(atPath: folder) else { return 0 }
            var total: Int64 = 0
            for path in paths {
                // Links and folders count for their own size, as they are not followed.
                var info = stat()
                if lstat("\(folder)/\(path)", &info) == 0 { total += Int64(info.st_size) }
            }
            return total
        }
    }

    /// Room for `bytes` more under the storage limit, evicting the oldest finished jobs as needed.
    /// - Returns: the bytes available (at least `bytes`).
    /// - Throws: 507 when even then there is not enough.
    func makeRoom(for bytes: Int64) async throws -> Int64 {
        var available = storageLimit - (await storageUsed())
        while available < max(1, bytes), await evict() { available = storageLimit - (await storageUsed()) }
        guard available >= max(1, bytes) else {
            throw HTTPError(.init(code: 507, reasonPhrase: "Insufficient Storage"), message: Self.storageFull(storageLimit))
        }
        return available
    }

    static func storageFull(_ limit: Int64) -> String {
        "The server's storage is full (\(limit >> 20) MB for uploads and results). Download what you need; older results "
            + "expire, or start it with a larger --max-storage."
    }

    /// A file name safe to write and to show: the last path component, odd characters replaced.
    static func safeName(_ raw: String) -> String {
        let last = raw.split(separator: "/").last.map(String.init) ?? ""
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._- ")
        var name = String(last.map { allowed.contains($0) ? $0 : "_" }.prefix(120))
        while name.hasPrefix(".") { name.removeFirst() }
        return name.isEmpty ? "upload" : name
    }

    func store(_ body: RequestBody, name rawName: String, declaredLength: Int64?, context: some RequestContext) async throws -> Upload {
        if let declaredLength, declaredLength > limit { throw HTTPError(.contentTooLarge, message: Self.tooLarge(limit)) }
        let room = try await makeRoom(for: declaredLength ?? 0)
        let meter = UploadMeter()
        let id = UUID().uuidString.lowercased()
        let folder = "\(root)/\(id)"
        try await BlockingWork.perform { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let name = Self.safeName(rawName)
        let path = "\(folder)/\(name)"
        do {
            try await FileIO().writeFile(
                contents: LimitedBody(base: body, limit: limit, room: room, meter: meter), path: path, context: context)
        } catch {
            await Self.remove(folder)
            // However the writer wrapped it, a body cut off at a limit says which limit.
            if meter.tooLarge { throw HTTPError(.contentTooLarge, message: Self.tooLarge(limit)) }
            if meter.storageFull {
                throw HTTPError(.init(code: 507, reasonPhrase: "Insufficient Storage"), message: Self.storageFull(storageLimit))
            }
            if let e = error as? HTTPError { throw e }
            throw HTTPError(.badRequest, message: "The upload of \(name) did not complete.")
        }
        let size = FileManager.default.sizeOfItem(atPath: path) ?? 0
        guard size > 0 else {
            await Self.remove(folder)
            throw HTTPError(.badRequest, message: "\(name) is empty.")
        }
        // Headers only, off the cooperative pool: a zip is not unpacked here (the job that uses it does that, once).
        let kind = InputFile.kind(of: path)
        let report = kind == .zip ? nil : try await BlockingWork.run { await LivePhotoInspector.inspect([path]).files.first }
        let upload = Upload(
            id: id, name: name, size: size, format: report?.format.rawValue ?? kind.rawValue,
            role: report?.role ?? (kind == .zip ? .bundle : .unknown), family: report?.family,
            durationSeconds: report?.movie?.durationSeconds, coverTimeSeconds: report?.movie?.coverTimeSeconds)
        uploads[id] = (upload, path, .now)
        MemoryRelease.afterBurst()
        return upload
    }

    static func tooLarge(_ limit: Int64) -> String {
        "The file is larger than this server accepts (\(limit >> 20) MB). Start it with a larger --max-upload."
    }

    func path(_ id: String) -> String? { uploads[id]?.path }
    func upload(_ id: String) -> Upload? { uploads[id]?.upload }

    /// Removes uploads older than `age`.
    func expire(olderThan age: Duration) async {
        let now = ContinuousClock.now
        for (id, entry) in uploads where now - entry.created > age {
            uploads[id] = nil
            await Self.remove("\(root)/\(id)")
        }
    }

    /// Removes an upload's folder, off the cooperative pool (unlinking a large file takes a while).
    static func remove(_ folder: String) async {
        await BlockingWork.perform { try? FileManager.default.removeItem(atPath: folder) }
    }
}

/// Which limit cut an upload off, as seen by the body that counted its bytes.
final class UploadMeter: Sendable {
    private let tooLargeFlag = Atomic(false)
    private let storageFullFlag = Atomic(false)

    var tooLarge: Bool { tooLargeFlag.load(ordering: .sequentiallyConsistent) }
    var storageFull: Bool { storageFullFlag.load(ordering: .sequentiallyConsistent) }
    func markTooLarge() { tooLargeFlag.store(true, ordering: .sequentiallyConsistent) }
    func markStorageFull() { storageFullFlag.store(true, ordering: .sequentiallyConsistent) }
}

/// A request body that fails once more than `limit` bytes (the largest upload) or `room` bytes (what storage has
/// left) have arrived, whether a length was declared or not.
struct LimitedBody<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable where Base.Element == ByteBuffer {
    typealias Element = ByteBuffer
    let base: Base
    let limit: Int64
    var room: Int64 = .max
    var meter = UploadMeter()

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let limit: Int64
        let room: Int64
        let meter: UploadMeter
        var total: Int64 = 0

        mutating func next() async throws -> ByteBuffer? {
            guard let buffer = try await base.next() else { return nil }
            total += Int64(buffer.readableBytes)
            if total > limit {
                meter.markTooLarge()
                throw HTTPError(.contentTooLarge, message: UploadStore.tooLarge(limit))
            }
            if total > room {
                meter.markStorageFull()
                throw HTTPError(.init(code: 507, reasonPhrase: "Insufficient Storage"), message: "The server's storage is full.")
            }
            return buffer
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), limit: limit, room: room, meter: meter)
    }
}

import Foundation
import Hummingbird
import LivePhotoKit
import MediaFormats

/// One uploaded file, kept under the work folder until it expires.
struct Upload: Sendable, Codable {
    var id: String
    var name: String
    var size: Int64
    /// What inspect says it is: jpeg, heic, quicktime, mp4, zip, unknown.
    var format: String
    var role: String
    /// A movie's length, for the cover scrubber.
    var durationSeconds: Double?
    var coverTimeSeconds: Double?
}

/// Uploads stream to disk in the buffers they arrive in, so memory does not grow with their size; a body past the
/// limit is cut off with 413 and its partial file removed.
actor UploadStore {
    let root: String
    let limit: Int64
    private var uploads: [String: (upload: Upload, path: String, created: ContinuousClock.Instant)] = [:]

    init(root: String, limit: Int64) {
        self.root = root
        self.limit = limit
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
        let id = UUID().uuidString.lowercased()
        let folder = "\(root)/\(id)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let name = Self.safeName(rawName)
        let path = "\(folder)/\(name)"
        do {
            try await FileIO().writeFile(contents: LimitedBody(base: body, limit: limit), path: path, context: context)
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            if let e = error as? HTTPError { throw e }
            throw HTTPError(.badRequest, message: "The upload of \(name) did not complete.")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int64) ?? 0
        guard size > 0 else {
            try? FileManager.default.removeItem(atPath: folder)
            throw HTTPError(.badRequest, message: "\(name) is empty.")
        }
        // Headers only: a zip is not unpacked here (the job that uses it does that, once).
        let kind = (try? RandomAccessFile(path: path)).flatMap { try? FileKind.detect($0) } ?? .unknown
        let report = kind == .zip ? nil : await LivePhotoInspector.inspect([path]).files.first
        let upload = Upload(
            id: id, name: name, size: size, format: report?.format.rawValue ?? kind.rawValue,
            role: report?.role.rawValue ?? (kind == .zip ? "bundle" : "unknown"),
            durationSeconds: report?.movie?.durationSeconds, coverTimeSeconds: report?.movie?.coverTimeSeconds)
        uploads[id] = (upload, path, .now)
        return upload
    }

    static func tooLarge(_ limit: Int64) -> String {
        "The file is larger than this server accepts (\(limit >> 20) MB). Start it with a larger --max-upload."
    }

    func path(_ id: String) -> String? { uploads[id]?.path }
    func upload(_ id: String) -> Upload? { uploads[id]?.upload }

    /// Removes uploads older than `age`.
    func expire(olderThan age: Duration) {
        let now = ContinuousClock.now
        for (id, entry) in uploads where now - entry.created > age {
            try? FileManager.default.removeItem(atPath: "\(root)/\(id)")
            uploads[id] = nil
        }
    }
}

/// A request body that fails once more than `limit` bytes have arrived.
struct LimitedBody<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable where Base.Element == ByteBuffer {
    typealias Element = ByteBuffer
    let base: Base
    let limit: Int64

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let limit: Int64
        var total: Int64 = 0

        mutating func next() async throws -> ByteBuffer? {
            guard let buffer = try await base.next() else { return nil }
            total += Int64(buffer.readableBytes)
            if total > limit { throw HTTPError(.contentTooLarge, message: UploadStore.tooLarge(limit)) }
            return buffer
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: base.makeAsyncIterator(), limit: limit) }
}

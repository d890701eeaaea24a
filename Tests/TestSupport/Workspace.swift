import Foundation

/// A fresh temporary folder for one test, removed when the value is deinitialised, and again when the process exits
/// (a server under test may still write into it after the test).
public final class Workspace: @unchecked Sendable {
    public let path: String

    public init() throws {
        path = try TemporaryFolders.make("livephoto-tests")
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    public func file(_ name: String) -> String { "\(path)/\(name)" }

    /// Names of the entries in `folder` (relative to the workspace), hidden ones included, sorted.
    public func contents(_ folder: String = "") throws -> [String] {
        let dir = folder.isEmpty ? path : file(folder)
        guard FileManager.default.fileExists(atPath: dir) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
    }

    /// Writes `bytes` to `name` (a path below the workspace; its folders are made) and returns the file's path.
    public func write(_ bytes: [UInt8], to name: String) throws -> String {
        let p = file(name)
        try FileManager.default.createDirectory(
            atPath: URL(fileURLWithPath: p).deletingLastPathComponent().path, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: p))
        return p
    }

    public func read(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: file(name)))) }
}

/// Paths of the project and of the shared samples, found from this source file.
public enum ProjectPaths {
    public static let root: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    public static func sample(_ name: String) -> String { "\(root)/../shared/samples/\(name)" }

    /// The built `livephoto` executable, beside the test bundle.
    public static var executable: String {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("livephoto").path,
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("livephoto").path,
            Bundle.main.bundleURL.appendingPathComponent("livephoto").path,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? "\(root)/.build/debug/livephoto"
    }
}

/// SHA-256 of a file via sha256sum, to prove inputs are not modified.
public func fileDigest(_ path: String) async throws -> String {
    String(try await Tool.run("sha256sum", [path]).stdout.prefix(64))
}

import Foundation
import TestSupport

/// The web app's engine for the browser suites: `livephoto.js` and `livephoto.wasm` in `.build/wasm/module`, built by
/// `scripts/wasm.sh` when they are missing or older than a source they are built from (MediaFormats, LivePhotoCore,
/// `Web/engine`, `Web/module`). One build at a time, shared by the suites that run at once. A build that fails throws
/// with its output, so the suite fails saying why rather than testing the page without its engine.
actor WebEngine {
    static let shared = WebEngine()
    static let folder = "\(ProjectPaths.root)/.build/wasm/module"

    private var building: Task<String, any Error>?

    /// The engine's folder, built first when needed.
    func folder() async throws -> String {
        if let building { return try await building.value }
        let task = Task.detached { () throws -> String in
            if Self.isStale() {
                let result = try await Tool.run("\(ProjectPaths.root)/scripts/wasm.sh", [Self.folder], check: false)
                guard result.status == 0, !Self.isStale() else {
                    throw WebEngineError("scripts/wasm.sh \(Self.folder) failed (\(result.status)): \(result.stderr.suffix(3000))")
                }
            }
            return Self.folder
        }
        building = task
        return try await task.value
    }

    /// True when the engine is missing, or older than one of its sources.
    static func isStale() -> Bool {
        let files = FileManager.default
        func modified(_ path: String) -> Date? { (try? files.attributesOfItem(atPath: path))?[.modificationDate] as? Date }
        guard let built = ["livephoto.wasm", "livephoto.js"].compactMap({ modified("\(folder)/\($0)") }).min(),
            files.fileExists(atPath: "\(folder)/livephoto.wasm"), files.fileExists(atPath: "\(folder)/livephoto.js")
        else { return true }
        let roots = ["Sources/MediaFormats", "Sources/LivePhotoCore", "Web/engine", "Web/module"].map { "\(ProjectPaths.root)/\($0)" }
        for root in roots {
            for case let name as String in files.enumerator(atPath: root) ?? NSEnumerator() {
                if let date = modified("\(root)/\(name)"), date > built { return true }
            }
        }
        return false
    }
}

struct WebEngineError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

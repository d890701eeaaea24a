import Foundation
import TestSupport
import Testing

/// The layering the project keeps (CONTRIBUTING.md, "How the code is laid out"), read from the sources: what the
/// library shows and what it may spell out.
@Suite("architecture: the library's surface and its layers")
struct ArchitectureTests {
    static func sources(_ folder: String, extension ext: String = "swift") throws -> [(path: String, text: String)] {
        let root = "\(ProjectPaths.root)/\(folder)"
        let paths = try #require(FileManager.default.enumerator(atPath: root)).compactMap { $0 as? String }
        return try paths.filter { $0.hasSuffix(".\(ext)") }.sorted().map { path in
            (path, try String(contentsOfFile: "\(root)/\(path)", encoding: .utf8))
        }
    }

    /// The code of `text`: its lines without their comments.
    static func code(_ text: String) -> [Substring] {
        text.split(separator: "\n").map { line in
            guard let comment = line.firstRange(of: "//") else { return line }
            return line[..<comment.lowerBound]
        }
    }

    @Test("LivePhotoKit, with the core it re-exports, declares at most 46 public top-level types")
    func publicTypes() throws {
        let declaration = /^(?:@\w+ )*public (?:final |indirect )?(?:struct|enum|class|protocol|actor|typealias) (\w+)/
        var names: [String] = []
        for module in ["Sources/LivePhotoKit", "Sources/LivePhotoCore"] {
            for (_, text) in try Self.sources(module) {
                for line in text.split(separator: "\n") {
                    if let match = line.firstMatch(of: declaration) { names.append(String(match.1)) }
                }
            }
        }
        #expect(names.count >= 20, "the declarations were not found: \(names)")
        #expect(names.count <= 46, "\(names.count) public top-level types: \(names.sorted())")
    }

    @Test("no box name is spelled out above MediaFormats: the byte layer owns every one")
    func boxNames() throws {
        // Every four-character literal of the box code, less the words that are also codec names, file extensions
        // and JSON keys where the library uses them.
        let literal = /"([a-zA-Z0-9 ©]{4})"/
        var boxes: Set<String> = []
        for folder in ["Sources/MediaFormats/ISOBMFF", "Sources/MediaFormats/HEIF", "Sources/MediaFormats/MotionPhoto"] {
            for (_, text) in try Self.sources(folder) {
                for line in Self.code(text) { for match in line.matches(of: literal) { boxes.insert(String(match.1)) } }
            }
        }
        #expect(boxes.isSuperset(of: ["moov", "mpvd", "stts"]), "the box names were not found: \(boxes.sorted())")
        boxes.subtract(["avif", "h264", "hevc", "heic", "jpeg", "mime", "none", "null", "path", "size", "true"])
        var found: [String] = []
        for module in ["Sources/LivePhotoKit", "Sources/LivePhotoCore"] {
            for (path, text) in try Self.sources(module) {
                for line in Self.code(text) {
                    for match in line.matches(of: literal) where boxes.contains(String(match.1)) {
                        found.append("\(module)/\(path): \(match.0)")
                    }
                }
            }
        }
        #expect(found.isEmpty, "\(found)")
    }

    @Test("every script of the web app is a module of at most 300 lines")
    func scriptSizes() throws {
        var scripts = try Self.sources("Sources/LivePhotoServer/Resources/js", extension: "js").map { ("js/\($0.path)", $0.text) }
        scripts += try Self.sources("Web/module", extension: "js").map { ("module/\($0.path)", $0.text) }
        #expect(scripts.count >= 10)
        for (path, text) in scripts {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
            #expect(lines <= 300, "\(path): \(lines) lines")
        }
    }
}

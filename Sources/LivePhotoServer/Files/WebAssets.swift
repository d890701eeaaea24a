import Foundation
import Hummingbird
import Logging
import NIOPosix

/// The page, its entry script, its modules (`js/*.js`) and its style: `Resources/` as SwiftPM copies it beside the
/// binary (`livephoto_LivePhotoServer.resources`), so the app works offline. Served by Hummingbird's
/// ``FileMiddleware`` for what no route answers, behind the same-origin and token middleware like every route.
enum WebAssets {
    /// The resources folder, found through `Bundle.module` by the page it must hold; nil when the build lacks it.
    static let folder: String? = Bundle.module.url(forResource: "index", withExtension: "html", subdirectory: "Resources")?
        .deletingLastPathComponent().path

    /// Said when the folder is missing: the bundle's name, never where it was looked for.
    static let missing =
        "livephoto serve: the page's files are missing from livephoto_LivePhotoServer.resources beside the binary; rebuild or reinstall."

    /// Files with their type and charset (Hummingbird's own table has no charset), and `no-cache` so that a browser
    /// asks again (a 304 when unchanged) and never runs one module of an older build beside one of a newer.
    static func middleware<Context: RequestContext>(context: Context.Type = Context.self) -> FileMiddleware<Context, WebAssetFiles> {
        let utf8 = ("charset", "utf-8")
        return FileMiddleware(
            fileProvider: WebAssetFiles(root: folder), cacheControl: CacheControl([(MediaType(type: .any), [.noCache])]),
            searchForIndexHtml: true
        )
        .withAdditionalMediaTypes(forFileExtensions: [
            "html": MediaType(type: .text, subType: "html", parameter: utf8),
            "js": MediaType(type: .text, subType: "javascript", parameter: utf8),
            "css": MediaType(type: .text, subType: "css", parameter: utf8),
        ])
    }
}

/// The local file system under the resources folder, narrowed to what the page is made of: a request path names a
/// file only when every segment is plain (letters, digits, `-`, `_`, `.`; none empty or starting with a dot, so no
/// `..` and no hidden file), it ends in `.html`, `.js` or `.css`, and the file, links resolved, lies inside the
/// folder. Anything else is "no such file", and the request gets the router's own 404, which names no path.
struct WebAssetFiles: FileProvider {
    typealias FileAttributes = LocalFileSystem.FileAttributes
    typealias FileIdentifier = String

    static let extensions: Set<Substring> = ["html", "js", "css"]
    static let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")

    /// nil when the resources folder is missing: then nothing is served.
    let files: LocalFileSystem?
    /// The folder with its links resolved, ending in `/`.
    let root: String

    init(root folder: String?) {
        root = folder.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path + "/" } ?? ""
        // LocalFileSystem logs the folder it serves at info level; that line would print a build path at every start.
        files = folder.map {
            LocalFileSystem(
                rootFolder: $0, threadPool: .singleton,
                logger: Logger(label: "livephoto.serve.assets", factory: { _ in SwiftLogNoOpLogHandler() }))
        }
    }

    /// True for `/` (the folder, whose `index.html` FileMiddleware looks for) and for plain paths to the page's files.
    static func isServable(_ path: String) -> Bool {
        if path == "/" { return true }
        guard path.hasPrefix("/") else { return false }
        let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count <= 4,
            segments.allSatisfy({ !$0.isEmpty && $0.first != "." && $0.allSatisfy { allowed.contains($0) } }),
            let name = segments.last, let dot = name.lastIndex(of: ".")
        else { return false }
        return extensions.contains(name[name.index(after: dot)...])
    }

    func getFileIdentifier(_ path: String) -> String? {
        guard let files, Self.isServable(path) else { return nil }
        return files.getFileIdentifier(path)
    }

    func getAttributes(id: String) async throws -> FileAttributes? {
        guard let files, let attributes = try await files.getAttributes(id: id) else { return nil }
        // A link planted among the files must not lead out of the folder (a few lstat calls: too small to hand off).
        let resolved = URL(fileURLWithPath: id).resolvingSymlinksInPath().path
        guard resolved.hasPrefix(root) || resolved + "/" == root else { return nil }
        return attributes
    }

    func loadFile(id: String, context: some RequestContext) async throws -> ResponseBody {
        guard let files else { throw HTTPError(.notFound) }
        return try await files.loadFile(id: id, context: context)
    }

    func loadFile(id: String, range: ClosedRange<Int>, context: some RequestContext) async throws -> ResponseBody {
        guard let files else { throw HTTPError(.notFound) }
        return try await files.loadFile(id: id, range: range, context: context)
    }
}

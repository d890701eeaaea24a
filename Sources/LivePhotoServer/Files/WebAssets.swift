import Hummingbird
import NIOCore
internal import PortableFoundation

/// The page, its entry script, its modules (`js/*.js`, the engine's worker among them), its style, its web app manifest
/// and icons: `Resources/`, compiled into the binary by SwiftPM (`PackageResources`), so the app works offline and
/// nothing has to travel beside the binary. Served by Hummingbird's ``FileMiddleware`` for what no route answers,
/// behind the same-origin and token middleware like every route. The engine itself (livephoto.js and its WebAssembly)
/// is built apart and served from a folder by ``EngineController``. `scripts/site.sh` copies the same files into a
/// static site.
enum WebAssets {
    /// Each file by the path the page asks for. SwiftPM names an embedded file by its name alone: a file added to
    /// `Resources/` is served once it is listed here.
    static let files: [String: [UInt8]] = [
        "/index.html": PackageResources.index_html,
        "/app.js": PackageResources.app_js,
        "/app.css": PackageResources.app_css,
        "/manifest.webmanifest": PackageResources.manifest_webmanifest,
        "/icon-192.png": PackageResources.icon_192_png,
        "/icon-512.png": PackageResources.icon_512_png,
        "/js/api.js": PackageResources.api_js,
        "/js/apple-mobile.js": PackageResources.apple_mobile_js,
        "/js/assemble.js": PackageResources.assemble_js,
        "/js/assemble-make.js": PackageResources.assemble_make_js,
        "/js/camera.js": PackageResources.camera_js,
        "/js/camerashots.js": PackageResources.camerashots_js,
        "/js/chosen.js": PackageResources.chosen_js,
        "/js/convert.js": PackageResources.convert_js,
        "/js/disassemble.js": PackageResources.disassemble_js,
        "/js/download-stream.js": PackageResources.download_stream_js,
        "/js/dom.js": PackageResources.dom_js,
        "/js/drop.js": PackageResources.drop_js,
        "/js/edit-run.js": PackageResources.edit_run_js,
        "/js/editor.js": PackageResources.editor_js,
        "/js/engine.js": PackageResources.engine_js,
        "/js/engine-worker.js": PackageResources.engine_worker_js,
        "/js/gallery.js": PackageResources.gallery_js,
        "/js/host.js": PackageResources.host_js,
        "/js/import.js": PackageResources.import_js,
        "/js/jobs.js": PackageResources.jobs_js,
        "/js/library.js": PackageResources.library_js,
        "/js/library-batch.js": PackageResources.library_batch_js,
        "/js/library-destination.js": PackageResources.library_destination_js,
        "/js/library-import.js": PackageResources.library_import_js,
        "/js/library-inputs.js": PackageResources.library_inputs_js,
        "/js/library-progress.js": PackageResources.library_progress_js,
        "/js/library-report.js": PackageResources.library_report_js,
        "/js/modes.js": PackageResources.modes_js,
        "/js/offline.js": PackageResources.offline_js,
        "/js/outputs.js": PackageResources.outputs_js,
        "/js/recordrate.js": PackageResources.recordrate_js,
        "/js/upload.js": PackageResources.upload_js,
        "/js/verify.js": PackageResources.verify_js,
        "/js/viewer.js": PackageResources.viewer_js,
    ]

    /// The files' modification date: when this process first set up their middleware. They change only with the
    /// binary, so a browser revalidating after a restart gets them anew.
    static let loaded = Date()

    /// Files with their type and charset (Hummingbird's own table has no charset), and `no-cache` so that a browser
    /// asks again (a 304 when unchanged) and never runs one module of an older build beside one of a newer.
    static func middleware<Context: RequestContext>(context: Context.Type = Context.self) -> FileMiddleware<Context, WebAssetFiles> {
        let utf8 = ("charset", "utf-8")
        return FileMiddleware(
            fileProvider: WebAssetFiles(files: files, modificationDate: loaded),
            cacheControl: CacheControl([(MediaType(type: .any), [.noCache])]), searchForIndexHtml: true
        )
        .withAdditionalMediaTypes(forFileExtensions: [
            "html": MediaType(type: .text, subType: "html", parameter: utf8),
            "js": MediaType(type: .text, subType: "javascript", parameter: utf8),
            "css": MediaType(type: .text, subType: "css", parameter: utf8),
            "webmanifest": MediaType(type: .application, subType: "manifest+json", parameter: utf8),
            "png": MediaType(type: .image, subType: "png"),
        ])
    }
}

/// The page's files, in memory: a request path names a file only when it is one of the table's paths exactly (no
/// `..`, no hidden file, nothing of the file system), and `/` is the folder whose `index.html` FileMiddleware looks
/// for. Anything else is "no such file", and the request gets the router's own 404, which names no path.
struct WebAssetFiles: FileProvider {
    /// A file's size and date, or the folder `/`.
    struct FileAttributes: FileMiddlewareFileAttributes, Sendable {
        var isFolder: Bool
        var size: Int
        var modificationDate: Date
    }
    typealias FileIdentifier = String

    /// Each file by its path.
    let files: [String: [UInt8]]
    /// The date every file is given.
    let modificationDate: Date

    func getFileIdentifier(_ path: String) -> String? {
        path == "/" || files[path] != nil ? path : nil
    }

    func getAttributes(id: String) async throws -> FileAttributes? {
        if id == "/" { return FileAttributes(isFolder: true, size: 0, modificationDate: modificationDate) }
        return files[id].map { FileAttributes(isFolder: false, size: $0.count, modificationDate: modificationDate) }
    }

    func loadFile(id: String, context: some RequestContext) async throws -> ResponseBody {
        guard let bytes = files[id] else { throw HTTPError(.notFound) }
        return ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
    }

    func loadFile(id: String, range: ClosedRange<Int>, context: some RequestContext) async throws -> ResponseBody {
        guard let bytes = files[id] else { throw HTTPError(.notFound) }
        // Clamped to the file, as Hummingbird's own file reader does.
        return ResponseBody(byteBuffer: ByteBuffer(bytes: bytes.isEmpty ? [] : bytes[range.clamped(to: 0...(bytes.count - 1))]))
    }
}

import Hummingbird

/// The web app's engine: `livephoto.js` (an ES module, with the modules it imports), `livephoto.wasm` (the lossless operations compiled to
/// WebAssembly by `scripts/wasm.sh`) and `livephoto-library.wasm` (the same with a library's operations), from the folder ``ServerOptions/engineDirectory`` names. With it the page makes,
/// takes apart, converts and edits in the browser, and uploads only what needs ffmpeg; without it (no folder), both
/// are 404 and the page uploads for every job, as before the engine.
///
/// Only those names are served, each from that folder (a link out of it is refused): no path of the request
/// reaches the file system.
struct EngineController {
    /// The files served, by the name the page asks for, with their types.
    static let files: [String: String] = [
        "livephoto.js": "text/javascript; charset=utf-8",
        "inputs.js": "text/javascript; charset=utf-8",
        "frame.js": "text/javascript; charset=utf-8",
        "checksums.js": "text/javascript; charset=utf-8",
        "library.js": "text/javascript; charset=utf-8",
        "zipstream.js": "text/javascript; charset=utf-8",
        "import.js": "text/javascript; charset=utf-8",
        "importparts.js": "text/javascript; charset=utf-8",
        "importzips.js": "text/javascript; charset=utf-8",
        "importtars.js": "text/javascript; charset=utf-8",
        "landing.js": "text/javascript; charset=utf-8",
        "zipmember.js": "text/javascript; charset=utf-8",
        "zipcheck.js": "text/javascript; charset=utf-8",
        "importsidecars.js": "text/javascript; charset=utf-8",
        "importwrite.js": "text/javascript; charset=utf-8",
        "twins.js": "text/javascript; charset=utf-8",
        "readbuffers.js": "text/javascript; charset=utf-8",
        "livephoto.wasm": "application/wasm",
        "livephoto-library.wasm": "application/wasm",
    ]

    let state: ServerState

    func addRoutes(to group: RouterGroup<ServerContext>) {
        let state = state
        for (name, type) in Self.files {
            // HEAD as well as GET, as for the page's own files.
            for method in [HTTPRequest.Method.get, .head] {
                group.on(RouterPath(name), method: method) { request, context in
                    guard let folder = state.options.engineDirectory else {
                        throw HTTPError(.notFound, message: "This server has no engine: the page sends its files to the server instead.")
                    }
                    return try await FileResponse.make("\(folder)/\(name)", request: request, context: context, type: type, within: folder)
                }
            }
        }
    }
}

import Hummingbird

/// The page, its script and style, and what the page asks first: whether there is a gallery, the upload limit, and
/// the camera's window.
struct PageController {
    struct Config: Encodable {
        var gallery: Bool
        var maxUploadMB: Int
        /// Camera mode: seconds kept before and after each press.
        var captureBefore: Double
        var captureAfter: Double
    }

    let state: ServerState

    func addRoutes(to group: RouterGroup<ServerContext>) {
        group.get("/") { _, _ in WebAssets.response(WebAssets.page, type: "text/html; charset=utf-8") }
        group.get("/app.js") { _, _ in WebAssets.response(WebAssets.script, type: "text/javascript; charset=utf-8") }
        group.get("/app.css") { _, _ in WebAssets.response(WebAssets.style, type: "text/css; charset=utf-8") }
        group.get("/api/config", use: config)
    }

    @Sendable func config(_ request: Request, context: ServerContext) throws -> Response {
        try JSONBody.response(
            Config(
                gallery: state.gallery != nil, maxUploadMB: Int(state.options.maxUploadBytes >> 20),
                captureBefore: state.options.captureBefore, captureAfter: state.options.captureAfter))
    }
}

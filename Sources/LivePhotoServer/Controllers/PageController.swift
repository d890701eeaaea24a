import Hummingbird

/// What the page asks first: whether there is a gallery, the upload limit, and the camera's window. The page itself,
/// its modules and its style are files served by ``WebAssets``'s middleware.
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
        group.get("/api/config", use: config)
    }

    @Sendable func config(_ request: Request, context: ServerContext) throws -> Response {
        try JSONBody.response(
            Config(
                gallery: state.gallery != nil, maxUploadMB: Int(state.options.maxUploadBytes >> 20),
                captureBefore: state.options.captureBefore, captureAfter: state.options.captureAfter))
    }
}

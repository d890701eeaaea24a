import Hummingbird

/// The HTTP interface. Every file of the user's is reached through an id the server made (an upload, a job, a
/// gallery number), never through a path from the request; the only paths read are the page's own files, confined
/// to the resources folder by ``WebAssetFiles``, the engine's two files, by their fixed names in its folder
/// (``EngineController``), and the Import view's: the folders it lists (names and sizes, never
/// a hidden one nor the server's own, by ``FolderBrowser``) and the Takeout it reads into the gallery's folder.
enum Routes {
    static func router(_ state: ServerState) -> Router<ServerContext> {
        let router = Router(context: ServerContext.self)
        // Outermost first: every response gets the headers, errors become JSON, then other sites are kept out.
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: ErrorPageMiddleware(workDirectory: state.options.workDirectory))
        router.add(middleware: SameOriginMiddleware(allowedHosts: [state.options.host] + state.options.allowedHosts))
        if let token = state.options.accessToken { router.add(middleware: AccessTokenMiddleware(token: token)) }
        // Innermost: the page's files, for a GET no route answers (a 404 from the router), after the checks above.
        router.add(middleware: WebAssets.middleware(context: ServerContext.self))

        PageController(state: state).addRoutes(to: router.group())
        EngineController(state: state).addRoutes(to: router.group("engine"))
        UploadController(state: state).addRoutes(to: router.group("api/uploads"))
        JobController(state: state).addRoutes(to: router.group("api/jobs"))
        GalleryController(state: state).addRoutes(to: router.group("api/gallery"))
        ImportController(state: state).addRoutes(to: router.group("api/import"))
        return router
    }
}

import Hummingbird
internal import PortableFoundation

/// Errors as JSON `{"error": "..."}` with words a person understands; the page shows them. The headers an error
/// carries (a 416's Content-Range) are kept.
struct ErrorPageMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The server's work folder: no message names a path in it.
    let workDirectory: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            let text = ServerText.hidingPaths(in: error.body ?? "\(error.status.reasonPhrase)", under: workDirectory)
            return try JSONBody.response(["error": text], status: error.status, headers: error.headers)
        } catch let error as DecodingError {
            _ = error
            return try JSONBody.response(["error": "The request was not understood."], status: .badRequest)
        } catch {
            return try JSONBody.response(["error": JobQueue.message(for: error, hiding: workDirectory)], status: .internalServerError)
        }
    }
}

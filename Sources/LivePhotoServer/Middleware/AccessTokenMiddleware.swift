import HTTPTypes
import Hummingbird
import NIOCore
internal import PortableFoundation

/// Lets another host in only with the server's secret, the way notebook servers do: `serve` prints a link that
/// carries it (`?token=…`); the first request with it gets a cookie that later requests (the page's own fetches,
/// images, downloads) carry. Requests from this machine (a loopback address) need nothing. Anything else gets 403.
struct AccessTokenMiddleware<Context: RemoteAddressRequestContext>: RouterMiddleware {
    static var cookieName: String { "livephoto-token" }
    let token: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if Self.isLoopback(context.remoteAddress) { return try await next(request, context) }
        if let cookie = request.cookies[Self.cookieName], Self.matches(cookie.value, token) { return try await next(request, context) }
        guard let given = request.uri.queryParameters.get("token"), Self.matches(given, token) else {
            throw HTTPError(.forbidden, message: "Open this app with the link `livephoto serve` printed: it carries the access token.")
        }
        var response = try await next(request, context)
        // HttpOnly: the page's scripts never see it; Strict: no other site's request carries it.
        response.setCookie(Cookie(name: Self.cookieName, value: token, path: "/", httpOnly: true, sameSite: .strict))
        return response
    }

    static func isLoopback(_ address: SocketAddress?) -> Bool {
        guard let address else { return false }
        if case .unixDomainSocket = address { return true }
        guard let ip = address.ipAddress else { return false }
        return ip.hasPrefix("127.") || ip == "::1" || ip.hasPrefix("::ffff:127.")
    }

    /// Compares in time independent of where they differ.
    static func matches(_ given: String, _ expected: String) -> Bool {
        let a = Array(given.utf8), b = Array(expected.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

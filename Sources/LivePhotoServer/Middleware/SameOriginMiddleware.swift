import HTTPTypes
import Hummingbird
internal import PortableFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps other websites out of a local app that has no login (DNS rebinding and cross-site requests):
///
/// - a request whose `Host` is neither an IP address, `localhost`, the address the server was told to use, nor a name
///   given with `--allow-host` gets 403 (a rebinding page reaches us under its own name, never under these);
/// - a request that changes state (anything but GET and HEAD) whose `Origin` (or, without one, `Referer`) is another
///   origin than the request's own gets 403 (a cross-site form or `fetch` always carries its page's origin).
///
/// Requests without `Host`, `Origin` and `Referer` come from programs such as curl, not from a browser page.
struct SameOriginMiddleware<Context: RequestContext>: RouterMiddleware {
    let allowedHosts: Set<String>

    /// - Parameter allowedHosts: host names accepted besides IP addresses and `localhost` (lowercased, without port).
    init(allowedHosts: [String]) {
        self.allowedHosts = Set(allowedHosts.map { Self.hostName($0) ?? $0.lowercased() })
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let authority = request.head.authority
        if let authority, !isAllowed(host: authority) {
            throw HTTPError(.forbidden, message: "This server answers only to its own address (open it as http://127.0.0.1 or localhost).")
        }
        if request.method != .get, request.method != .head {
            let source = request.headers[.origin] ?? request.headers[.referer]
            if let source, !Self.sameOrigin(source, authority: authority) {
                throw HTTPError(.forbidden, message: "Requests from other websites are refused.")
            }
        }
        return try await next(request, context)
    }

    func isAllowed(host authority: String) -> Bool {
        guard let host = Self.split(authority)?.host else { return false }
        return host == "localhost" || Self.isIPAddress(host) || allowedHosts.contains(host)
    }

    /// The host of an `authority` (`name`, `name:port`, `[v6]:port`), lowercased and without brackets, and its
    /// port when given; nil when it is malformed.
    static func split(_ authority: String) -> (host: String, port: Int?)? {
        let text = authority.lowercased()
        let host: Substring, rest: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            host = text[text.index(after: text.startIndex)..<close]
            rest = text[text.index(after: close)...]
        } else {
            let colon = text.firstIndex(of: ":") ?? text.endIndex
            host = text[..<colon]
            rest = text[colon...]
        }
        guard !host.isEmpty else { return nil }
        if rest.isEmpty { return (String(host), nil) }
        guard rest.hasPrefix(":"), let port = Int(rest.dropFirst()), (0...65535).contains(port) else { return nil }
        return (String(host), port)
    }

    /// The host name alone (for `--allow-host` values given with a port).
    static func hostName(_ authority: String) -> String? { split(authority)?.host }

    /// True for an IPv4 or IPv6 literal: a rebinding page can only come under a DNS name.
    static func isIPAddress(_ host: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }

    /// True when `source` (an `Origin` or a `Referer` URL) has the same host and port as the request's `authority`.
    static func sameOrigin(_ source: String, authority: String?) -> Bool {
        guard let authority, let request = split(authority), let url = URL(string: source), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = url.host?.lowercased()
        else { return false }
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        return bare == request.host && (url.port ?? (scheme == "https" ? 443 : 80)) == (request.port ?? 80)
    }
}

/// Headers on every response: no MIME sniffing, only the app's own script and style (its engine's WebAssembly may
/// compile: `'wasm-unsafe-eval'` allows WebAssembly and no `eval`), workers only its own, never framed, no referrer.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    static var contentSecurityPolicy: String {
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self'; "
            + "img-src 'self' blob: data:; media-src 'self' blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
            + "form-action 'self'; frame-ancestors 'none'"
    }
    static var referrerPolicy: HTTPField.Name? { HTTPField.Name("Referrer-Policy") }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        if let name = Self.referrerPolicy { response.headers[name] = "no-referrer" }
        return response
    }
}

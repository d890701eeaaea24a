import Hummingbird
import NIOCore

/// The request context of every route: Hummingbird's basics and the address the request came from, which decides
/// whether it needs the access token (another host) or not (this machine).
struct ServerContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}

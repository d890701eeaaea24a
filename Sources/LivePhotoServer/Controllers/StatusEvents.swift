import Hummingbird
internal import PortableFoundation
import ServiceLifecycle

/// Server-sent events of a job's status: sent each time it changes, until the job ends, its status is gone, or the
/// server shuts down. A stream left open would hold a graceful shutdown until its job ends; it closes instead, and
/// the job is then cancelled with the others.
enum StatusEvents {
    /// - Parameters:
    ///   - interval: how often the status is read.
    ///   - status: the status now, and its job's state; nil once it is gone.
    static func response<Status: Encodable>(
        every interval: Duration, _ status: @escaping @Sendable () async -> (Status, JobStatus.State)?
    ) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-cache"
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                var last = ""
                while !Task.isShuttingDownGracefully, let (current, state) = await status() {
                    let json = try JSONBody.encode(current)
                    if json != last {
                        try await writer.write(ByteBuffer(string: "data: \(json)\n\n"))
                        last = json
                    }
                    if state == .done || state == .failed { break }
                    try await Task.sleep(for: interval)
                }
                try await writer.finish(nil)
            })
    }
}

import Hummingbird
import NIOCore
internal import PortableFoundation

/// JSON responses, with sorted keys (the page and the tests read them; events are compared as text), and JSON
/// requests read up to a bound.
enum JSONBody {
    /// The request's body as `T`, read only up to `limit` bytes: past it, 413; a body that is not such JSON, 400.
    static func decode<T: Decodable>(_ type: T.Type, from request: Request, limit: Int) async throws -> T {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw HTTPError(.contentTooLarge, message: "The request is larger than \(limit / 1024) KB.")
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(buffer.readableBytesView))
        } catch {
            throw HTTPError(.badRequest, message: "The request is not the JSON this expects.")
        }
    }

    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers extra: HTTPFields = [:]) throws -> Response {
        var headers = extra
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: try encode(value))))
    }
}

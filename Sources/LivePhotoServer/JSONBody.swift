import Hummingbird
internal import PortableFoundation

/// JSON responses, with sorted keys (the page and the tests read them; events are compared as text).
enum JSONBody {
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

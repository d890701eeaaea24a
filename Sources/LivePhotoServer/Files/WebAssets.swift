import Foundation
import Hummingbird

/// The page, its script and its style: `Resources/index.html`, `app.js` and `app.css`, copied beside the binary
/// (`livephoto_LivePhotoServer.resources`) so the app works offline, and read once.
enum WebAssets {
    static let page = load("index.html")
    static let script = load("app.js")
    static let style = load("app.css")

    static func response(_ text: String, type: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "no-cache"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// The resource `name`; a build without it cannot serve the page, which says so.
    static func load(_ name: String) -> String {
        let url = URL(fileURLWithPath: name)
        guard
            let found = Bundle.module.url(
                forResource: url.deletingPathExtension().lastPathComponent, withExtension: url.pathExtension, subdirectory: "Resources"),
            let text = try? String(contentsOf: found, encoding: .utf8)
        else {
            return "livephoto serve: \(name) is missing from livephoto_LivePhotoServer.resources beside the binary; rebuild or reinstall."
        }
        return text
    }
}

import Foundation
import Hummingbird
import HummingbirdTesting
import LivePhotoKit
import TestSupport
import Testing

@testable import LivePhotoServer

/// The page and its modules, compiled in from the resources folder.
extension ServerTests {
    @Test("the page, its modules and style are the resources folder's files, typed, revalidated; the page names both modes")
    func page() async throws {
        let (server, _) = try Self.server()
        try await server.application().test(.router) { client in
            let page = try await client.execute(uri: "/", method: .get)
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8" && page.headers[.cacheControl] == "no-cache")
            let html = String(buffer: page.body)
            #expect(html.contains("Assemble") && html.contains("Disassemble"))
            // Relative: the same page is a static site's, which may live in a subfolder (GitHub Pages).
            #expect(html.contains(#"<script type="module" src="app.js">"#))
            #expect(!html.contains("https://") && !html.contains("http://"))
            // A static host sends no headers: the page carries its policy, the engine's WebAssembly allowed to compile.
            #expect(html.contains(#"<meta http-equiv="Content-Security-Policy""#) && html.contains("script-src 'self' 'wasm-unsafe-eval'"))
            #expect(html.contains("connect-src 'self'") && html.contains(#"<link rel="manifest" href="manifest.webmanifest">"#))
            // Each is a resource file, served as it is in the source tree (a module left out of the table fails here).
            let resources = "\(ProjectPaths.root)/Sources/LivePhotoServer/Resources"
            #expect(html == (try String(contentsOfFile: "\(resources)/index.html", encoding: .utf8)))
            let modules = try FileManager.default.contentsOfDirectory(atPath: "\(resources)/js").filter { $0.hasSuffix(".js") }.sorted()
            #expect(modules.count >= 10)
            let assets = [("app.js", "text/javascript"), ("app.css", "text/css")] + modules.map { ("js/\($0)", "text/javascript") }
            for (file, type) in assets {
                let response = try await client.execute(uri: "/\(file)", method: .get)
                #expect(response.status == .ok, "\(file)")
                #expect(response.headers[.contentType] == "\(type); charset=utf-8", "\(file)")
                #expect(response.headers[.cacheControl] == "no-cache", "\(file)")
                #expect(String(buffer: response.body) == (try String(contentsOfFile: "\(resources)/\(file)", encoding: .utf8)), "\(file)")
            }
            // The manifest and its icons, which make the page installable.
            let manifest = try await client.execute(uri: "/manifest.webmanifest", method: .get)
            #expect(manifest.status == .ok && manifest.headers[.contentType] == "application/manifest+json; charset=utf-8")
            let fields = try Self.json(manifest)
            #expect(fields["name"] as? String == "livephoto" && fields["display"] as? String == "standalone" && fields["start_url"] != nil)
            for size in [192, 512] {
                let icon = try await client.execute(uri: "/icon-\(size).png", method: .get)
                #expect(icon.status == .ok && icon.headers[.contentType] == "image/png", "\(size)")
                let bytes = Array(icon.body.readableBytesView)
                #expect(bytes == Array(try Data(contentsOf: URL(fileURLWithPath: "\(resources)/icon-\(size).png"))), "\(size)")
            }
            // Every file of the resources folder is served (a file left out of the table fails here).
            let everything = try FileManager.default.subpathsOfDirectory(atPath: resources).filter { path in
                var folder: ObjCBool = false
                return FileManager.default.fileExists(atPath: "\(resources)/\(path)", isDirectory: &folder) && !folder.boolValue
            }
            for file in everything {
                #expect(try await client.execute(uri: "/\(file)", method: .get).status == .ok, "\(file)")
            }
            // Revalidation: the same file unchanged is a 304.
            let first = try await client.execute(uri: "/js/dom.js", method: .get)
            let etag = try #require(first.headers[.eTag])
            #expect(try await client.execute(uri: "/js/dom.js", method: .get, headers: [.ifNoneMatch: etag]).status == .notModified)
            // Ranges of a file in memory, an open one clamped to its end.
            let dom = Array(try String(contentsOfFile: "\(resources)/js/dom.js", encoding: .utf8).utf8)
            for (range, part) in [("bytes=0-9", dom[0...9]), ("bytes=10-", dom[10...])] {
                let response = try await client.execute(uri: "/js/dom.js", method: .get, headers: [.range: range])
                #expect(response.status == .partialContent && Array(response.body.readableBytesView) == Array(part), "\(range)")
            }
        }
    }

    @Test("the page's files: nothing of the file system, nothing but its pages, scripts and styles, no path in errors")
    func assetConfinement() async throws {
        let (server, ws) = try Self.server()
        try await server.application().test(.router) { client in
            for uri in [
                "/js/../../../../Package.swift", "/%2e%2e/%2e%2e/%2e%2e/Package.swift", "/js/%2e%2e%2fapp.js", "/js/..%2F..%2Fapp.js",
                "/..%2f..%2f..%2f..%2f..%2fetc/passwd", "//etc/passwd", "/etc/passwd", "/js", "/js/", "/.hidden.js", "/js/.dom.js",
                "/js/dom.js%00.png", "/js/dom.mjs", "/api/uploads/nope/photo", "/Resources/app.js", "/app.js/",
            ] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect([.badRequest, .notFound].contains(response.status), "\(uri): \(response.status)")
                let text = String(buffer: response.body)
                #expect(!text.contains("root:") && !text.contains("import "), "\(uri)")
                // Errors are JSON in words, never naming where the files are.
                let error = try #require(try Self.json(response)["error"] as? String, "\(uri)")
                #expect(!error.contains(ws.path) && !error.contains("/work"), "\(uri): \(error)")
            }
            // The same rules, one path at a time.
            let files = WebAssetFiles(files: WebAssets.files, modificationDate: WebAssets.loaded)
            for path in ["/", "/index.html", "/app.js", "/js/camera.js", "/app.css"] {
                #expect(files.getFileIdentifier(path) != nil, "\(path)")
            }
            let refused = [
                "", "app.js", "/..", "/js/../app.js", "/js//app.js", "/.env", "/js/x.json", "/js/a b.js", "/a/b/c/d/e.js", "/js/",
                "/Resources/app.js", "/js/dom.js/",
            ]
            for path in refused {
                #expect(files.getFileIdentifier(path) == nil, "\(path)")
            }
            // State-changing methods never reach a file.
            let put = try await client.execute(uri: "/app.js", method: .put, body: ByteBuffer(string: "x"))
            #expect(put.status == .notFound || put.status == .methodNotAllowed, "\(put.status)")
        }
    }
}

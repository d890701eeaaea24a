import Foundation
import Hummingbird
import HummingbirdTesting
import LivePhotoKit
import TestSupport
import Testing

@testable import LivePhotoServer

/// The engine's two files under /engine/, from the folder the server was given.
extension ServerTests {
    static func server(engine: String?) throws -> (LivePhotoServer, Workspace) {
        let ws = try Workspace()
        var options = ServerOptions(workDirectory: ws.file("work"))
        options.engineDirectory = engine
        let server = LivePhotoServer(options: options)
        try server.prepare()
        return (server, ws)
    }

    @Test("the engine: livephoto.js and livephoto.wasm from its folder, typed, with the security headers; 404 without one")
    func engineFiles() async throws {
        let folder = try Workspace()
        let module = Array("export const answer = 42;\n".utf8)
        let wasm: [UInt8] = [0x00, 0x61, 0x73, 0x6D, 0x01, 0x00, 0x00, 0x00]
        try Data(module).write(to: URL(fileURLWithPath: folder.file("livephoto.js")))
        try Data(module).write(to: URL(fileURLWithPath: folder.file("inputs.js")))
        try Data(wasm).write(to: URL(fileURLWithPath: folder.file("livephoto.wasm")))
        try Data("secret".utf8).write(to: URL(fileURLWithPath: folder.file("secret.txt")))
        let (server, _) = try Self.server(engine: folder.path)
        try await server.application().test(.router) { client in
            let js = try await client.execute(uri: "/engine/livephoto.js", method: .get)
            #expect(js.status == .ok && Array(js.body.readableBytesView) == module)
            #expect(js.headers[.contentType] == "text/javascript; charset=utf-8")
            // The modules livephoto.js imports, by their names.
            let imported = try await client.execute(uri: "/engine/inputs.js", method: .get)
            #expect(imported.status == .ok && Array(imported.body.readableBytesView) == module)
            let binary = try await client.execute(uri: "/engine/livephoto.wasm", method: .get)
            #expect(binary.status == .ok && Array(binary.body.readableBytesView) == wasm)
            #expect(binary.headers[.contentType] == "application/wasm")
            let head = try await client.execute(uri: "/engine/livephoto.wasm", method: .head)
            #expect(head.status == .ok && head.headers[.contentLength] == "\(wasm.count)" && head.body.readableBytes == 0)
            // The page's policy lets WebAssembly compile, and nothing else that eval would.
            let policy = try #require(binary.headers[.contentSecurityPolicy])
            #expect(policy.contains("script-src 'self' 'wasm-unsafe-eval';") && policy.contains("worker-src 'self'"))
            #expect(!policy.contains("'unsafe-eval'") && policy.contains("connect-src 'self'"))
            #expect(binary.headers[.xContentTypeOptions] == "nosniff")
            // Only the engine's names, and nothing of the folder beside them.
            for uri in [
                "/engine/secret.txt", "/engine/../engine/secret.txt", "/engine/%2e%2e/Package.swift", "/engine/%2e%2e%2fsecret.txt",
                "/engine/", "/engine", "/engine/livephoto.d.ts", "/engine/LIVEPHOTO.JS",
            ] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect([.badRequest, .notFound].contains(response.status), "\(uri): \(response.status)")
                #expect(!String(buffer: response.body).contains("secret") && !String(buffer: response.body).contains(folder.path), "\(uri)")
            }
        }
        // A link put in place of the module, pointing out of the folder, is refused.
        let outside = try Workspace()
        try Data(module).write(to: URL(fileURLWithPath: outside.file("livephoto.js")))
        try FileManager.default.removeItem(atPath: folder.file("livephoto.js"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("livephoto.js"), withDestinationPath: outside.file("livephoto.js"))
        try await server.application().test(.router) { client in
            let response = try await client.execute(uri: "/engine/livephoto.js", method: .get)
            #expect([.forbidden, .notFound].contains(response.status), "\(response.status)")
        }
        // Without an engine: 404 in words, and the page uploads instead.
        let (bare, _) = try Self.server(engine: nil)
        try await bare.application().test(.router) { client in
            let response = try await client.execute(uri: "/engine/livephoto.wasm", method: .get)
            #expect(response.status == .notFound)
            let error = try #require(try Self.json(response)["error"] as? String)
            #expect(error.contains("no engine"))
        }
    }
}

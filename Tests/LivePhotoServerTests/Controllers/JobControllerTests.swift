import Foundation
import Hummingbird
import HummingbirdTesting
import LivePhotoKit
import TestSupport
import Testing

@testable import LivePhotoServer

/// Jobs through the router: run, downloaded, errors in words.
extension ServerTests {
    @Test("a job: queued, run, its result downloadable in ranges; a failing job says why")
    func job() async throws {
        let (server, _) = try Self.server(limit: 64 << 20)
        let clip = try await ClipStore.shared.path(ClipSpec(audio: true))
        try await server.application().test(.router) { client in
            let body = ByteBuffer(bytes: try Data(contentsOf: URL(fileURLWithPath: clip)))
            let video = try Self.json(try await client.execute(uri: "/api/uploads?name=clip.mov", method: .put, body: body))
            let id = try #require(video["id"] as? String)
            #expect(abs((video["durationSeconds"] as? Double ?? 0) - 3) < 0.05)
            let created = try await client.execute(
                uri: "/api/jobs/assemble", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"video":"\#(id)","cover":1.5}"#))
            let job = try #require(try Self.json(created)["id"] as? String)
            var status: [String: Any] = [:]
            for _ in 0..<600 {
                status = try Self.json(try await client.execute(uri: "/api/jobs/\(job)", method: .get))
                if ["done", "failed"].contains(status["state"] as? String ?? "") { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(status["state"] as? String == "done", "\(status)")
            let result = try #require(status["result"] as? [String: Any])
            let files = try #require(result["files"] as? [[String: Any]])
            #expect(files.map { $0["role"] as? String } == ["photo", "video", "bundle"])
            #expect(files.allSatisfy { $0["path"] == nil })
            let range = try await client.execute(uri: "/api/jobs/\(job)/files/1", method: .get, headers: [.range: "bytes=4-11"])
            #expect(range.status == .partialContent)
            #expect(String(buffer: range.body) == "ftypqt  ")
            let whole = try await client.execute(uri: "/api/jobs/\(job)/files/0", method: .get)
            #expect(whole.headers[.contentDisposition]?.contains("attachment") == true)
            #expect(try await client.execute(uri: "/api/jobs/\(job)/files/9", method: .get).status == .notFound)

            let text = try Self.json(
                try await client.execute(uri: "/api/uploads?name=notes.txt", method: .put, body: ByteBuffer(string: "hello")))
            let failing = try #require(
                try Self.json(
                    try await client.execute(
                        uri: "/api/jobs/disassemble", method: .post, headers: [.contentType: "application/json"],
                        body: ByteBuffer(string: #"{"files":["\#(text["id"] as? String ?? "")"]}"#)))["id"] as? String)
            var failed: [String: Any] = [:]
            for _ in 0..<100 {
                failed = try Self.json(try await client.execute(uri: "/api/jobs/\(failing)", method: .get))
                if failed["state"] as? String == "failed" { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect((failed["error"] as? String)?.contains("notes.txt") == true, "\(failed)")
        }
    }

    @Test("downloads: an ETag and 304 for it, 416 for a range past the end, a suffix range, the name as an attachment", .needsSamples)
    func downloads() async throws {
        let ws = try Workspace()
        let sample = "androidx-media_pixel-motion-photo-shortened.jpg"
        try FileManager.default.createDirectory(atPath: ws.file("gallery"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: ProjectPaths.sample(sample), toPath: ws.file("gallery/Motion é.jpg"))
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: ws.file("gallery/Motion é.jpg"))))
        let (server, _) = try Self.server(gallery: ws.file("gallery"))
        try await server.application().test(.router) { client in
            let page = try #require(
                try JSONSerialization.jsonObject(with: Data(buffer: try await client.execute(uri: "/api/gallery", method: .get).body))
                    as? [String: Any])
            let items = try #require(page["items"] as? [[String: Any]])
            #expect(items.map { $0["kind"] as? String } == ["motion-photo"])
            let uri = "/api/gallery/\(try #require(items.first?["id"] as? String))/original-photo"

            let whole = try await client.execute(uri: uri, method: .get)
            #expect(whole.status == .ok)
            #expect([UInt8](buffer: whole.body) == bytes)
            #expect(whole.headers[.contentLength] == String(bytes.count))
            #expect(whole.headers[.contentType] == "image/jpeg")
            #expect(whole.headers[.acceptRanges] == "bytes")
            #expect(whole.headers[.contentDisposition] == #"attachment; filename="Motion _.jpg"; filename*=UTF-8''Motion%20%C3%A9.jpg"#)
            let etag = try #require(whole.headers[.eTag])
            #expect(whole.headers[.lastModified] != nil)

            // The same request again, with the ETag it was given: 304 and no body.
            let again = try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)
            #expect(try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: #"W/"other""#]).status == .ok)

            // A range that starts past the end: 416, with the length; until now the whole file came with 200.
            let past = try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=\(bytes.count)-"])
            #expect(past.status == .rangeNotSatisfiable)
            #expect(past.headers[.contentRange] == "bytes */\(bytes.count)")
            #expect((try Self.json(past)["error"] as? String)?.contains("past the end") == true)

            let suffix = try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=-4"])
            #expect(suffix.status == .partialContent)
            #expect([UInt8](buffer: suffix.body) == Array(bytes.suffix(4)))
            #expect(suffix.headers[.contentRange] == "bytes \(bytes.count - 4)-\(bytes.count - 1)/\(bytes.count)")
            let middle = try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=2-5"])
            #expect(middle.status == .partialContent && [UInt8](buffer: middle.body) == Array(bytes[2...5]))
            let several = try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=0-1,4-5"])
            #expect(several.status == .ok && several.body.readableBytes == bytes.count)
        }
    }

    @Test("unknown ids and malformed requests are answered in words, never with a file")
    func errors() async throws {
        let (server, _) = try Self.server()
        try await server.application().test(.router) { client in
            for uri in ["/api/jobs/nope", "/api/jobs/nope/files/0", "/api/jobs/nope/events", "/api/uploads/nope/frame?t=1", "/api/gallery"]
            {
                let r = try await client.execute(uri: uri, method: .get)
                #expect(r.status == .notFound, "\(uri)")
                #expect((try Self.json(r)["error"] as? String)?.isEmpty == false, "\(uri)")
            }
            let bad = try await client.execute(
                uri: "/api/jobs/assemble", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: "{"))
            #expect(bad.status == .badRequest)
            let missing = try await client.execute(
                uri: "/api/jobs/assemble", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"video":"no-such-upload"}"#))
            #expect(missing.status == .notFound)
            #expect((try Self.json(missing)["error"] as? String)?.contains("choose it again") == true)
        }
    }
}

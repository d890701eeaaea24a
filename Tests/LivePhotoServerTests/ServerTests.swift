import Foundation
import Hummingbird
import HummingbirdTesting
import LivePhotoKit
import TestSupport
import Testing

@testable import LivePhotoServer

/// The HTTP interface, through Hummingbird's router test client (no port, no browser).
@Suite("serve: the HTTP interface")
struct ServerTests {
    static func server(limit: Int64 = 1 << 20, gallery: String? = nil) throws -> (LivePhotoServer, Workspace) {
        let ws = try Workspace()
        let server = LivePhotoServer(
            options: ServerOptions(directory: gallery, maxUploadBytes: limit, workDirectory: ws.file("work")))
        try server.prepare()
        return (server, ws)
    }

    static func json(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
    }

    @Test("the page, its modules and style come from the resources folder, typed, revalidated; the page names both modes")
    func page() async throws {
        let (server, _) = try Self.server()
        try await server.application().test(.router) { client in
            let page = try await client.execute(uri: "/", method: .get)
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8" && page.headers[.cacheControl] == "no-cache")
            let html = String(buffer: page.body)
            #expect(html.contains("Assemble") && html.contains("Disassemble"))
            #expect(html.contains(#"<script type="module" src="/app.js">"#))
            #expect(!html.contains("https://") && !html.contains("http://"))
            // Each is a resource file, served as it is in the source tree.
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
            // Revalidation: the same file unchanged is a 304.
            let first = try await client.execute(uri: "/js/dom.js", method: .get)
            let etag = try #require(first.headers[.eTag])
            #expect(try await client.execute(uri: "/js/dom.js", method: .get, headers: [.ifNoneMatch: etag]).status == .notModified)
        }
    }

    @Test("the page's files: nothing outside the resources folder, nothing but its pages, scripts and styles, no path in errors")
    func assetConfinement() async throws {
        let (server, ws) = try Self.server()
        let resources = try #require(WebAssets.folder)
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
                #expect(!error.contains(resources) && !error.contains(ws.path) && !error.contains("/work"), "\(uri): \(error)")
            }
            // The same rules, one path at a time.
            for path in ["/", "/index.html", "/app.js", "/js/camera.js", "/app.css"] {
                #expect(WebAssetFiles.isServable(path), "\(path)")
            }
            let refused = [
                "", "app.js", "/..", "/js/../app.js", "/js//app.js", "/.env", "/js/x.json", "/js/a b.js", "/a/b/c/d/e.js", "/js/",
            ]
            for path in refused {
                #expect(!WebAssetFiles.isServable(path), "\(path)")
            }
            // State-changing methods never reach a file.
            let put = try await client.execute(uri: "/app.js", method: .put, body: ByteBuffer(string: "x"))
            #expect(put.status == .notFound || put.status == .methodNotAllowed, "\(put.status)")
        }
        // A link planted among the files is not followed out of the folder.
        let planted = try Workspace()
        try FileManager.default.createDirectory(atPath: planted.file("root/js"), withIntermediateDirectories: true)
        _ = try planted.write(Array("secret".utf8), to: "secret.js")
        try FileManager.default.createSymbolicLink(atPath: planted.file("root/js/leak.js"), withDestinationPath: planted.file("secret.js"))
        let files = WebAssetFiles(root: planted.file("root"))
        let id = try #require(files.getFileIdentifier("/js/leak.js"))
        #expect(try await files.getAttributes(id: id) == nil)
    }

    @Test("uploads: stored under a safe name, described, refused past the limit with a reason")
    func uploads() async throws {
        let (server, ws) = try Self.server(limit: 100_000)
        let photo = try await ClipStore.shared.jpeg()
        try await server.application().test(.router) { client in
            let bytes = try Data(contentsOf: URL(fileURLWithPath: photo))
            let ok = try await client.execute(
                uri: "/api/uploads?name=..%2F..%2Fevil.jpg", method: .put, body: ByteBuffer(bytes: bytes))
            #expect(ok.status == .created)
            let upload = try Self.json(ok)
            #expect(upload["name"] as? String == "evil.jpg")
            #expect(upload["format"] as? String == "jpeg")
            #expect(upload["size"] as? Int == bytes.count)
            #expect(!FileManager.default.fileExists(atPath: ws.file("evil.jpg")))

            // A zip is described from its first bytes, not unpacked on upload.
            let zip = try Self.json(
                try await client.execute(
                    uri: "/api/uploads?name=x.pvt.zip", method: .put,
                    body: ByteBuffer(bytes: [0x50, 0x4B, 3, 4] + [UInt8](repeating: 0, count: 60))))
            #expect(zip["format"] as? String == "zip" && zip["role"] as? String == "bundle")

            let big = try await client.execute(
                uri: "/api/uploads?name=big.mov", method: .put, body: ByteBuffer(bytes: [UInt8](repeating: 7, count: 200_000)))
            #expect(big.status == .contentTooLarge)
            #expect((try Self.json(big)["error"] as? String)?.contains("larger than this server accepts") == true)
            // Nothing of the refused upload is left.
            let left = try FileManager.default.subpathsOfDirectory(atPath: ws.file("work/uploads")).filter { $0.hasSuffix("big.mov") }
            #expect(left.isEmpty)
        }
    }

    @Test("an upload says what the file is, from LivePhotoKit: a Motion Photo (JPEG's XMP, HEIC's mpvd box) or a plain still")
    func uploadRole() async throws {
        let (server, _) = try Self.server(limit: 64 << 20)
        let plain = try await ClipStore.shared.jpeg()
        try await server.application().test(.router) { client in
            // The page routes a photo dropped alone by this answer: a Motion Photo to Disassemble, else to Assemble.
            for (path, name, format, role) in [
                (ProjectPaths.sample("libmphoto_motion_photo_v1_synthetic.jpg"), "mp.jpg", "jpeg", "motion-photo"),
                (ProjectPaths.sample("samsung-s22-google-motionphoto-v1_ente.heic"), "mp.heic", "heic", "motion-photo"),
                (ProjectPaths.sample("androidx-media_ss-motion-photo-shortened.jpg"), "ss.jpg", "jpeg", "motion-photo"),
                (plain, "plain.jpg", "jpeg", "still"),
            ] {
                let body = ByteBuffer(bytes: try Data(contentsOf: URL(fileURLWithPath: path)))
                let response = try await client.execute(uri: "/api/uploads?name=\(name)", method: .put, body: body)
                #expect(response.status == .created, "\(name)")
                let upload = try Self.json(response)
                #expect(upload["format"] as? String == format && upload["role"] as? String == role, "\(name): \(upload)")
            }
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

    @Test("byte ranges and names")
    func helpers() {
        #expect(RangeRequest("bytes=0-99", size: 1000) == .part(0...99))
        #expect(RangeRequest("bytes=900-", size: 1000) == .part(900...999))
        #expect(RangeRequest("bytes=-100", size: 1000) == .part(900...999))
        #expect(RangeRequest("bytes=990-2000", size: 1000) == .part(990...999))
        #expect(RangeRequest("bytes=1000-", size: 1000) == .unsatisfiable)
        #expect(RangeRequest("bytes=-0", size: 1000) == .unsatisfiable)
        #expect(RangeRequest("bytes=0-", size: 0) == .unsatisfiable)
        // Several ranges, a backward range and a malformed header are ignored: the whole file is sent.
        #expect(RangeRequest("bytes=0-1,5-6", size: 1000) == .whole)
        #expect(RangeRequest("bytes=9-5", size: 1000) == .whole)
        #expect(RangeRequest("items=0-5", size: 1000) == .whole)
        #expect(RangeRequest(nil, size: 1000) == .whole)
        #expect(UploadStore.safeName("../../etc/passwd") == "passwd")
        #expect(UploadStore.safeName(".hidden") == "hidden")
        #expect(UploadStore.safeName("a/<b>?.jpg") == "_b__.jpg")
        #expect(UploadStore.safeName("") == "upload")
    }

    @Test("the gallery: pairs by identifier across folders, orphans marked, pages with totals; a rescan through the index")
    func galleryPages() async throws {
        let ws = try Workspace()
        let photo = try await ClipStore.shared.jpeg(), clip = try await ClipStore.shared.path(ClipSpec())
        var pairs: [(String, String)] = []
        for name in ["A", "B", "C"] {
            let result = try await LivePhotoMaker.make(
                photo: photo, video: clip, options: MakeOptions(outputDirectory: ws.file("made"), name: name, wallpaper: .off))
            pairs.append((try #require(result.photo), try #require(result.movie)))
        }
        let made = pairs
        let fm = FileManager.default
        for folder in ["gallery/2024", "gallery/movies", "gallery/android"] {
            try fm.createDirectory(atPath: ws.file(folder), withIntermediateDirectories: true)
        }
        // A pair across folders and names, an orphan still, an orphan movie, a Motion Photo.
        try fm.copyItem(atPath: made[0].0, toPath: ws.file("gallery/2024/IMG_0001.JPG"))
        try fm.copyItem(atPath: made[0].1, toPath: ws.file("gallery/movies/IMG_0001(1).MP4"))
        try fm.copyItem(atPath: made[1].0, toPath: ws.file("gallery/2024/IMG_0002.JPG"))
        try fm.copyItem(atPath: made[2].1, toPath: ws.file("gallery/2024/IMG_0003.MOV"))
        try fm.copyItem(
            atPath: ProjectPaths.sample("libmphoto_motion_photo_v1_synthetic.jpg"), toPath: ws.file("gallery/android/PXL.MP.jpg"))
        let server = LivePhotoServer(
            options: ServerOptions(directory: ws.file("gallery"), workDirectory: ws.file("work"), indexPath: ws.file("index.sqlite")))
        try server.prepare()
        try await server.application().test(.router) { client in
            func page(_ query: String) async throws -> [String: Any] {
                let response = try await client.execute(uri: "/api/gallery\(query)", method: .get)
                #expect(response.status == .ok)
                return try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
            }
            let first = try await page("?limit=2")
            #expect(first["total"] as? Int == 4 && first["offset"] as? Int == 0 && first["limit"] as? Int == 2)
            #expect(
                first["counts"] as? [String: Int] == ["live-photo": 1, "orphan-still": 1, "orphan-movie": 1, "motion-photo": 1])
            let second = try await page("?offset=2&limit=2")
            let items = try #require(first["items"] as? [[String: Any]]) + (try #require(second["items"] as? [[String: Any]]))
            let ids = items.compactMap { $0["id"] as? String }
            #expect(Set(ids).count == 4)
            #expect(
                items.map { $0["name"] as? String } == [
                    "2024/IMG_0001.JPG", "2024/IMG_0002.JPG", "2024/IMG_0003.MOV", "android/PXL.MP.jpg",
                ])
            #expect(items.map { $0["kind"] as? String } == ["live-photo", "orphan-still", "orphan-movie", "motion-photo"])
            #expect(items[0]["pairedBy"] as? String == "identifier" && items[3]["flavor"] as? String == "google-motion-photo")
            #expect(items.allSatisfy { $0.keys.allSatisfy { !["photo", "movie"].contains($0) } }, "no path is sent")

            // The parts there are; the missing ones are named.
            #expect(try await client.execute(uri: "/api/gallery/\(ids[0])/original-video", method: .get).status == .ok)
            let noMovie = try await client.execute(uri: "/api/gallery/\(ids[1])/video", method: .get)
            #expect(noMovie.status == .notFound && String(buffer: noMovie.body).contains("movie is missing"))
            #expect(try await client.execute(uri: "/api/gallery/\(ids[2])/original-photo", method: .get).status == .notFound)
            let frame = try await client.execute(uri: "/api/gallery/\(ids[2])/photo", method: .get)
            #expect(frame.status == .ok && frame.headers[.contentType] == "image/jpeg")

            // The movie's still comes back: the next first page pairs them.
            try fm.copyItem(atPath: made[2].0, toPath: ws.file("gallery/2024/IMG_0003.JPG"))
            let again = try await page("")
            #expect(again["counts"] as? [String: Int] == ["live-photo": 2, "orphan-still": 1, "motion-photo": 1])
            // The items that kept their place keep their ids: the Motion Photo is still reached by the old one.
            let motion = try await client.execute(uri: "/api/gallery/\(ids[3])/original-photo", method: .get)
            #expect(motion.status == .ok && motion.headers[.contentDisposition]?.contains("PXL.MP.jpg") == true)
        }
    }

    @Test("downloads: an ETag and 304 for it, 416 for a range past the end, a suffix range, the name as an attachment")
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

    @Test("one run per key: concurrent callers share it; it is cancelled only when every caller is")
    func oncePerKey() async throws {
        let runs = OncePerKey<String>()
        let counter = Counter()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    try await runs.run("frame") {
                        await counter.increment()
                        try await Task.sleep(for: .milliseconds(200))
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(await counter.value == 1)
        #expect(await runs.count == 0)

        // The only caller is cancelled: the run stops instead of sleeping ten minutes. (The bound is loose on purpose:
        // other suites' blocking copies can hold this machine's two cooperative threads for tens of seconds.)
        let started = ContinuousClock.now
        let caller = Task { try await runs.run("long") { try await Task.sleep(for: .seconds(600)) } }
        try await Task.sleep(for: .milliseconds(100))
        caller.cancel()
        await #expect(throws: CancellationError.self) { try await caller.value }
        #expect(ContinuousClock.now - started < .seconds(300))
        #expect(await runs.count == 0)
    }

    @Test("frames: one ffmpeg per time however many ask, written under a temporary name and renamed")
    func frames() async throws {
        let (server, ws) = try Self.server(limit: 64 << 20)
        let clip = try await ClipStore.shared.path(ClipSpec())
        try await server.application().test(.router) { client in
            let upload = try Self.json(
                try await client.execute(
                    uri: "/api/uploads?name=clip.mov", method: .put,
                    body: ByteBuffer(bytes: try Data(contentsOf: URL(fileURLWithPath: clip)))))
            let id = try #require(upload["id"] as? String)
            let answers = try await withThrowingTaskGroup(of: (HTTPResponse.Status, Int).self) { group in
                for _ in 0..<12 {
                    group.addTask {
                        let r = try await client.execute(uri: "/api/uploads/\(id)/frame?t=1.25", method: .get)
                        return (r.status, r.body.readableBytes)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let folder = ws.file("work/uploads/\(id)")
            let frame = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/.frame-1.250.jpg"))
            #expect(frame.starts(with: [0xFF, 0xD8]) && frame.suffix(2) == Data([0xFF, 0xD9]))
            // Every answer is the whole JPEG, none a part of one being written.
            #expect(answers.allSatisfy { $0.0 == .ok && $0.1 == frame.count }, "\(answers)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [".frame-1.250.jpg", "clip.mov"])
            #expect(await server.state.toolSlots.peak == 1)
        }
    }

    @Test("an uploaded photo to show: a JPEG as it is, a HEIC through a display copy beside it, a non-photo refused in words")
    func uploadedPhoto() async throws {
        let (server, ws) = try Self.server(limit: 64 << 20)
        let jpeg = try await ClipStore.shared.jpeg()
        let notes = try ws.write(Array("not a photo at all\n".utf8), to: "notes.jpg")
        try await server.application().test(.router) { client in
            func put(_ path: String, as name: String) async throws -> String {
                let body = ByteBuffer(bytes: try Data(contentsOf: URL(fileURLWithPath: path)))
                let upload = try Self.json(try await client.execute(uri: "/api/uploads?name=\(name)", method: .put, body: body))
                return try #require(upload["id"] as? String)
            }
            let plain = try await put(jpeg, as: "photo.jpg")
            let same = try await client.execute(uri: "/api/uploads/\(plain)/photo", method: .get)
            #expect(same.status == .ok && same.headers[.contentType] == "image/jpeg")
            #expect(Data(buffer: same.body) == (try Data(contentsOf: URL(fileURLWithPath: jpeg))))

            let heic = try await put(ProjectPaths.sample("iphone7-ios12_IMG_2682_immich.heic"), as: "IMG_2682.heic")
            let copy = try await client.execute(uri: "/api/uploads/\(heic)/photo", method: .get)
            #expect(copy.status == .ok && copy.headers[.contentType] == "image/jpeg")
            #expect(Data(buffer: copy.body).starts(with: [0xFF, 0xD8]))
            // Beside the upload, under a name no upload can have.
            #expect(try FileManager.default.contentsOfDirectory(atPath: ws.file("work/uploads/\(heic)")).sorted() == [".display", "IMG_2682.heic"])

            let text = try await put(notes, as: "notes.jpg")
            let refused = try await client.execute(uri: "/api/uploads/\(text)/photo", method: .get)
            #expect(refused.status == .unprocessableContent)
            let reason = try #require(try Self.json(refused)["error"] as? String)
            #expect(reason.contains("cannot be shown") && !reason.contains(ws.path), "\(reason)")
            let expired = try await client.execute(uri: "/api/uploads/nope/photo", method: .get)
            #expect(expired.status == .notFound)
        }
    }

    @Test("blocking work runs on the queue's own threads, never on the cooperative pool")
    func blockingWork() async throws {
        #expect(!BlockingWork.isCurrent)
        #expect(await BlockingWork.perform { BlockingWork.isCurrent })
        // Under run, what a job calls (nonisolated async functions) runs there too, between its awaits.
        #expect(try await BlockingWork.run { await Self.onBlockingThread() })
        #expect(await Self.onBlockingThread() == false)
    }

    nonisolated static func onBlockingThread() async -> Bool {
        await Task.yield()
        return BlockingWork.isCurrent
    }

    @Test("shutdown cancels the jobs under way and the ones waiting, and waits for them")
    func shutdown() async throws {
        let (server, _) = try Self.server()
        let jobs = server.state.jobs
        let started = ContinuousClock.now
        let ids = try await server.application().test(.router) { _ in
            var ids: [String] = []
            for _ in 0..<3 {
                ids.append(
                    await jobs.submit(folder: "/nonexistent") { _ in
                        try await Task.sleep(for: .seconds(600))
                        return JobResult(files: [], hasPreview: false, summary: "")
                    })
            }
            for _ in 0..<400 where await jobs.status(ids[1])?.state != .running { try await Task.sleep(for: .milliseconds(10)) }
            return ids
        }
        // The test client's graceful shutdown has ended the queue's service: nothing is left running.
        for id in ids {
            let status = await jobs.status(id)
            #expect(status?.state == .failed)
            #expect(status?.error == "The server is stopping; try again.")
        }
        #expect(await jobs.runningCount == 0)
        // Far less than the jobs' 600 s: they were cancelled, not waited out. (Not tighter: while the other suites
        // load the machine, this test alone may wait minutes for a thread.)
        #expect(ContinuousClock.now - started < .seconds(300))
    }

    @Test("at most the job limit runs at once; the rest wait in order")
    func queue() async throws {
        let queue = JobQueue(limit: 2)
        // The jobs are child tasks of the queue's run (the application runs it as a service).
        let runner = Task { await queue.run() }
        defer { runner.cancel() }
        let gate = Gate()
        var ids: [String] = []
        for _ in 0..<4 {
            ids.append(
                await queue.submit(folder: "/nonexistent") { _ in
                    await gate.wait()
                    return JobResult(files: [], hasPreview: false, summary: "")
                })
        }
        // Two run and wait at the gate; the other two wait in line, in order.
        var states: [JobStatus.State?] = []
        for _ in 0..<400 {
            states = await ids.asyncMap { await queue.status($0)?.state }
            if states.filter({ $0 == .running }).count == 2, await gate.waiting == 2 { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(states == [.running, .running, .queued, .queued])
        #expect(await ids.asyncMap { await queue.status($0)?.position } == [nil, nil, 0, 1])
        #expect(await queue.runningCount == 2)
        await gate.open()
        for _ in 0..<400 {
            states = await ids.asyncMap { await queue.status($0)?.state }
            if states.allSatisfy({ $0 == .done }) { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(states == Array(repeating: .done, count: 4))
        #expect(await queue.runningCount == 0)
    }
}

/// Counts runs.
actor Counter {
    private(set) var value = 0
    func increment() { value += 1 }
}

/// Holds jobs until opened.
actor Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    var waiting: Int { waiters.count }

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        waiters.forEach { $0.resume() }
        waiters = []
    }
}

extension Array {
    func asyncMap<T>(_ transform: (Element) async -> T) async -> [T] {
        var out: [T] = []
        for e in self { out.append(await transform(e)) }
        return out
    }
}

/// The web app in headless Chromium (Selenium), at 1280×800 and at a phone's 375×812: files dropped on the page
/// routed to their mode, thumbnails before the job, Assemble, Disassemble, the viewer held by pointer, touch and
/// keyboard, the gallery grid, the Edit view (trim, mute, key photo, Bounce), no horizontal scrolling or overlapping controls, live regions and a name on every
/// control, screenshots of each mode at both sizes, and 50 concurrent uploads (Tests/Browser/webapp_test.py). With
/// `LIVEPHOTO_README_SCREENSHOTS=DIR` set, the screenshots the README shows are written to DIR as well.
@Suite("serve: in a real browser", .tags(.browser), .timeLimit(.minutes(10)))
struct BrowserTests {
    @Test("drops, thumbnails, Assemble, Disassemble, viewer, gallery, layout at two sizes, accessibility, 50 concurrent uploads")
    func browser() async throws {
        let ws = try Workspace()
        let clip = try await ClipStore.shared.path(ClipSpec(audio: true))
        let photo = try await ClipStore.shared.jpeg(width: 320, height: 240)
        let result = try await Tool.run(
            Readers.python,
            [
                "\(ProjectPaths.root)/Tests/Browser/webapp_test.py", ProjectPaths.executable, "\(ProjectPaths.root)/../shared/samples",
                photo,
                clip, ws.path,
            ], check: false)
        print(result.stdout)
        #expect(result.status == 0, "\(result.stdout.suffix(3000))\n\(result.stderr.suffix(3000))")
        #expect(result.stdout.contains("0 failed"))
    }
}

/// `livephoto serve` attacked as another website, another local user and a careless client would
/// (Tests/Browser/hardening_test.py): foreign Host and cross-origin requests, a gallery file swapped for a link, idle
/// connections, a burst of frame requests, upload and storage limits, a planted work-folder link.
@Suite("serve: hardening", .tags(.browser), .timeLimit(.minutes(5)))
struct HardeningTests {
    @Test("other sites refused, the gallery confined, every resource bounded, the work folder private")
    func hardening() async throws {
        let ws = try Workspace()
        let clip = try await ClipStore.shared.path(ClipSpec())
        let result = try await Tool.run(
            "python3",
            [
                "\(ProjectPaths.root)/Tests/Browser/hardening_test.py", ProjectPaths.executable, "\(ProjectPaths.root)/../shared/samples",
                clip, ws.path,
            ],
            check: false)
        print(result.stdout)
        let failed = result.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL") }.joined(separator: "\n")
        #expect(result.status == 0, "\(failed)\n\(result.stderr.suffix(2000))")
        #expect(result.stdout.contains("\n0 failed"))
    }
}

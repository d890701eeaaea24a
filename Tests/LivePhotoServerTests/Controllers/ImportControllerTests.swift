import Foundation
import Hummingbird
import HummingbirdTesting
import LivePhotoKit
import TestSupport
import Testing

@testable import LivePhotoServer

/// The Import view's routes: the listing of the machine's folders, an import of a small Takeout into the gallery's
/// folder with its progress and summary, one import at a time, errors that name no path of the server's.
extension ServerTests {
    /// A Takeout part as Google writes one: the iPhone's Live Photo (HEIC and MOV) with a sidecar in "Photos from
    /// 2018", the same two again in an album, and a sidecar whose photo is missing.
    static func takeoutZip(at path: String) async throws {
        let script = """
            import sys, zipfile
            out, heic, mov = sys.argv[1:4]
            base = "Takeout/Google Photos/"
            sidecar = '{"title": "IMG_3853.HEIC", "photoTakenTime": {"timestamp": "1546300800"}}'
            with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
                for folder in ["Photos from 2018/", "Trip/"]:
                    z.write(heic, base + folder + "IMG_3853.HEIC")
                    z.write(mov, base + folder + "IMG_3853.MOV")
                z.writestr(base + "Photos from 2018/IMG_3853.HEIC.supplemental-metadata.json", sidecar)
                z.writestr(base + "Trip/metadata.json", '{"title": "Trip"}')
                z.writestr(base + "Photos from 2018/IMG_0001.JPG.supplemental-metadata.json", sidecar.replace("IMG_3853.HEIC", "IMG_0001.JPG"))
            """
        try await Tool.run(
            Readers.python,
            ["-c", script, path, ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC"), ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV")])
    }

    static func post(_ client: some TestClientProtocol, _ uri: String, _ body: String) async throws -> TestResponse {
        try await client.execute(uri: uri, method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: body))
    }

    static func quoted(_ text: String) -> String {
        (try? JSONEncoder().encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }

    /// A server whose gallery is `gallery` and whose work folder is `work`, both in the caller's workspace.
    static func server(gallery: String, work: String, jobs: Int = 2) throws -> LivePhotoServer {
        let server = LivePhotoServer(options: ServerOptions(directory: gallery, maxConcurrentJobs: jobs, workDirectory: work))
        try server.prepare()
        return server
    }

    @Test("browse: folders and parts with sizes, never hidden names; hidden, missing, relative and private paths refused")
    func importBrowse() async throws {
        let ws = try Workspace()
        let fm = FileManager.default
        for folder in ["gallery", "home/Takeout", "home/.secret", "home/Downloads"] {
            try fm.createDirectory(atPath: ws.file(folder), withIntermediateDirectories: true)
        }
        _ = try ws.write(Array(repeating: 7, count: 1234), to: "home/takeout-20261127T101010Z-001.zip")
        _ = try ws.write([1, 2], to: "home/takeout-002.tgz")
        _ = try ws.write([1], to: "home/.hidden.zip")
        _ = try ws.write([1], to: "home/notes.txt")
        let server = try Self.server(gallery: ws.file("gallery"), work: ws.file("work"))
        try await server.application().test(.router) { client in
            let home = ws.file("home")
            let listed = try await client.execute(uri: "/api/import/browse?path=\(home)", method: .get)
            #expect(listed.status == .ok)
            let listing = try Self.json(listed)
            #expect(listing["path"] as? String == home && listing["parent"] as? String == ws.path)
            let entries = try #require(listing["entries"] as? [[String: Any]])
            #expect(
                entries.map { $0["name"] as? String } == ["Downloads", "Takeout", "takeout-002.tgz", "takeout-20261127T101010Z-001.zip"])
            #expect(entries.map { $0["kind"] as? String } == ["folder", "folder", "part", "part"])
            #expect(entries.last?["size"] as? Int == 1234 && entries.first?["size"] == nil)

            // `..` and `~` are resolved; without a path, the home folder.
            let up = try Self.json(try await client.execute(uri: "/api/import/browse?path=\(home)/Takeout/..", method: .get))
            #expect(up["path"] as? String == home)
            let start = try Self.json(try await client.execute(uri: "/api/import/browse", method: .get))
            #expect(start["path"] as? String == start["home"] as? String && start["entries"] != nil)

            for (query, status, words) in [
                ("\(home)/.secret", HTTPResponse.Status.forbidden, "Hidden"),
                ("\(home)/missing", .notFound, "\(home)/missing"),
                ("relative/folder", .badRequest, "relative/folder"),
                ("\(home)/notes.txt", .badRequest, "is a file"),
                (ws.file("work/uploads"), .forbidden, "server's own"),
            ] {
                let encoded = query.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? query
                let r = try await client.execute(uri: "/api/import/browse?path=\(encoded)", method: .get)
                let error = try Self.json(r)["error"] as? String ?? ""
                #expect(r.status == status, "\(query): \(error)")
                #expect(error.contains(words), "\(query): \(error)")
                #expect(!error.contains(ws.file("work")), "\(query): \(error)")
            }
            // The listing of the workspace itself leaves the server's work folder out.
            let top = try Self.json(try await client.execute(uri: "/api/import/browse?path=\(ws.path)", method: .get))
            #expect((top["entries"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["gallery", "home"])
        }

        // Without a gallery folder there is nothing to import into: the answer says how to start the server.
        let (bare, _) = try Self.server()
        try await bare.application().test(.router) { client in
            let available = try Self.json(try await client.execute(uri: "/api/import", method: .get))
            #expect(available["available"] as? Bool == false)
            for r in [
                try await client.execute(uri: "/api/import/browse", method: .get),
                try await Self.post(client, "/api/import", #"{"inputs":["/tmp"]}"#),
            ] {
                #expect(r.status == .notFound)
                #expect((try Self.json(r)["error"] as? String)?.contains("livephoto serve") == true)
            }
        }
    }

    @Test("an import: queued behind the job slots, a second refused, progress, the summary, the items in the gallery", .needsSamples)
    func importTakeout() async throws {
        let ws = try Workspace()
        try FileManager.default.createDirectory(atPath: ws.file("gallery"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: ws.file("downloads"), withIntermediateDirectories: true)
        let zip = ws.file("downloads/takeout-20261127T101010Z-001.zip")
        try await Self.takeoutZip(at: zip)
        let server = try Self.server(gallery: ws.file("gallery"), work: ws.file("work"), jobs: 1)
        let gate = Gate()
        try await server.application().test(.router) { client in
            // The only job slot is taken: the import waits in line, as other jobs do.
            _ = await server.state.jobs.submit(folder: ws.file("work/jobs/held")) { _ in
                await gate.wait()
                return JobResult(files: [], hasPreview: false, summary: "held")
            }
            let started = try await Self.post(
                client, "/api/import", #"{"inputs":[\#(Self.quoted(zip))],"destination":"keep","albums":"copies","includeTrashed":false}"#)
            #expect(started.status == .accepted)
            let id = try #require(try Self.json(started)["id"] as? String)
            let queued = try Self.json(try await client.execute(uri: "/api/import/\(id)", method: .get))
            #expect(queued["state"] as? String == "queued" && queued["position"] as? Int == 0, "\(queued)")
            #expect(try Self.json(try await client.execute(uri: "/api/import", method: .get))["running"] as? String == id)

            let second = try await Self.post(client, "/api/import", #"{"inputs":[\#(Self.quoted(zip))]}"#)
            #expect(second.status == .conflict)
            #expect((try Self.json(second)["error"] as? String)?.contains("already under way") == true)

            await gate.open()
            var status: [String: Any] = [:]
            for _ in 0..<600 {
                status = try Self.json(try await client.execute(uri: "/api/import/\(id)", method: .get))
                if ["done", "failed"].contains(status["state"] as? String ?? "") { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(status["state"] as? String == "done", "\(status)")
            let progress = try #require(status["progress"] as? [String: Any])
            #expect(progress["stage"] as? String == "writing" && progress["totalParts"] as? Int == 1 && progress["parts"] as? Int == 1)
            #expect(progress["files"] as? Int == progress["totalFiles"] as? Int)
            #expect(status["fraction"] as? Double == 1)
            let summary = try #require(status["summary"] as? [String: Any])
            let outcomes = try #require(summary["outcomes"] as? [String: Int])
            #expect(summary["mediaFiles"] as? Int == 4, "\(summary)")
            #expect(outcomes["paired-live-photo"] == 2 && outcomes["duplicate"] == 2 && outcomes["failed"] == 0, "\(outcomes)")
            #expect((summary["unusedSidecars"] as? [String])?.contains { $0.contains("IMG_0001.JPG") } == true, "\(summary)")
            #expect(summary["hasFailures"] as? Bool == false)

            // The events stream of a finished import: its last status, then the end.
            let events = String(buffer: try await client.execute(uri: "/api/import/\(id)/events", method: .get).body)
            #expect(events.hasPrefix("data: ") && events.contains(#""state":"done""#) && events.contains(#""summary""#))
            let text = String(buffer: try await client.execute(uri: "/api/import/\(id)", method: .get).body)
            #expect(!text.contains(ws.file("work")) && !text.contains(LibraryImport.workFolderName), "\(text)")

            // The gallery shows the Live Photo once: not the album's copies, nor the run's hidden folder.
            #expect(FileManager.default.fileExists(atPath: ws.file("gallery/Albums/Trip")))
            let page = try Self.json(try await client.execute(uri: "/api/gallery", method: .get))
            let items = try #require(page["items"] as? [[String: Any]])
            #expect(items.map { $0["kind"] as? String } == ["live-photo"], "\(items)")
            let name = items.first?["name"] as? String ?? ""
            #expect(name.lowercased().hasSuffix(".heic") && !name.hasPrefix("Albums/") && name.split(separator: "/").count == 3, "\(name)")
            #expect(try await client.execute(uri: "/api/import", method: .get).status == .ok)
            #expect(try Self.json(try await client.execute(uri: "/api/import", method: .get))["running"] == nil)
        }
    }

    @Test("import errors: paths typed are echoed, no path of the server's; a part that is no archive fails in words")
    func importErrors() async throws {
        let ws = try Workspace()
        try FileManager.default.createDirectory(atPath: ws.file("gallery/inner"), withIntermediateDirectories: true)
        let bad = try ws.write(Array("not a zip at all".utf8), to: "broken.zip")
        let server = try Self.server(gallery: ws.file("gallery"), work: ws.file("work"))
        let work = server.options.workDirectory
        try await server.application().test(.router) { client in
            for (body, status, words) in [
                (#"{"inputs":[]}"#, HTTPResponse.Status.badRequest, "Choose the export"),
                (#"{"inputs":["\#(ws.file("nowhere.zip"))"]}"#, .notFound, ws.file("nowhere.zip")),
                (#"{"inputs":["\#(ws.file("gallery/inner"))"]}"#, .badRequest, "outside"),
                (#"{"inputs":["\#(ws.path)"]}"#, .badRequest, "outside"),
                (#"{"inputs":["\#(work)/uploads"]}"#, .forbidden, "server's own"),
                (#"{"inputs":["\#(bad)"],"destination":"elsewhere"}"#, .badRequest, "keep, apple or android"),
                (#"{"inputs":["\#(bad)"],"albums":"maybe"}"#, .badRequest, "links, copies, json or none"),
            ] {
                let r = try await Self.post(client, "/api/import", body)
                let error = try Self.json(r)["error"] as? String ?? ""
                #expect(r.status == status, "\(body): \(error)")
                #expect(error.contains(words), "\(body): \(error)")
                #expect(!error.contains(work), "\(body): \(error)")
            }
            let started = try await Self.post(client, "/api/import", #"{"inputs":["\#(bad)"]}"#)
            let id = try #require(try Self.json(started)["id"] as? String)
            var status: [String: Any] = [:]
            for _ in 0..<300 {
                status = try Self.json(try await client.execute(uri: "/api/import/\(id)", method: .get))
                if ["done", "failed"].contains(status["state"] as? String ?? "") { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            let error = status["error"] as? String ?? ""
            #expect(status["state"] as? String == "failed" && error.contains("broken.zip"), "\(status)")
            #expect(!error.contains(work) && !error.contains(LibraryImport.workFolderName), "\(error)")
            #expect(try await client.execute(uri: "/api/import/nope", method: .get).status == .notFound)
            // The slot is free again.
            #expect(try Self.json(try await client.execute(uri: "/api/import", method: .get))["running"] == nil)
        }
    }
}

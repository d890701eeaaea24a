import Foundation
import Hummingbird
import HummingbirdTesting
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

@testable import LivePhotoServer

/// The gallery's problems and its Repair: `repair`'s diagnosis of the served folder by gallery item, with names below
/// the folder only, and the mending of chosen items in place, one repair at a time.
extension ServerTests {
    /// 2024-05-01 10:00:00 UTC.
    static let captured = Date(timeIntervalSince1970: 1_714_557_600)

    /// A Live Photo made by `make` in `folder` as NAME.JPG + NAME.MOV, both halves stamped with a capture time 0.4 s
    /// apart, as a camera writes them.
    static func stampedPair(in folder: String, name: String) async throws -> (still: String, movie: String) {
        let photo = try await ClipStore.shared.jpeg()
        let clip = try await ClipStore.shared.path(ClipSpec())
        let made = try await LivePhotoCLI.run(["make", photo, clip, "--out", folder, "--name", name, "--no-wallpaper"])
        #expect(made.status == 0, "\(made.stderr)")
        let (still, movie) = ("\(folder)/\(name).JPG", "\(folder)/\(name).MOV")
        _ = try TakeoutStamp.apply(to: still, facts: ImportStamp.Facts(captureTime: captured), prefersSidecar: true)
        _ = try TakeoutStamp.apply(to: movie, facts: ImportStamp.Facts(captureTime: captured.addingTimeInterval(0.4)), prefersSidecar: true)
        return (still, movie)
    }

    /// Rewrites the movie at `path` without its content identifier (as iOS 18.0 wrote movies), the media data copied.
    static func removeIdentifier(from path: String) throws {
        let file = try RandomAccessFile(path: path)
        let movie = try Movie(file: file)
        var rewrite = try MovieRewrite(movie: movie, fileType: movie.fileType ?? .quickTime)
        rewrite.keepsOtherTopLevelBoxes = true
        rewrite.metadata = MovieRewrite.MetadataEdit(removing: [AppleMovieMetadata.contentIdentifierKey])
        var out = [UInt8]()
        for piece in try rewrite.layout().pieces {
            switch piece {
            case .bytes(let b): out += b
            case .copy(let offset, let length): out += try file.read(at: offset, count: Int(length))
            }
        }
        try Data(out).write(to: URL(fileURLWithPath: path))
    }

    @Test("gallery repair: problems name only the damaged item, below the folder; Repair mends it in place; refusals")
    func galleryRepair() async throws {
        let ws = try Workspace()
        try FileManager.default.createDirectory(atPath: ws.file("gallery/2024"), withIntermediateDirectories: true)
        let damaged = try await Self.stampedPair(in: ws.file("gallery/2024"), name: "IMG_0001")
        let fine = try await Self.stampedPair(in: ws.file("gallery/2024"), name: "IMG_0002")
        try Self.removeIdentifier(from: damaged.movie)
        #expect(try await LivePhotoCLI.run(["verify", damaged.still, damaged.movie]).status != 0)
        // One job slot, so that a repair can be held in line behind another job.
        let server = try Self.server(gallery: ws.file("gallery"), work: ws.file("work"), jobs: 1)
        try await server.application().test(.router) { client in
            let listed = try await client.execute(uri: "/api/gallery/problems", method: .get)
            let text = String(buffer: listed.body)
            #expect(listed.status == .ok, "\(text)")
            #expect(!text.contains(ws.path), "no absolute path: \(text)")
            let items = try #require(try Self.json(listed)["items"] as? [[String: Any]])
            #expect(items.count == 1, "\(text)")
            let item = try #require(items.first)
            #expect(item["name"] as? String == "2024/IMG_0001.JPG" && item["status"] as? String == "planned", "\(item)")
            let problems = item["problems"] as? [[String: Any]] ?? []
            #expect(problems.map { $0["kind"] as? String } == ["missing-identifier"], "\(problems)")
            #expect(problems.allSatisfy { ($0["file"] as? String)?.hasPrefix("2024/IMG_0001.") == true }, "\(problems)")
            let id = try #require(item["id"] as? String)

            // Refused: an unknown id, another website, nothing chosen, a body past the bound.
            let unknown = try await Self.post(client, "/api/gallery/repair", #"{"ids":["\#(id)","nope"]}"#)
            #expect(unknown.status == .notFound && String(buffer: unknown.body).contains("No such item"))
            let foreign = try await client.execute(
                uri: "/api/gallery/repair", method: .post,
                headers: [.contentType: "application/json", .origin: "http://elsewhere.example"],
                body: ByteBuffer(string: #"{"ids":["\#(id)"]}"#))
            #expect(foreign.status == .forbidden)
            #expect(try await Self.post(client, "/api/gallery/repair", #"{"ids":[]}"#).status == .badRequest)
            #expect(try await Self.post(client, "/api/gallery/repair", "not json").status == .badRequest)
            let huge = #"{"ids":["# + Array(repeating: Self.quoted(id), count: 8_000).joined(separator: ",") + "]}"
            #expect(try await Self.post(client, "/api/gallery/repair", huge).status == .contentTooLarge)
            #expect(try await LivePhotoCLI.run(["verify", damaged.still, damaged.movie]).status != 0, "nothing written yet")

            // A job holds the one slot: the repair waits in line, and a second one is refused meanwhile.
            let go = ws.file("go")
            _ = await server.state.jobs.submit(folder: ws.file("blocker")) { _ in
                while !FileManager.default.fileExists(atPath: go) { try await Task.sleep(for: .milliseconds(20)) }
                return JobResult(files: [], hasPreview: false, coverTimeSeconds: nil, identifier: nil, summary: "")
            }
            let first = Task { try await Self.post(client, "/api/gallery/repair", #"{"ids":["\#(id)"]}"#) }
            for _ in 0..<200 where !server.state.repairs.isBusy { try await Task.sleep(for: .milliseconds(20)) }
            #expect(server.state.repairs.isBusy)
            let second = try await Self.post(client, "/api/gallery/repair", #"{"ids":["\#(id)"]}"#)
            #expect(second.status == .conflict && String(buffer: second.body).contains("already under way"))
            _ = FileManager.default.createFile(atPath: go, contents: nil)

            let repaired = try await first.value
            let report = String(buffer: repaired.body)
            #expect(repaired.status == .ok, "\(report)")
            #expect(!report.contains(ws.path), "no absolute path: \(report)")
            let body = try Self.json(repaired)
            #expect(body["mended"] as? Int == 1 && body["failed"] as? Int == 0, "\(report)")
            let entry = try #require((body["items"] as? [[String: Any]])?.first)
            #expect(entry["id"] as? String == id && entry["status"] as? String == "mended", "\(entry)")
            #expect(entry["written"] as? [String] == ["2024/IMG_0001.MOV"], "\(entry)")
            #expect(!server.state.repairs.isBusy)
            #expect(try await LivePhotoCLI.run(["verify", damaged.still, damaged.movie]).status == 0)
            #expect(try await LivePhotoCLI.run(["verify", fine.still, fine.movie]).status == 0)

            // Mended: nothing is listed any more, and the item is now paired by identifier.
            let after = try Self.json(try await client.execute(uri: "/api/gallery/problems", method: .get))
            #expect((after["items"] as? [Any])?.isEmpty == true, "\(after)")
            let page = try Self.json(try await client.execute(uri: "/api/gallery", method: .get))
            #expect(page["counts"] as? [String: Int] == ["live-photo": 2], "\(page)")
            #expect((page["items"] as? [[String: Any]])?.allSatisfy { $0["pairedBy"] as? String == "identifier" } == true, "\(page)")
        }
    }
}

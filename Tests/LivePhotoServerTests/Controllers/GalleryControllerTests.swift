import Foundation
import Hummingbird
import HummingbirdTesting
import LivePhotoKit
import TestSupport
import Testing

@testable import LivePhotoServer

/// The gallery of a served folder.
extension ServerTests {
    @Test("the gallery: pairs by identifier across folders, orphans marked, pages with totals; a rescan through the index", .needsSamples)
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
            #expect(items.map { $0["family"] as? String } == ["apple", "apple", "apple", "google"])
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
}

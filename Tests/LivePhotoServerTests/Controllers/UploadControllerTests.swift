import Foundation
import Hummingbird
import HummingbirdTesting
import LivePhotoKit
import TestSupport
import Testing

@testable import LivePhotoServer

/// Uploads: stored, described, shown, their frames.
extension ServerTests {
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

    @Test(
        "an upload says what the file is, from LivePhotoKit: a Motion Photo (JPEG's XMP, HEIC's mpvd box) or a plain still", .needsSamples)
    func uploadRole() async throws {
        let (server, _) = try Self.server(limit: 64 << 20)
        let plain = try await ClipStore.shared.jpeg()
        try await server.application().test(.router) { client in
            // The page routes a photo dropped alone by this answer: a Motion Photo to Disassemble, else to Assemble.
            for (path, name, format, role, family) in [
                (ProjectPaths.sample("libmphoto_motion_photo_v1_synthetic.jpg"), "mp.jpg", "jpeg", "motion-photo", "google"),
                (ProjectPaths.sample("samsung-s22-google-motionphoto-v1_ente.heic"), "mp.heic", "heic", "motion-photo", "samsung"),
                (ProjectPaths.sample("androidx-media_ss-motion-photo-shortened.jpg"), "ss.jpg", "jpeg", "motion-photo", "microvideo"),
                (plain, "plain.jpg", "jpeg", "still", nil),
            ] {
                let body = ByteBuffer(bytes: try Data(contentsOf: URL(fileURLWithPath: path)))
                let response = try await client.execute(uri: "/api/uploads?name=\(name)", method: .put, body: body)
                #expect(response.status == .created, "\(name)")
                let upload = try Self.json(response)
                #expect(upload["format"] as? String == format && upload["role"] as? String == role, "\(name): \(upload)")
                #expect(upload["family"] as? String == family, "\(name): \(upload)")
            }
        }
    }

    @Test(
        "an uploaded photo to show: a JPEG as it is, a HEIC through a display copy beside it, a non-photo refused in words", .needsSamples)
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
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: ws.file("work/uploads/\(heic)")).sorted() == [
                    ".display", "IMG_2682.heic",
                ])

            let text = try await put(notes, as: "notes.jpg")
            let refused = try await client.execute(uri: "/api/uploads/\(text)/photo", method: .get)
            #expect(refused.status == .unprocessableContent)
            let reason = try #require(try Self.json(refused)["error"] as? String)
            #expect(reason.contains("cannot be shown") && !reason.contains(ws.path), "\(reason)")
            let expired = try await client.execute(uri: "/api/uploads/nope/photo", method: .get)
            #expect(expired.status == .notFound)
        }
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
}

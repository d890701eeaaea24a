import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

/// One input, opened and identified once: its kind from the first bytes, its Motion Photo reading kept, and every
/// error naming the user's file.
@Suite("inputs: the file opened and identified once")
struct InputFileTests {
    @Test("real files: the kind from the first bytes, the Motion Photo reading and its family", .needsSamples)
    func realSamples() throws {
        let cases: [(name: String, kind: FileKind, family: PhotoFamily?)] = [
            ("iphone_IMG_3853_gwy15.HEIC", .heic, nil),
            ("iphone_IMG_3853_gwy15.MOV", .quicktime, nil),
            ("androidx-media_pixel-motion-photo-shortened.jpg", .jpeg, .google),
            ("androidx-media_ss-motion-photo-shortened.jpg", .jpeg, .microvideo),
            ("androidx-media_sample_MP.heic", .heic, .google),
        ]
        for (name, kind, family) in cases {
            let input = try InputFile(path: ProjectPaths.sample(name))
            #expect(input.path == ProjectPaths.sample(name))
            #expect(input.kind == kind, "\(name)")
            #expect(input.file.size > 0, "\(name)")
            #expect(input.isMotionPhoto == (family != nil), "\(name)")
            #expect(input.motionFamily == family, "\(name)")
            #expect(InputFile.kind(of: input.path) == kind)
            #expect(FileKind.detect(path: input.path) == kind)
        }
    }

    @Test("the Motion Photo reading is done once and kept", .needsSamples)
    func readOnce() throws {
        let input = try InputFile(path: ProjectPaths.sample("androidx-media_pixel-motion-photo-shortened.jpg"))
        let first = try input.motionPhoto(), second = try input.motionPhoto()
        #expect(first.video == second.video && first.video != nil)
        #expect(input.vivoPairingID == nil)
    }

    @Test("a file cut short: still a JPEG by its first bytes; its reading fails naming it")
    func truncated() async throws {
        let ws = try Workspace()
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try await ClipStore.shared.jpeg())))
        let cut = try ws.write(Array(bytes.prefix(bytes.count / 2)), to: "cut.jpg")
        let input = try InputFile(path: cut)
        #expect(input.kind == .jpeg)
        #expect(!input.isMotionPhoto && input.motionFamily == nil)
        do {
            let motion = try input.motionPhoto()
            #expect(motion.video == nil, "half a JPEG holds a video: \(motion)")
        } catch {
            #expect(error.description.contains(cut), "\(error)")
        }
        let empty = try ws.write([], to: "empty.mov")
        #expect(try InputFile(path: empty).kind == .unknown)
    }

    @Test("a wrong extension: the bytes decide (the sample read in place, through a link)", .needsSamples)
    func wrongExtension() throws {
        let ws = try Workspace()
        let movie = ws.file("movie.jpg")
        try FileManager.default.createSymbolicLink(atPath: movie, withDestinationPath: ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV"))
        let input = try InputFile(path: movie)
        #expect(input.kind == .quicktime && input.path == movie)
        #expect(!input.isMotionPhoto && input.motionFamily == nil && input.vivoPairingID == nil)
        let text = try ws.write(Array("not a photo\n".utf8), to: "text.heic")
        #expect(try InputFile(path: text).kind == .unknown)
    }

    @Test("an unreadable path: an error naming it; kind(of:) says unknown")
    func unreadable() throws {
        let ws = try Workspace()
        for path in [ws.file("missing.jpg"), ws.file("")] {
            #expect(InputFile.kind(of: path) == .unknown)
            do {
                _ = try InputFile(path: path)
                Issue.record("\(path) opened")
            } catch {
                guard case .io(let named, let reason) = error else {
                    Issue.record("not an I/O error: \(error)")
                    continue
                }
                #expect(named == path && !reason.isEmpty)
            }
        }
    }
}

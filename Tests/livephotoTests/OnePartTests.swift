import Foundation
import TestSupport
import Testing

/// What a new user types first: one part of a Live Photo, the two in the wrong order, a folder to inspect.
@Suite("one part, either order, a folder")
struct OnePartTests {
    func livephoto(_ arguments: [String]) async throws -> ToolResult {
        try await LivePhotoCLI.run(arguments)
    }

    /// Makes Live Photo `name` into `folder` and returns its photo and movie.
    func make(_ name: String, in folder: String) async throws -> (photo: String, movie: String) {
        let photo = try await ClipStore.shared.jpeg(), clip = try await ClipStore.shared.path(ClipSpec())
        let made = try await livephoto(["make", photo, clip, "--out", folder, "--name", name, "--no-wallpaper"])
        #expect(made.status == 0, "\(made.stderr)")
        return ("\(folder)/\(name).JPG", "\(folder)/\(name).MOV")
    }

    func rename(_ from: String, _ to: String) throws {
        try FileManager.default.moveItem(atPath: from, toPath: to)
    }

    @Test("split, convert --to motion, verify and export given one part take the other from beside it, and say which")
    func otherPartFound() async throws {
        let ws = try Workspace()
        let (photo, movie) = try await make("IMG_0001", in: ws.file("lib"))
        // The movie renamed by an export, in another case and extension: found by its identifier.
        let renamed = ws.file("lib/clip-export.mp4")
        try rename(movie, renamed)
        let split = try await livephoto(["split", photo, "--out", ws.file("split")])
        #expect(split.status == 0, "\(split.stderr)")
        #expect(split.stdout.contains("took \(renamed), beside \(photo), which carries the same content identifier"))
        #expect(FileManager.default.fileExists(atPath: ws.file("split/IMG_0001.mp4")))
        let fromMovie = try await livephoto(["split", renamed, "--out", ws.file("split2")])
        #expect(fromMovie.status == 0 && fromMovie.stdout.contains("took \(photo), beside \(renamed)"), "\(fromMovie.stderr)")

        let convert = try await livephoto(["convert", "--to", "motion", photo, "--out", ws.file("motion")])
        #expect(convert.status == 0, "\(convert.stderr)")
        #expect(convert.stderr.contains("note: took \(renamed)"))
        let verify = try await livephoto(["verify", renamed, "--json"])
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(verify.stderr.contains("note: took \(photo)"))
        #expect((try JSONSerialization.jsonObject(with: verify.stdoutData) as? [String: Any])?["passed"] as? Bool == true)
        let export = try await livephoto(["export", photo, "--to", "gif", "--width", "64", "--out", ws.file("gif")])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(FileManager.default.fileExists(atPath: ws.file("gif/clip-export.gif")))

        // An edited movie beside it with the same identifier: the one of the same name is taken.
        try rename(renamed, ws.file("lib/IMG_0001.mov"))
        try FileManager.default.copyItem(atPath: ws.file("lib/IMG_0001.mov"), toPath: ws.file("lib/IMG_E0001.MOV"))
        let edited = try await livephoto(["verify", photo])
        #expect(edited.status == 0 && edited.stderr.contains("took \(ws.file("lib/IMG_0001.mov"))"), "\(edited.stderr)")
        // Two with its identifier and neither of its name: an error naming both.
        try rename(ws.file("lib/IMG_0001.mov"), ws.file("lib/IMG_F0001.MOV"))
        let several = try await livephoto(["split", photo, "--out", ws.file("split3")])
        #expect(several.status == 2)
        #expect(several.stderr.contains("2 files beside it carry its identifier"))
        #expect(several.stderr.contains("IMG_E0001.MOV") && several.stderr.contains("IMG_F0001.MOV"))
        let leftovers = FileManager.default.fileExists(atPath: ws.file("split3")) ? try ws.contents("split3") : []
        #expect(leftovers.isEmpty)

        // None: an error that says what was looked for.
        let alone = ws.file("alone")
        try FileManager.default.createDirectory(atPath: alone, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: photo, toPath: alone + "/IMG_0001.JPG")
        let none = try await livephoto(["convert", "--to", "motion", alone + "/IMG_0001.JPG", "--out", ws.file("motion2")])
        #expect(none.status == 2)
        #expect(none.stderr.contains("no movie beside it carries its identifier or its name"))
    }

    @Test("a part without an identifier is matched by name; a movie of another identifier is not taken for it")
    func byName() async throws {
        let ws = try Workspace()
        let (photo, movie) = try await make("IMG_0002", in: ws.file("lib"))
        // A plain photo (no identifier) beside a Live Photo movie of the same name: paired by name, and said so.
        let plain = try await ClipStore.shared.jpeg()
        try FileManager.default.removeItem(atPath: photo)
        try FileManager.default.copyItem(atPath: plain, toPath: ws.file("lib/img_0002.jpeg"))
        let verify = try await livephoto(["verify", movie])
        #expect(verify.stderr.contains("took \(ws.file("lib/img_0002.jpeg")), beside \(movie), by its name"), "\(verify.stderr)")
        #expect(verify.status == 1)  // found, and judged: the photo carries no identifier

        // The movie of another Live Photo under this photo's name is refused.
        let other = try await make("OTHER", in: ws.file("other"))
        try FileManager.default.removeItem(atPath: movie)
        let (photo3, _) = try await make("IMG_0003", in: ws.file("lib3"))
        try FileManager.default.removeItem(atPath: ws.file("lib3/IMG_0003.MOV"))
        try FileManager.default.copyItem(atPath: other.movie, toPath: ws.file("lib3/IMG_0003.MOV"))
        let refused = try await livephoto(["split", photo3, "--out", ws.file("split")])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("no movie beside it carries its identifier or its name"), "\(refused.stderr)")
    }

    @Test("make takes VIDEO PHOTO as it takes PHOTO VIDEO, telling them apart by their bytes")
    func eitherOrder() async throws {
        let ws = try Workspace()
        let photo = try await ClipStore.shared.jpeg(), clip = try await ClipStore.shared.path(ClipSpec())
        let made = try await livephoto(["make", clip, photo, "--out", ws.file("out"), "--name", "IMG", "--json"])
        #expect(made.status == 0, "\(made.stderr)")
        let result = try #require(try JSONSerialization.jsonObject(with: made.stdoutData) as? [String: Any])
        #expect((result["notes"] as? [String])?.first == "\(photo) is the photo and \(clip) the video (given the other way round)")
        #expect(try await livephoto(["verify", ws.file("out/IMG.JPG"), ws.file("out/IMG.MOV")]).status == 0)
        // Two photos are still refused.
        let two = try await livephoto(["make", photo, photo, "--out", ws.file("two")])
        #expect(two.status == 2 && two.stderr.contains("this is a photo; a video is needed"))
    }

    @Test("inspect DIR reads an ordinary folder's files; only a .pvt folder or one holding metadata.plist is a bundle")
    func folders() async throws {
        let ws = try Workspace()
        let (photo, movie) = try await make("IMG_0004", in: ws.file("plain"))
        try FileManager.default.copyItem(atPath: try await ClipStore.shared.jpeg(), toPath: ws.file("plain/photo.jpg"))
        try FileManager.default.createDirectory(atPath: ws.file("plain/sub"), withIntermediateDirectories: true)
        let folder = try await livephoto(["inspect", ws.file("plain"), "--json"])
        #expect(folder.status == 0, "\(folder.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: folder.stdoutData) as? [String: Any])
        let paths = (report["files"] as? [[String: Any]])?.compactMap { $0["path"] as? String }
        #expect(paths == [photo, movie, ws.file("plain/photo.jpg")])
        #expect(!folder.stdout.contains("bundle"))

        // A folder holding metadata.plist is a bundle, whatever its name; so is NAME.pvt.
        let bundle = try await livephoto([
            "make", try await ClipStore.shared.jpeg(), try await ClipStore.shared.path(ClipSpec()),
            "--out", ws.file("b"), "--name", "IMG", "--pvt",
        ])
        #expect(bundle.status == 0, "\(bundle.stderr)")
        try rename(ws.file("b/IMG.pvt"), ws.file("b/renamed"))
        for path in [ws.file("b/renamed")] {
            let inspected = try await livephoto(["inspect", path])
            #expect(inspected.status == 0, "\(inspected.stderr)")
            #expect(inspected.stdout.contains("Pair: yes"))
        }
        // An empty folder: said so, exit 2.
        try FileManager.default.createDirectory(atPath: ws.file("empty"), withIntermediateDirectories: true)
        let empty = try await livephoto(["inspect", ws.file("empty")])
        #expect(empty.status == 2)
        #expect(empty.stdout.contains("a folder with no files in it") || empty.stderr.contains("a folder with no files in it"))
    }
}

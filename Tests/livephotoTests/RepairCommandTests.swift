import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

/// `livephoto repair` as a user runs it: the report before any change, `--dry-run`, `--json`, the exit codes.
@Suite("the repair command")
struct RepairCommandTests {
    func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    /// A folder with a Motion Photo whose directory is stale (mendable) and a still and movie of one name captured a
    /// minute apart with no identifier in the still (not mended: nothing is guessed).
    func library(_ ws: Workspace) async throws -> (mendable: String, conflict: [String]) {
        var data = try bytes(ProjectPaths.sample("androidx-media_pixel-motion-photo-shortened.jpg"))
        let text = Array("Item:Length=\"8730\"".utf8)
        let at = try #require((0...(data.count - text.count)).first { data[$0..<$0 + text.count].elementsEqual(text) })
        data.replaceSubrange(at..<at + text.count, with: Array("Item:Length=\"8729\"".utf8))
        let motion = try ws.write(data, to: "library/MVIMG_0001.jpg")
        let photo = try await ClipStore.shared.jpeg(), clip = try await ClipStore.shared.path(ClipSpec())
        #expect(try await LivePhotoCLI.run(["make", photo, clip, "--out", ws.file("library"), "--name", "IMG_0002"]).status == 0)
        let (still, movie) = (ws.file("library/IMG_0002.JPG"), ws.file("library/IMG_0002.MOV"))
        _ = try await Tool.run(
            "exiftool", ["-q", "-overwrite_original", "-MakerNotes:all=", "-DateTimeOriginal=2024:05:01 10:00:00", still])
        _ = try TakeoutStamp.apply(
            to: movie, facts: ImportStamp.Facts(captureTime: Date(timeIntervalSince1970: 1_714_557_660)), prefersSidecar: true)
        return (motion, [still, movie])
    }

    @Test("--dry-run lists every problem with what the repair writes, writes nothing, exits 6 for what cannot be mended", .needsSamples)
    func dryRun() async throws {
        let ws = try Workspace()
        let (motion, conflict) = try await library(ws)
        let before = try ([motion] + conflict).map(bytes)
        let r = try await LivePhotoCLI.run(["repair", ws.file("library"), "--dry-run"])
        #expect(r.status == 6, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("motion-photo-directory: \(motion): the XMP directory"))
        #expect(r.stdout.contains("repair: rewrite the XMP directory to the true byte ranges"))
        #expect(r.stdout.contains("pairing-conflict:") && r.stdout.contains("captured 60 s apart"))
        #expect(r.stdout.contains("dry run: 1 item would be mended; nothing was written"))
        #expect(try ([motion] + conflict).map(bytes) == before)
    }

    @Test("--json: a line per item with its problems and status, then the counts; the mendable item is mended", .needsSamples)
    func jsonLines() async throws {
        let ws = try Workspace()
        let (motion, _) = try await library(ws)
        let r = try await LivePhotoCLI.run(["repair", ws.file("library"), "--json"])
        #expect(r.status == 6, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let items = lines.filter { $0["type"] as? String == "item" }
        let mended = try #require(items.first { ($0["files"] as? [String]) == [motion] }, "\(r.stdout)")
        #expect(mended["status"] as? String == "mended" && (mended["written"] as? [String]) == [motion])
        let problem = try #require((mended["problems"] as? [[String: Any]])?.first)
        #expect(problem["kind"] as? String == "motion-photo-directory" && problem["repair"] != nil)
        #expect(items.contains { $0["status"] as? String == "reported" })
        let summary = try #require(lines.last)
        #expect(summary["type"] as? String == "summary" && summary["itemsWithProblems"] as? Int == 2)
        #expect((summary["statuses"] as? [String: Int])?["mended"] == 1)
        // Mended in place: the directory now leads to the video, and a run over the file alone exits 0.
        let again = try await LivePhotoCLI.run(["repair", motion])
        #expect(again.status == 0 && again.stdout.contains("nothing to repair"), "\(again.stdout)")
    }

    @Test("a movie without its identifier beside two stills of its name and time: a line names all three, in text and JSON; exit 6")
    func movieBesideTwoStills() async throws {
        let ws = try Workspace()
        let photo = try await ClipStore.shared.jpeg(), clip = try await ClipStore.shared.path(ClipSpec())
        for folder in ["library", "other"] {
            #expect(try await LivePhotoCLI.run(["make", photo, clip, "--out", ws.file(folder), "--name", "IMG_0104"]).status == 0)
            _ = try await Tool.run(
                "exiftool", ["-q", "-overwrite_original", "-DateTimeOriginal=2024:05:01 10:00:00", ws.file("\(folder)/IMG_0104.JPG")])
        }
        try FileManager.default.moveItem(atPath: ws.file("other/IMG_0104.JPG"), toPath: ws.file("library/IMG_0104.jpeg"))
        let movie = ws.file("library/IMG_0104.MOV")
        // The movie's identifier taken out, as iOS 18.0 left it (exiftool cannot write the key).
        let file = try RandomAccessFile(path: movie)
        let parsed = try Movie(file: file)
        var rewrite = try MovieRewrite(movie: parsed, fileType: parsed.fileType ?? .quickTime)
        rewrite.keepsOtherTopLevelBoxes = true
        rewrite.metadata = MovieRewrite.MetadataEdit(removing: [AppleMovieMetadata.contentIdentifierKey])
        var edited: [UInt8] = []
        for piece in try rewrite.layout().pieces {
            switch piece {
            case .bytes(let b): edited += b
            case .copy(let offset, let length): edited += try file.read(at: offset, count: Int(length))
            }
        }
        try Data(edited).write(to: URL(fileURLWithPath: movie))
        #expect(try await Readers.exiftoolMovieIdentifier(movie) == nil)
        let names = ["IMG_0104.JPG", "IMG_0104.jpeg", "IMG_0104.MOV"]
        let before = try names.map { try bytes(ws.file("library/\($0)")) }

        let text = try await LivePhotoCLI.run(["repair", ws.file("library")])
        #expect(text.status == 6, "\(text.stdout)\(text.stderr)")
        let line = text.stdout.split(separator: "\n").first { $0.contains("pairing-conflict:") }.map(String.init) ?? ""
        #expect(names.allSatisfy { line.contains($0) }, "\(text.stdout)")
        #expect(!text.stdout.contains("nothing to repair"))

        let json = try await LivePhotoCLI.run(["repair", ws.file("library"), "--json"])
        #expect(json.status == 6)
        let items = json.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let conflict = try #require(
            items.first { ($0["problems"] as? [[String: Any]])?.contains { $0["kind"] as? String == "pairing-conflict" } == true },
            "\(json.stdout)")
        #expect(Set(((conflict["files"] as? [String]) ?? []).map { URL(fileURLWithPath: $0).lastPathComponent }) == Set(names))
        #expect(conflict["status"] as? String == "reported")
        #expect(try names.map { try bytes(ws.file("library/\($0)")) } == before)
    }

    @Test("--force needs --out; the help gives examples and the exit codes")
    func usage() async throws {
        #expect(try await LivePhotoCLI.run(["repair", "x", "--force"]).status == 64)
        let help = try await LivePhotoCLI.run(["repair", "--help"])
        #expect(help.stdout.contains("livephoto repair ~/Pictures/Library --dry-run") && help.stdout.contains("Exit status"))
    }
}

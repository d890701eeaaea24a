import Foundation
import MediaFormats
import TestSupport
import Testing

/// The `livephoto` executable as a user runs it: output, JSON and exit codes.
@Suite("the livephoto command")
struct CommandLineTests {
    func livephoto(_ arguments: [String]) async throws -> ToolResult {
        try await LivePhotoCLI.run(arguments)
    }

    func json(_ result: ToolResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
    }

    @Test("help names the commands and shows examples")
    func help() async throws {
        let root = try await livephoto(["--help"])
        #expect(root.status == 0)
        for word in ["make", "inspect", "verify", "split", "convert", "serve", "Exit codes"] { #expect(root.stdout.contains(word)) }
        for command in ["make", "inspect", "verify", "split", "convert", "export", "serve"] {
            let r = try await livephoto([command, "--help"])
            #expect(r.status == 0)
            #expect(r.stdout.contains("Examples:"))
            #expect(r.stdout.contains("--json"))
        }
    }

    @Test("every command's examples fit an 80-column terminal, one line each")
    func examplesFitEightyColumns() async throws {
        let root = try await LivePhotoCLI.run(["--help"], environment: ["COLUMNS": "80"])
        let commands = root.stdout.split(separator: "\n").drop { !$0.hasPrefix("SUBCOMMANDS:") }.dropFirst()
            .prefix { !$0.isEmpty }.filter { !$0.hasPrefix("   ") && !$0.hasPrefix("  See ") }
            .compactMap { $0.split(separator: " ").first.map { String($0.hasSuffix(",") ? $0.dropLast() : $0) } }
        #expect(commands.count >= 13, "\(root.stdout)")
        for command in commands {
            let help = try await LivePhotoCLI.run([command, "--help"], environment: ["COLUMNS": "80"])
            let examples = help.stdout.split(separator: "\n", omittingEmptySubsequences: false)
                .drop { $0 != "Examples:" }.dropFirst().prefix { !$0.isEmpty }
            #expect(!examples.isEmpty, "\(command) shows no examples")
            // An example the help wrapped goes on at the margin: every line of the block is an indented example.
            for line in examples { #expect(line.hasPrefix("  ") && line.count <= 80, "\(command): \(line)") }
        }
    }

    @Test("split, convert --to motion, inspect and convert --to live, in JSON, with their exit codes", .needsSamples)
    func motionPhotos() async throws {
        let ws = try Workspace()
        let sample = ProjectPaths.sample("samsung-s22-google-motionphoto-v1_ente.heic")
        let split = try await livephoto(["split", sample, "--out", ws.file("split"), "--json"])
        #expect(split.status == 0, "\(split.stderr)")
        let results = try #require(try JSONSerialization.jsonObject(with: split.stdoutData) as? [[String: Any]])
        #expect(results.first?["kind"] as? String == "motion-photo")
        #expect(results.first?["videoLocator"] as? String == "mpvd-box")
        #expect(results.first?["video"] as? String == ws.file("split/samsung-s22-google-motionphoto-v1_ente.mp4"))
        // Again without --force: the outputs exist.
        let again = try await livephoto(["split", sample, "--out", ws.file("split")])
        #expect(again.status == 3 && again.stderr.contains("already exists (use --force to overwrite it)"), "\(again.stderr)")

        let still = ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC"), movie = ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV")
        let motion = try await livephoto(["convert", "--to", "motion", still, movie, "--out", ws.file("mp"), "--name", "IMG", "--json"])
        #expect(motion.status == 0, "\(motion.stderr)")
        #expect(try json(motion)["presentationTimestampUs"] as? Int == 900_000)
        let inspected = try await livephoto(["inspect", ws.file("mp/IMG.MP.heic"), "--json"])
        let file = try #require((try json(inspected)["files"] as? [[String: Any]])?.first)
        #expect(file["role"] as? String == "motion-photo")
        let parts = try #require((file["motionPhoto"] as? [String: Any])?["parts"] as? [[String: Any]])
        #expect(Set(parts.compactMap { $0["name"] as? String }).isSuperset(of: ["image", "xmp", "mpvd box", "video"]))
        let text = try await livephoto(["inspect", ws.file("mp/IMG.MP.heic")])
        #expect(text.stdout.contains("motion      google-and-samsung v1, video found by mpvd-box"))

        let live = try await livephoto(["convert", "--to", "live", ws.file("mp/IMG.MP.heic"), "--out", ws.file("live"), "--json"])
        #expect(live.status == 0, "\(live.stderr)")
        #expect(try json(live)["coverTime"] as? Double == 0.9)
        #expect(try await livephoto(["verify", ws.file("live/IMG.HEIC"), ws.file("live/IMG.MOV")]).status == 0)

        let bad = try await livephoto(["split", ProjectPaths.sample("iphone7-ios12_IMG_2682_immich.heic"), "--out", ws.file("bad")])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("not a Motion Photo"))
        #expect(try await livephoto(["convert", "--to", "live", still, movie]).status == 64)
    }

    @Test("make --wallpaper refuses a cover that keeps the wallpaper still (exit 64); verify lists the gates")
    func wallpaper() async throws {
        let ws = try Workspace()
        let photo = try await ClipStore.shared.jpeg(), clip = try await ClipStore.shared.path(ClipSpec())
        let strict = try await livephoto(["make", photo, clip, "--out", ws.file("a"), "--cover", "0.2", "--wallpaper"])
        #expect(strict.status == 64)
        #expect(strict.stderr.contains("G3: only 6 frames before the still; wallpapers need 14"))
        let loose = try await livephoto(["make", photo, clip, "--out", ws.file("b"), "--name", "E", "--cover", "0.2"])
        #expect(loose.status == 0)
        #expect(loose.stdout.contains("the lock-screen wallpaper will not animate: G3"))
        let verified = try await livephoto(["verify", ws.file("b/E.JPG"), ws.file("b/E.MOV")])
        #expect(verified.status == 0)
        #expect(verified.stdout.contains("FAIL  G3 frames-before-still"))
        #expect(try await livephoto(["make", photo, clip, "--wallpaper", "--no-wallpaper"]).status == 64)
        let json = try self.json(try await livephoto(["verify", ws.file("b/E.JPG"), ws.file("b/E.MOV"), "--json"]))
        #expect((json["wallpaper"] as? [String: Any])?["ready"] as? Bool == false)
    }

    @Test("make, then verify and inspect, in JSON")
    func makeVerifyInspect() async throws {
        let ws = try Workspace()
        let photo = try await ClipStore.shared.jpeg(), clip = try await ClipStore.shared.path(ClipSpec(audio: true))
        let made = try await livephoto(["make", photo, clip, "--out", ws.path, "--name", "IMG", "--cover", "1.01", "--json"])
        #expect(made.status == 0, "\(made.stderr)")
        let result = try json(made)
        let id = try #require(result["identifier"] as? String)
        #expect(UUID(uuidString: id) != nil && id == id.uppercased())
        #expect(result["coverTime"] as? Double == 1.0)
        #expect(result["requestedCoverTime"] as? Double == 1.01)
        #expect(result["photo"] as? String == ws.file("IMG.JPG"))
        #expect(result["movie"] as? String == ws.file("IMG.MOV"))

        let verified = try await livephoto(["verify", ws.file("IMG.JPG"), ws.file("IMG.MOV"), "--json"])
        #expect(verified.status == 0)
        #expect(try json(verified)["passed"] as? Bool == true)

        let inspected = try await livephoto(["inspect", ws.file("IMG.JPG"), ws.file("IMG.MOV"), "--json"])
        #expect(inspected.status == 0)
        let report = try json(inspected)
        let files = try #require(report["files"] as? [[String: Any]])
        #expect(files.map { $0["role"] as? String } == ["live-photo-still", "live-photo-movie"])
        #expect(files.map { $0["contentIdentifier"] as? String } == [id, id])
        #expect((files[1]["movie"] as? [String: Any])?["coverTimeSeconds"] as? Double == 1.0)
        #expect((report["pair"] as? [String: Any])?["paired"] as? Bool == true)

        let text = try await livephoto(["inspect", ws.file("IMG.MOV")])
        #expect(text.stdout.contains("identifier  \(id)"))
        #expect(text.stdout.contains("cover       1.000 s"))
    }

    @Test("a tool's failure is reported as that tool's; the flags that would help are the command line's own", .needsSamples)
    func toolFailureAndFlagAdvice() async throws {
        let ws = try Workspace()
        let photo = try await ClipStore.shared.jpeg(), clip = try await ClipStore.shared.path(ClipSpec())
        // A heif-enc that fails, first on the PATH.
        try FileManager.default.createDirectory(atPath: ws.file("bin"), withIntermediateDirectories: true)
        try Data("#!/bin/sh\necho 'cannot encode: broken on purpose' >&2\nexit 1\n".utf8).write(
            to: URL(fileURLWithPath: ws.file("bin/heif-enc")))
        chmod(ws.file("bin/heif-enc"), 0o755)
        let path = ws.file("bin") + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let failed = try await LivePhotoCLI.run(
            ["make", photo, clip, "--photo-format", "heic", "--out", ws.file("out")],
            environment: ["PATH": path])
        #expect(failed.status == 2)
        #expect(failed.stderr.contains("heif-enc cannot use it: cannot encode: broken on purpose"), "\(failed.stderr)")
        #expect(!failed.stderr.contains("ffmpeg"), "\(failed.stderr)")
        #expect(try ws.contents("out").isEmpty)

        // The library names no flag; the command line adds its own.
        let heic = ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC")
        let keep = try await livephoto(["make", heic, clip, "--photo-format", "jpeg", "--out", ws.file("o2")])
        #expect(keep.status == 2 && keep.stderr.contains("cannot be converted to JPEG here; leave out --photo-format"), "\(keep.stderr)")
        let several = try await livephoto([
            "split", heic, ProjectPaths.sample("samsung-s22-google-motionphoto-v1_ente.heic"), "--name", "X", "--out", ws.file("o3"),
        ])
        #expect(several.status == 64 && several.stderr.contains("--name needs exactly one"), "\(several.stderr)")
    }

    @Test("inspect --boxes: each box with its offset, size and fields; a Motion Photo's embedded video; 2 for a text file", .needsSamples)
    func boxes() async throws {
        let movie = ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV")
        let text = try await livephoto(["inspect", "--boxes", movie])
        #expect(text.status == 0)
        #expect(text.stdout.contains("    mvhd  at 3430595, 108 bytes"), "\(text.stdout.prefix(400))")
        #expect(text.stdout.contains("timescale=600"))

        let motion = ProjectPaths.sample("libmphoto_motion_photo_v1_synthetic.jpg")
        let listed = try await livephoto(["inspect", "--boxes", "--json", motion, ProjectPaths.sample("PROVENANCE.md")])
        #expect(listed.status == 2 && listed.stderr.contains("PROVENANCE.md: not supported"), "\(listed.stderr)")
        let listings = try #require(try JSONSerialization.jsonObject(with: listed.stdoutData) as? [[String: Any]])
        let listing = try #require(listings.first)
        #expect(listings.count == 1 && listing["scope"] as? String == "embedded video")
        let first = try #require((listing["boxes"] as? [[String: Any]])?.first)
        #expect(first["type"] as? String == "ftyp" && first["offset"] as? Int == 30821)
    }

    @Test("scan: a summary, one JSON object per item with --json, a CSV table with --csv; 64 for a missing folder", .needsSamples)
    func scan() async throws {
        let samples = ProjectPaths.sample("")
        let ws = try Workspace()
        let index = ws.file("cache/index.sqlite")
        // Every file is read and is an item alone (the provenance notes an "other" one), but the Live Photo's two.
        let files = try FileManager.default.contentsOfDirectory(atPath: samples).filter { !$0.hasPrefix(".") }
        let text = try await livephoto(["scan", samples, "--index", index])
        #expect(
            text.status == 0 && text.stdout.contains("\(files.count) files found, \(files.count) read")
                && text.stdout.contains("live-photo     1"),
            "\(text.stdout)")
        #expect(try await livephoto(["scan", samples, "--index", index]).stdout.contains("\(files.count) files found, 0 read"))
        let lines = try await livephoto(["scan", "--json", "--no-index", samples]).stdout.split(separator: "\n")
        #expect(lines.count == files.count - 1)
        let items = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let live = try #require(items.first { $0["kind"] as? String == "live-photo" })
        #expect(live["identifier"] as? String == "71DCA213-5710-4A6C-BC6D-CE6306AEB8D8" && live["pairedBy"] as? String == "identifier")
        #expect(items.filter { $0["kind"] as? String == "motion-photo" }.count == 7)
        let csv = try await livephoto(["scan", "--csv", "--no-index", samples]).stdout.split(separator: "\n")
        #expect(csv.first == "kind,identifier,paired_by,flavor,files,variants,note" && csv.count == files.count)
        #expect(try await livephoto(["scan", ProjectPaths.sample("no-such-folder")]).status == 64)
    }

    @Test(
        "edit: --json says what changed; a range outside the movie or a key photo outside the range kept is exit 64, nothing written",
        .needsSamples)
    func edit() async throws {
        let ws = try Workspace()
        let photo = ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC"), movie = ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV")
        let done = try await livephoto(["edit", photo, movie, "--trim", "0.3..1.2", "--mute", "--out", ws.file("ok"), "--json"])
        #expect(done.status == 0, "\(done.stderr)")
        let report = try json(done)
        #expect(report["muted"] as? Bool == true && report["reencoded"] as? Bool == false && report["gainMapDropped"] as? Bool == false)
        #expect((report["trimmed"] as? [String: Any])?["start"] as? Double == 0.3)
        #expect(abs((report["keyPhotoTime"] as? Double ?? -1) - 0.6) < 0.0005)
        for bad in [["--trim", "5..6"], ["--trim", "0.1..0.5"], ["--trim", "2..1"], ["--key-photo", "9"], ["--trim", "x..1"]] {
            let refused = try await livephoto(["edit", photo, movie, "--out", ws.file("bad")] + bad)
            #expect(refused.status == 64, "\(bad): \(refused.status) \(refused.stderr)")
        }
        let leftovers = FileManager.default.fileExists(atPath: ws.file("bad")) ? try ws.contents("bad") : []
        #expect(leftovers.isEmpty)
    }

    @Test("exit codes: 3 when the output exists, 2 for a bad input, 1 when verify fails, 64 for usage")
    func exitCodes() async throws {
        let ws = try Workspace()
        let photo = try await ClipStore.shared.jpeg(), clip = try await ClipStore.shared.path(ClipSpec())
        #expect(try await livephoto(["make", photo, clip, "--out", ws.path, "--name", "A"]).status == 0)
        let exists = try await livephoto(["make", photo, clip, "--out", ws.path, "--name", "A"])
        #expect(exists.status == 3)
        #expect(exists.stderr.contains("already exists"))
        #expect(try await livephoto(["make", photo, clip, "--out", ws.path, "--name", "A", "--force"]).status == 0)

        let text = try ws.write(Array("not a movie".utf8), to: "text.mov")
        let bad = try await livephoto(["make", photo, text, "--out", ws.file("out"), "--json"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains(text))
        let badReport = try json(bad)
        #expect(badReport["error"] as? String != nil)
        let leftovers = try ws.contents("out")
        #expect(leftovers.isEmpty)

        #expect(try await livephoto(["make", photo, clip, "--out", ws.path, "--name", "B"]).status == 0)
        let mismatch = try await livephoto(["verify", ws.file("A.JPG"), ws.file("B.MOV")])
        #expect(mismatch.status == 1)
        #expect(mismatch.stdout.contains("FAIL  identifiers-match"))

        #expect(try await livephoto(["make", photo, clip, clip]).status == 64)
        #expect(try await livephoto(["make", photo, clip, "--quality", "0"]).status == 64)
        #expect(try await livephoto(["make", photo, clip, "--codec", "vp9"]).status == 64)
        let noFFmpeg = try await livephoto([
            "make", ws.file("A.JPG"), try await ClipStore.shared.path(ClipSpec(container: .mp4, fragmented: true)),
            "--out", ws.file("x"), "--ffmpeg", "/nonexistent/ffmpeg",
        ])
        #expect(noFFmpeg.status == 5)
        #expect(noFFmpeg.stderr.contains("ffmpeg is needed"))
        #expect(try await livephoto(["make", photo, clip, "--pvt", "--pvt-zip"]).status == 64)
        #expect(try await livephoto(["make", photo, clip, "--id", "not-a-uuid"]).status == 64)
        #expect(try await livephoto(["make", photo, clip, "--out", ws.path, "--cover", "99"]).status == 64)
        #expect(try await livephoto(["inspect", ws.file("missing.mov")]).status == 2)
    }

    @Test("the copy by read and write (the fallback to copy_file_range) gives the same movie")
    func readWriteCopy() async throws {
        let ws = try Workspace()
        let photo = try await ClipStore.shared.jpeg(), clip = try await ClipStore.shared.path(ClipSpec(audio: true))
        let id = "71DCA213-5710-4A6C-BC6D-CE6306AEB8D8"
        let kernel = try await livephoto(["make", photo, clip, "--out", ws.file("k"), "--id", id])
        let fallback = try await LivePhotoCLI.run(
            ["make", photo, clip, "--out", ws.file("r"), "--id", id],
            environment: ["LIVEPHOTO_COPY": "readwrite"])
        #expect(kernel.status == 0 && fallback.status == 0)
        let name = URL(fileURLWithPath: clip).deletingPathExtension().lastPathComponent
        #expect(try ws.read("k/\(name).MOV") == ws.read("r/\(name).MOV"))
        #expect(try ws.read("k/\(name).JPG") == ws.read("r/\(name).JPG"))
        #expect(try await Readers.framemd5(ws.file("r/\(name).MOV")) == Readers.framemd5(clip))
    }

    @Test(
        "inspect lists problems and exits 0; 2 only for a file it cannot parse; --force says what it does; convert --cover", .needsSamples)
    func problemsAndForce() async throws {
        let ws = try Workspace()
        let sample = [UInt8](try Data(contentsOf: URL(fileURLWithPath: ProjectPaths.sample("libmphoto_motion_photo_v1_synthetic.jpg"))))
        let cut = try ws.write(Array(sample.dropLast(5000)), to: "cut.jpg")
        let text = try await livephoto(["inspect", cut])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("problem     the Motion Photo data: "), "\(text.stdout)")
        let report = try await livephoto(["inspect", cut, "--json"])
        let file = try #require((try json(report)["files"] as? [[String: Any]])?.first)
        #expect(file["error"] == nil && (file["problems"] as? [String])?.count == 1)
        #expect(file["still"] != nil)
        let garbage = try ws.write(Array("not a photo at all".utf8), to: "garbage.jpg")
        #expect(try await livephoto(["inspect", garbage, cut]).status == 2)

        for (command, words) in [
            ("make", "Refuse a photo whose MakerNote another camera maker wrote"), ("split", "belong to different Live Photos"),
            ("convert", "belong to different Live Photos"), ("convert", "Overwrite existing outputs"), ("export", "Overwrite the output"),
        ] {
            let help = try await livephoto([command, "--help"]).stdout.replacingOccurrences(of: "\n", with: " ")
                .replacingOccurrences(of: #" +"#, with: " ", options: .regularExpression)
            #expect(help.contains(words), "\(command): \(help)")
        }

        let still = ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC")
        let other = try await livephoto([
            "make", try await ClipStore.shared.jpeg(), try await ClipStore.shared.path(ClipSpec()), "--out", ws.file("o"), "--name", "O",
        ])
        #expect(other.status == 0)
        let mismatched = try await livephoto(["split", still, ws.file("o/O.MOV"), "--out", ws.file("s")])
        #expect(mismatched.status == 2 && mismatched.stderr.contains("belong to different Live Photos; --force takes them together anyway"))
        #expect(try await livephoto(["split", still, ws.file("o/O.MOV"), "--out", ws.file("s"), "--force"]).status == 0)
        #expect(try ws.contents("s") == ["O.MOV", "iphone_IMG_3853_gwy15.HEIC"])

        let samsung = ProjectPaths.sample("samsung-s22-google-motionphoto-v1_ente.heic")
        let covered = try await livephoto(["convert", "--to", "live", samsung, "--cover", "1", "--out", ws.file("c"), "--json"])
        #expect(covered.status == 0, "\(covered.stderr)")
        #expect(abs((try json(covered)["coverTime"] as? Double ?? 0) - 1) < 0.02)
        let outside = try await livephoto(["convert", "--to", "live", samsung, "--cover", "30", "--out", ws.file("d")])
        #expect(outside.status == 64 && outside.stderr.contains(samsung) && !outside.stderr.contains(".livephoto-"))
        #expect(
            try await livephoto(["convert", "--to", "motion", still, ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV"), "--cover", "1"])
                .status
                == 64)
    }

    @Test("inspect reads the real iPhone pair", .needsSamples)
    func realPair() async throws {
        let r = try await livephoto([
            "inspect", "--json", ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC"), ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV"),
        ])
        #expect(r.status == 0)
        let files = try #require((try json(r))["files"] as? [[String: Any]])
        #expect(files.map { $0["contentIdentifier"] as? String } == Array(repeating: "71DCA213-5710-4A6C-BC6D-CE6306AEB8D8", count: 2))
        #expect((files[1]["movie"] as? [String: Any])?["coverTimeSeconds"] as? Double == 0.9)
    }
}

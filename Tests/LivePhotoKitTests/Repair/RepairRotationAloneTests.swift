import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

extension RepairTests {
    /// A Live Photo `name` made in `ws` from a clip shown turned by its rotation matrix, the still at 1.5 s: its movie's
    /// identifier and video stream (ffprobe's), checked to carry the rotation.
    static func rotatedLivePhoto(in ws: Workspace, name: String) async throws -> (identifier: String?, video: [String: Any]?) {
        let photo = try await ClipStore.shared.jpeg()
        let clip = try await ClipStore.shared.path(ClipSpec(rotation: 90))
        #expect(try await LivePhotoCLI.run(["make", photo, clip, "--out", ws.path, "--name", name, "--cover", "1.5"]).status == 0)
        let movie = ws.file("\(name).MOV")
        let before = try await Readers.ffprobeStreams(movie).first { $0["codec_type"] as? String == "video" }
        #expect((before?["side_data_list"] as? [[String: Any]])?.contains { $0["rotation"] != nil } == true)
        return (try await Readers.exiftoolMovieIdentifier(movie), before)
    }

    @Test("--bake-rotation bakes a Live Photo movie without its still too: same identifier, the still time of its own track")
    func rotationBakedWithoutStill() async throws {
        let ws = try Workspace()
        let (identifier, before) = try await Self.rotatedLivePhoto(in: ws, name: "IMG_0002")
        try FileManager.default.removeItem(atPath: ws.file("IMG_0002.JPG"))
        let movie = ws.file("IMG_0002.MOV")

        var options = LibraryRepair.Options(jobs: 1)
        options.bakesRotation = true
        let (survey, entries) = try await repair([ws.path], options)
        #expect(survey.diagnoses.first?.entry.problems.map(\.kind) == [.rotation], "\(survey.diagnoses.map(\.entry))")
        #expect(entries.map(\.status) == [.mended], "\(entries)")
        let video = try #require(try await Readers.ffprobeStreams(movie).first { $0["codec_type"] as? String == "video" })
        #expect(video["width"] as? Int == before?["height"] as? Int && video["height"] as? Int == before?["width"] as? Int)
        #expect((video["side_data_list"] as? [[String: Any]])?.contains { $0["rotation"] != nil } != true)
        #expect(try await Readers.exiftoolMovieIdentifier(movie) == identifier)
        let report = await LivePhotoInspector.inspect([movie])
        #expect(abs((report.files.first?.movie?.coverTimeSeconds ?? 0) - 1.5) < 0.04)
        // The movie alone is written: no still appears beside it.
        #expect(try ws.contents() == ["IMG_0002.MOV"])
    }
}

extension RepairTests {
    /// The real iPhone movie of the samples, read in place, as a portrait capture of a recent iPhone holds it, at
    /// `name` in `ws`: its video turned a quarter by its track's matrix (the sample's is upright), its
    /// video-orientation sample saying so (Exif 6), and four disabled auxiliary `auxv` tracks of the video's
    /// pictures (`tref vmap` to it, as an iPhone 17 Pro writes them), each turned by the same matrix.
    static func portraitCapture(in ws: Workspace, name: String) throws -> String {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV"))))
        let file = try RandomAccessFile(path: ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV"))
        let movie = try Movie(file: file)
        // The moov is last, so the media data keeps its offsets when it grows.
        #expect(movie.moovHeader.offset + movie.moovHeader.size == file.size)
        let orientation = try #require(
            movie.tracks.first { $0.metadataKeys?.key(named: "com.apple.quicktime.video-orientation") != nil })
        let at = try orientation.tables.sampleLocation(0)
        #expect(at.size == 10 && bytes[Int(at.offset) + 8..<Int(at.offset) + 10] == [0, 1])
        bytes[Int(at.offset) + 9] = 6

        var children = movie.moov.children
        let videoIndex = try #require(children.firstIndex { $0.type == "trak" })
        var video = children[videoIndex]
        var header = try TrackHeader(try #require(video.child("tkhd")))
        header.matrix = [0, 0x10000, 0, -0x10000, 0, 0, Int32(header.height >> 16) << 16, 0, 0x4000_0000]
        video.modifyChildren("tkhd") { $0 = header.atom }
        children[videoIndex] = video
        var auxiliaries: [Atom] = []
        for id: UInt32 in 6...9 {
            var aux = header
            aux.trackID = id
            aux.flags = 0x0E
            var parts: [Atom] = []
            for child in video.children where child.type != "meta" && child.type != "tapt" {
                if child.type == "tkhd" {
                    parts += [aux.atom, Atom(type: "tref", children: [Atom(type: "vmap", data: [0, 0, 0, 1])])]
                } else if child.type == "mdia" {
                    var mdia = child
                    mdia.modifyChildren("hdlr") { hdlr in
                        var data = hdlr.data
                        data.replaceSubrange(8..<12, with: Array("auxv".utf8))
                        hdlr = Atom(type: "hdlr", data: data)
                    }
                    parts.append(mdia)
                } else {
                    parts.append(child)
                }
            }
            auxiliaries.append(Atom(type: "trak", children: parts))
        }
        let lastTrack = try #require(children.lastIndex { $0.type == "trak" })
        children.insert(contentsOf: auxiliaries, at: lastTrack + 1)
        var mvhd = try MovieHeader(try #require(movie.moov.child("mvhd")))
        mvhd.nextTrackID = 10
        children[try #require(children.firstIndex { $0.type == "mvhd" })] = mvhd.atom
        var moov = movie.moov
        moov.setChildren(children)
        return try ws.write(Array(bytes[..<Int(movie.moovHeader.offset)]) + moov.serialized(), to: name)
    }

    @Test("--bake-rotation bakes a real iPhone capture alone: the video and its auxiliary tracks upright, every other track kept")
    func realCaptureBaked() async throws {
        let ws = try Workspace()
        let movie = try Self.portraitCapture(in: ws, name: "alone/IMG_3853.MOV")
        let before = try await Readers.ffprobeStreams(movie)
        #expect(before.count == 9)
        for index in [0, 5, 6, 7, 8] {
            #expect(before[index]["codec_name"] as? String == "hevc" && before[index]["width"] as? Int == 1920)
            #expect((before[index]["side_data_list"] as? [[String: Any]])?.contains { $0["rotation"] as? Int == -90 } == true)
        }
        let sampleDigest = try await fileDigest(ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV"))
        let stillBefore = try Self.firstSampleItems(movie, key: AppleTimedMetadata.stillImageTimeKey)
        #expect(stillBefore.first { $0.localID == 3 }?.value == [0x44, 0xF0, 0, 0, 0x44, 0xB4, 0, 0], "1920.0 × 1440.0")

        var options = LibraryRepair.Options(jobs: 1)
        options.bakesRotation = true
        let (survey, entries) = try await repair([ws.file("alone")], options)
        #expect(survey.diagnoses.first?.entry.problems.map(\.kind) == [.rotation], "\(survey.diagnoses.map(\.entry))")
        #expect(entries.map(\.status) == [.mended], "\(entries)")
        #expect(try ws.contents("alone") == ["IMG_3853.MOV"])

        // ffprobe: the same streams, the video and the auxiliary ones upright with no display matrix; the sound and the
        // timed metadata as they were.
        let after = try await Readers.ffprobeStreams(movie)
        try #require(after.map { $0["codec_tag_string"] as? String } == before.map { $0["codec_tag_string"] as? String })
        for index in [0, 5, 6, 7, 8] {
            #expect(after[index]["width"] as? Int == 1440 && after[index]["height"] as? Int == 1920, "\(after[index])")
            #expect((after[index]["side_data_list"] as? [[String: Any]])?.contains { $0["rotation"] != nil } != true)
            #expect(after[index]["nb_frames"] as? String == before[index]["nb_frames"] as? String)
        }
        #expect(after[1]["codec_name"] as? String == "pcm_s16le")
        #expect(try await Readers.exiftoolMovieIdentifier(movie) == "71DCA213-5710-4A6C-BC6D-CE6306AEB8D8")
        // The pictures are the ones ffmpeg showed turned: each frame of the baked video against the original's.
        let psnr = try await Tool.run(
            "ffmpeg",
            [
                "-v", "info", "-i", ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV"), "-i", movie, "-lavfi",
                "[0:v:0]transpose=clock[a];[a][1:v:0]psnr", "-f", "null", "-",
            ])
        let average = psnr.stderr.components(separatedBy: "average:").last.flatMap { Double($0.prefix { !$0.isWhitespace }) }
        #expect((average ?? 0) > 30, "\(psnr.stderr.suffix(300))")

        // The still time, the turned still-image transform, the video-orientation of an upright capture.
        let report = await LivePhotoInspector.inspect([movie])
        #expect(abs((report.files.first?.movie?.coverTimeSeconds ?? 0) - 0.9) < 0.001)
        #expect(report.files.first?.movie?.wallpaper?.ready == true)
        #expect(try Self.firstSampleItems(movie, key: "com.apple.quicktime.video-orientation").first?.value == [0, 1])
        let still = try Self.firstSampleItems(movie, key: AppleTimedMetadata.stillImageTimeKey)
        #expect(still.first { $0.localID == 3 }?.value == [0x44, 0xB4, 0, 0, 0x44, 0xF0, 0, 0], "1440.0 × 1920.0")
        // The homography maps a point of the upright picture where the old one mapped the same point before the turn.
        let old = try #require(Self.homography(stillBefore.first { $0.localID == 2 }?.value))
        let new = try #require(Self.homography(still.first { $0.localID == 2 }?.value))
        func apply(_ m: [Double], _ x: Double, _ y: Double) -> (Double, Double) {
            let w = m[6] * x + m[7] * y + m[8]
            return ((m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w)
        }
        for (x, y) in [(100.0, 200.0), (1800, 1300), (960, 720)] {
            let (ox, oy) = apply(old, x, y)
            let (nx, ny) = apply(new, 1440 - y, x)
            #expect(abs(nx - (1440 - oy)) < 0.5 && abs(ny - ox) < 0.5, "\((x, y)): \((nx, ny)) against \((1440 - oy, ox))")
        }
        // The pair passes verify with the real still, read in place.
        let verify = try await LivePhotoCLI.run(["verify", ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC"), movie])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(try await fileDigest(ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV")) == sampleDigest)
    }
}

extension RepairTests {
    /// The items of the first sample of the timed-metadata track of `path` whose keys include `key`.
    static func firstSampleItems(_ path: String, key: String) throws -> [(localID: UInt32, value: [UInt8])] {
        let file = try RandomAccessFile(path: path)
        let track = try #require(try Movie(file: file).tracks.first { $0.metadataKeys?.key(named: key) != nil })
        let at = try track.tables.sampleLocation(0)
        return try TimedMetadataSampleEntry.items(inSample: try file.read(at: Int64(at.offset), count: Int(at.size)))
    }

    /// Nine big-endian doubles, row by row: the still-image transform's value.
    static func homography(_ value: [UInt8]?) -> [Double]? {
        guard let value, value.count == 72 else { return nil }
        return (0..<9).map { i in Double(bitPattern: value[(8 * i)..<(8 * i + 8)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }) }
    }
}

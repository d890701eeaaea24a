import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

/// The lock-screen wallpaper gates (docs/formats/wallpaper.md#gates): the per-frame live-photo-info track, and what verify says.
@Suite("make: wallpaper-ready movies")
struct WallpaperTests {
    static func gates(_ report: WallpaperReport?) -> [String: WallpaperReport.Gate] {
        Dictionary(uniqueKeysWithValues: (report?.gates ?? []).map { ($0.id, $0) })
    }

    static func tracks(_ path: String) throws -> (movie: Movie, video: MovieTrack, info: MovieTrack?) {
        let movie = try Movie(file: RandomAccessFile(path: path))
        let video = try #require(movie.videoTrack)
        let info = movie.tracks.first { $0.metadataKeys?.key(named: "com.apple.quicktime.live-photo-info") != nil }
        return (movie, video, info)
    }

    @Test(
        "30 and 29.97 fps clips (H.264, and HEVC with B-frames) pass every gate; one sample per frame, at its frame's time",
        arguments: [ClipSpec(audio: true), ClipSpec(codec: .hevc, rate: "30000/1001", audio: true)])
    func passes(_ spec: ClipSpec) async throws {
        let ws = try Workspace()
        let clip = try await ClipStore.shared.path(spec)
        let result = try await LivePhotoMaker.make(
            photo: try await ClipStore.shared.jpeg(), video: clip, options: MakeOptions(outputDirectory: ws.path, name: "W"))
        #expect(result.wallpaperWarnings.isEmpty)
        let report = await LivePhotoVerifier.verify(photo: ws.file("W.JPG"), movie: ws.file("W.MOV"))
        #expect(report.passed)
        let wallpaper = try #require(report.wallpaper)
        #expect(wallpaper.ready, "\(wallpaper.gates.filter { !$0.passed })")
        #expect(wallpaper.gates.map(\.id) == ["G1", "G2", "G3", "G4", "G6", "G7", "G8", "G9", "G10"])
        #expect(Self.gates(wallpaper)["G9"]?.detail.hasPrefix("setu: cfgv (version 1, CMCaptureCore 587.62.18), dims") == true)

        // Parsed: as many samples as frames, each 144 bytes, version 3; the same times as the frames.
        let (movie, video, info) = try Self.tracks(ws.file("W.MOV"))
        let track = try #require(info)
        #expect(track.isEnabled && track.header.flags == 0xF)
        #expect(track.tables.sampleCount == video.tables.sampleCount)
        #expect(track.mediaHeader.timescale == video.mediaHeader.timescale)
        let scale = movie.header.timescale
        let infoTimes = try track.presentationSchedule(movieTimescale: scale).map {
            $0.time.seconds(movieTimescale: scale, mediaTimescale: track.mediaHeader.timescale)
        }
        let frameTimes = try video.presentationSchedule(movieTimescale: scale).map {
            $0.time.seconds(movieTimescale: scale, mediaTimescale: video.mediaHeader.timescale)
        }
        #expect(infoTimes.count == frameTimes.count)
        #expect(zip(infoTimes, frameTimes).allSatisfy { abs($0 - $1) < 1e-9 })
        let file = try RandomAccessFile(path: ws.file("W.MOV"))
        let first = try track.tables.sampleLocation(0)
        let sample = try file.read(at: Int64(first.offset), count: Int(first.size))
        #expect(sample.count == 144)
        #expect(Array(sample[0..<8]) == [0, 0, 0, 144, 0, 0, 0, 1])
        #expect(Array(sample[8..<12]) == [3, 0, 0, 0])
        let keys = try #require(track.metadataKeys?.key(named: "com.apple.quicktime.live-photo-info"))
        #expect(keys.dataTypeNamespace == 1)
        #expect(keys.dataTypeName == "com.apple.quicktime.com.apple.quicktime.live-photo-info")
        #expect(keys.otherAtoms.map(\.type) == ["sdpd", "setu", "ctps"])

        // ffprobe agrees: the data stream's packet times are the video's, and the frames are the input's.
        let streams = try await Readers.ffprobeStreams(ws.file("W.MOV"))
        let dataIndex = try #require(
            streams.firstIndex { ($0["codec_tag_string"] as? String) == "mebx" && Int($0["nb_frames"] as? String ?? "") ?? 0 > 1 })
        #expect(try await Readers.packetTimes(ws.file("W.MOV"), stream: dataIndex) == Readers.packetTimes(ws.file("W.MOV"), stream: 0))
        #expect(try await Readers.framemd5(ws.file("W.MOV")) == Readers.framemd5(clip))
    }

    @Test("a 15 fps clip fails G4, a cover at 0.2 s fails G3, each with its reason; --wallpaper makes that an error")
    func failures() async throws {
        let ws = try Workspace()
        let slow = try await ClipStore.shared.path(ClipSpec(rate: "15"))
        let photo = try await ClipStore.shared.jpeg()
        let a = try await LivePhotoMaker.make(photo: photo, video: slow, options: MakeOptions(outputDirectory: ws.path, name: "slow"))
        #expect(a.wallpaperWarnings == ["G4: the video runs at 15.0 fps; wallpapers need 20"])
        let slowGates = Self.gates(await LivePhotoVerifier.verify(photo: ws.file("slow.JPG"), movie: ws.file("slow.MOV")).wallpaper)
        #expect(slowGates["G4"]?.passed == false && slowGates["G4"]?.detail.contains("15.00 fps") == true)
        #expect(slowGates["G3"]?.passed == true && slowGates["G1"]?.passed == true)

        let clip = try await ClipStore.shared.path(ClipSpec())
        let b = try await LivePhotoMaker.make(
            photo: photo, video: clip, options: MakeOptions(outputDirectory: ws.path, name: "early", coverTime: 0.2))
        #expect(b.wallpaperWarnings == ["G3: only 6 frames before the still; wallpapers need 14"])
        let verified = await LivePhotoVerifier.verify(photo: ws.file("early.JPG"), movie: ws.file("early.MOV"))
        #expect(verified.passed)
        let early = Self.gates(verified.wallpaper)
        #expect(early["G3"]?.detail == "only 6 frames before the still; wallpapers need 14")
        #expect(verified.wallpaper?.gates.filter { !$0.passed }.map(\.id) == ["G3"])

        await #expect {
            _ = try await LivePhotoMaker.make(
                photo: photo, video: clip,
                options: MakeOptions(outputDirectory: ws.file("strict"), coverTime: 0.2, wallpaper: .required))
        } throws: { error in
            guard case .invalidArgument(let message) = error as? LivePhotoError else { return false }
            return message.contains("G3: only 6 frames before the still")
        }
        #expect(try ws.contents("strict").isEmpty)
        // The default cover of a 3 s clip leaves enough.
        _ = try await LivePhotoMaker.make(
            photo: photo, video: clip, options: MakeOptions(outputDirectory: ws.file("strict"), wallpaper: .required))
    }

    @Test("--no-wallpaper leaves the track out (and G1 says so)")
    func off() async throws {
        let ws = try Workspace()
        _ = try await LivePhotoMaker.make(
            photo: try await ClipStore.shared.jpeg(), video: try await ClipStore.shared.path(ClipSpec()),
            options: MakeOptions(outputDirectory: ws.path, name: "N", wallpaper: .off))
        #expect(try Self.tracks(ws.file("N.MOV")).info == nil)
        let report = await LivePhotoVerifier.verify(photo: ws.file("N.JPG"), movie: ws.file("N.MOV"))
        #expect(report.passed)
        #expect(Self.gates(report.wallpaper)["G1"]?.passed == false)
    }

    /// Every timed-metadata track's boxes and every sample's bytes, by track ID.
    static func metadata(_ path: String) throws -> [UInt32: (trak: [UInt8], samples: [[UInt8]])] {
        let file = try RandomAccessFile(path: path)
        let movie = try Movie(file: file)
        var result: [UInt32: (trak: [UInt8], samples: [[UInt8]])] = [:]
        for track in movie.tracks where track.format == "mebx" {
            var samples: [[UInt8]] = []
            for i in 0..<Int(track.tables.sampleCount) {
                let location = try track.tables.sampleLocation(i)
                samples.append(try file.read(at: Int64(location.offset), count: Int(location.size)))
            }
            // The trak without its chunk offsets (which move with the layout).
            var trak = track.atom
            trak.modifyChildren("mdia") { mdia in
                mdia.modifyChildren("minf") { minf in
                    minf.modifyChildren("stbl") { stbl in stbl.setChildren(stbl.children.filter { $0.type != "stco" && $0.type != "co64" })
                    }
                }
            }
            result[track.trackID] = (trak.serialized(), samples)
        }
        return result
    }

    @Test("a real capture keeps every mebx track and every metadata sample byte for byte, and its still time", .needsSamples)
    func realCapture() async throws {
        let ws = try Workspace()
        let movie = ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV")
        let result = try await LivePhotoMaker.make(
            photo: ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC"), video: movie,
            options: MakeOptions(outputDirectory: ws.path, name: "R"))
        #expect(result.keptExistingStillTime && abs(result.coverTime - 0.9) < 0.001)
        let before = try Self.metadata(movie), after = try Self.metadata(ws.file("R.MOV"))
        #expect(before.count == 3 && Set(before.keys) == Set(after.keys))
        for (id, track) in before {
            #expect(after[id]?.trak == track.trak, "track \(id)")
            #expect(after[id]?.samples == track.samples, "track \(id)")
        }
        let report = await LivePhotoVerifier.verify(photo: ws.file("R.HEIC"), movie: ws.file("R.MOV"))
        #expect(report.passed && report.wallpaper?.ready == true, "\(report.wallpaper?.gates.filter { !$0.passed } ?? [])")
        // Our own output, made again, is kept the same way.
        let again = try await LivePhotoMaker.make(
            photo: ws.file("R.HEIC"), video: ws.file("R.MOV"), options: MakeOptions(outputDirectory: ws.file("again"), name: "R"))
        #expect(again.keptExistingStillTime)
        let third = try Self.metadata(ws.file("again/R.MOV"))
        for (id, track) in after {
            #expect(third[id]?.trak == track.trak && third[id]?.samples == track.samples, "track \(id)")
        }
    }
}

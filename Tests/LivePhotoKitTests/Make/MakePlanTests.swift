import Foundation
import MediaFormats
import TestSupport
import Testing

@testable import LivePhotoKit

/// Counts the plans made in one task (``MovieRemux/planObserver``, ``PlainMovie/planObserver``).
final class PlanCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var plans = 0

    func add() { lock.withLock { plans += 1 } }
    var count: Int { lock.withLock { plans } }

    /// The remux plans `body` makes.
    static func remuxPlans(_ body: () async throws -> Void) async throws -> Int {
        let counter = PlanCounter()
        try await MovieRemux.$planObserver.withValue({ counter.add() }) { try await body() }
        return counter.count
    }

    /// The plain-movie plans `body` makes.
    static func plainPlans(_ body: () async throws -> Void) async throws -> Int {
        let counter = PlanCounter()
        try await PlainMovie.$planObserver.withValue({ counter.add() }) { try await body() }
        return counter.count
    }
}

/// One make decides the cover, a trim and the wallpaper from the movie read, then plans the output movie once. On the
/// real iPhone pair, without ffmpeg (the lossless path never calls it).
@Suite("make: the movie planned once", .needsSamples)
struct MakePlanTests {
    static let photo = ProjectPaths.sample("iphone_IMG_3853_gwy15.HEIC")
    static let movie = ProjectPaths.sample("iphone_IMG_3853_gwy15.MOV")

    @Test(
        "a lossless make plans its movie once, with or without a cover time and the wallpaper track",
        arguments: [(nil, WallpaperMode.auto), (0.5, .auto), (1.0, .off), (nil, .off)] as [(Double?, WallpaperMode)])
    func makeOnce(_ cover: Double?, _ wallpaper: WallpaperMode) async throws {
        let ws = try Workspace()
        let options = MakeOptions(outputDirectory: ws.path, coverTime: cover, ffmpegPath: "/nonexistent/ffmpeg", wallpaper: wallpaper)
        let plans = try await PlanCounter.remuxPlans {
            let made = try await LivePhotoMaker.make(photo: Self.photo, video: Self.movie, options: options)
            #expect(made.videoSource == .lossless)
        }
        #expect(plans == 1)
    }

    @Test("edit's cut and mute: the movie planned once")
    func editOnce() async throws {
        let ws = try Workspace()
        let made = try await LivePhotoMaker.make(
            photo: Self.photo, video: Self.movie, options: MakeOptions(outputDirectory: ws.file("made"), ffmpegPath: "/nonexistent/ffmpeg"))
        let plans = try await PlanCounter.remuxPlans {
            _ = try await LivePhotoEditor.edit(
                [try #require(made.photo), try #require(made.movie)],
                options: EditOptions(
                    outputDirectory: ws.file("edited"), trimStart: 0.2, trimEnd: 1.2, mute: true, ffmpegPath: "/nonexistent/ffmpeg"))
        }
        #expect(plans == 1)
    }

    @Test("the planner is a function of the movie read and the cover decided: the same inputs, the same bytes")
    func pure() throws {
        let file = try RandomAccessFile(path: Self.movie)
        let identifier = try #require(ContentIdentifier("71DCA213-5710-4A6C-BC6D-CE6306AEB8D8"))
        let source = try RemuxSource.read(file, cover: CoverRequest(), identifier: identifier, wallpaper: true)
        #expect(source.placement.keepsExisting)
        let moved = try source.placement(for: CoverRequest(seconds: 1.0))
        #expect(!moved.keepsExisting && abs(moved.coverSeconds - 1.0) < 0.05)
        let first = try MovieRemux.plan(source, placement: moved), second = try MovieRemux.plan(source, placement: moved)
        #expect(first.layout.pieces == second.layout.pieces)
        #expect(first.coverSeconds == moved.coverSeconds && !first.keptExistingStillTime)
        // Read again, the file gives the same plan.
        let again = try RemuxSource.read(file, cover: CoverRequest(seconds: 1.0), identifier: identifier, wallpaper: true)
        #expect(try MovieRemux.plan(again, placement: again.placement).layout.pieces == first.layout.pieces)
        #expect(
            first.layout.size == first.layout.copiedBytes
                + Int64(
                    first.layout.pieces.reduce(0) { total, piece in
                        if case .bytes(let bytes) = piece { total + bytes.count } else { total }
                    }))
    }
}

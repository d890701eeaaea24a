import MediaFormats

/// Whether a Live Photo's movie can animate as a lock-screen wallpaper (iOS 17+): the gates of docs/formats/wallpaper.md#gates that a
/// file can show. G5 (dropped-frame bursts) and G11 (the still looks like the frame at the still time) depend on
/// the pictures and are not judged here.
public struct WallpaperReport: Sendable, Codable, Equatable {
    /// True when every gate passed.
    public var ready: Bool
    public var gates: [WallpaperReport.Gate]
}

package enum WallpaperReadiness {
    package static let framesNeeded = 14
    package static let minimumFrameRate = 20.0

    /// G3 and G4 for a cover time: the reasons a wallpaper would not animate (empty when it would).
    package static func coverProblems(frameTimes: [Double], cover: Double) -> [String] {
        var problems: [String] = []
        let before = frameTimes.filter { $0 < cover && $0 + 2.0 / 600 < cover }.count
        if before < framesNeeded {
            problems.append("G3: only \(before) frame\(before == 1 ? "" : "s") before the still; wallpapers need \(framesNeeded)")
        }
        let rate = frameRate(frameTimes)
        if rate < minimumFrameRate {
            problems.append(
                "G4: the video runs at \(DecimalText.fixed(rate, digits: 1)) fps; wallpapers need \(DecimalText.fixed(minimumFrameRate, digits: 0))"
            )
        }
        return problems
    }

    /// Frames per second over the frames' span (one frame interval added for the last).
    package static func frameRate(_ times: [Double]) -> Double {
        guard times.count >= 2, let first = times.first, let last = times.last, last > first else { return 0 }
        let span = last - first
        return Double(times.count - 1) / span
    }

    package static func check(facts: MovieFacts, file: RandomAccessFile) -> WallpaperReport {
        var gates: [WallpaperReport.Gate] = []
        func add(_ id: String, _ name: String, _ passed: Bool, _ detail: String) {
            gates.append(WallpaperReport.Gate(id: id, name: name, passed: passed, detail: detail))
        }
        let movie = facts.movie
        let frameTimes = ((try? facts.frameTimes()) ?? []).map(facts.seconds)
        let info = movie.tracks.first(where: LivePhotoInfoTrack.matches)

        // G1.
        if let info {
            add(
                "G1", "live-photo-info-track", info.isEnabled,
                info.isEnabled ? "track \(info.trackID) carries live-photo-info" : "the live-photo-info track \(info.trackID) is disabled")
        } else {
            add("G1", "live-photo-info-track", false, "no live-photo-info track (make writes one unless told not to)")
        }

        // G2, G3: the still time.
        let still = facts.stillImageTimeTracks.first.flatMap { facts.stillImageTime($0, file: file) }
        if let still {
            let nearest = frameTimes.map { abs($0 - still.seconds) }.min() ?? .infinity
            add(
                "G2", "still-on-frame", nearest < 0.0005,
                nearest < 0.0005
                    ? "the still (\(DecimalText.fixed(still.seconds, digits: 3)) s) is a video frame's time"
                    : "the still is \(DecimalText.fixed(nearest, digits: 4)) s away from the nearest frame")
            let before = frameTimes.filter { $0 < still.seconds && $0 + 2.0 / 600 < still.seconds }.count
            add(
                "G3", "frames-before-still", before >= framesNeeded,
                before >= framesNeeded
                    ? "\(before) frames before the still (\(framesNeeded) needed)"
                    : "only \(before) frame\(before == 1 ? "" : "s") before the still; wallpapers need \(framesNeeded)")
        } else {
            add("G2", "still-on-frame", false, "no still-image-time track")
            add("G3", "frames-before-still", false, "no still time to count frames before")
        }

        // G4.
        let rate = frameRate(frameTimes)
        add(
            "G4", "frame-rate", rate >= minimumFrameRate,
            "\(DecimalText.fixed(rate, digits: 2)) fps"
                + (rate >= minimumFrameRate ? "" : "; wallpapers need \(DecimalText.fixed(minimumFrameRate, digits: 0))"))

        // G6, G7: one sample per frame, at the frame's time.
        if let info, let video = facts.video {
            let count = Int(clamping: info.tables.sampleCount), frames = Int(clamping: video.tables.sampleCount)
            add(
                "G6", "sample-per-frame", count == frames,
                count == frames ? "\(count) samples for \(frames) frames" : "\(count) samples for \(frames) frames; one per frame is needed"
            )
            let sampleTimes =
                ((try? info.presentationSchedule(movieTimescale: movie.header.timescale)) ?? []).map {
                    $0.time.seconds(movieTimescale: movie.header.timescale, mediaTimescale: info.mediaHeader.timescale)
                }
            let mismatch = zip(sampleTimes, frameTimes).enumerated().first { abs($0.element.0 - $0.element.1) > 0.000_001 }?.offset
            let same = sampleTimes.count == frameTimes.count && mismatch == nil
            add(
                "G7", "sample-times", same,
                same
                    ? "every sample is shown at its frame's time"
                    : mismatch.map {
                        "sample \($0) is at \(DecimalText.fixed(sampleTimes[$0], digits: 6)) s, its frame at \(DecimalText.fixed(frameTimes[$0], digits: 6)) s"
                    }
                        ?? "\(sampleTimes.count) samples shown for \(frameTimes.count) frames")
        } else {
            add("G6", "sample-per-frame", false, "no live-photo-info track")
            add("G7", "sample-times", false, "no live-photo-info track")
        }

        // G8: the still-image-time sample's transform and reference dimensions.
        let stillKeys = facts.stillImageTimeTracks.first?.metadataKeys
        let hasTransform = stillKeys?.key(named: AppleTimedMetadata.transformKey) != nil
        let hasDimensions = stillKeys?.key(named: AppleTimedMetadata.referenceDimensionsKey) != nil
        add(
            "G8", "still-transform", hasTransform && hasDimensions,
            hasTransform && hasDimensions
                ? "the still-image-time sample carries the still-image transform and its reference dimensions"
                : "the still-image-time track lacks \(hasTransform ? "the reference dimensions" : "the still-image transform")")

        // G9: setu{cfgv, dims}.
        let (setupOK, setupDetail) = setup(info?.metadataKeys?.key(named: AppleTimedMetadata.livePhotoInfoKey))
        add("G9", "setup", setupOK, setupDetail)

        // G10.
        let size = facts.video?.descriptions.first?.visualSize
        let fits = size.map { $0.width <= 8192 && $0.height <= 4320 && $0.width > 0 } ?? false
        add(
            "G10", "video-size", fits,
            size.map { "\($0.width)×\($0.height)\(fits ? "" : "; at most 8192×4320")" } ?? "no video size")
        return WallpaperReport(ready: gates.allSatisfy { $0.passed }, gates: gates)
    }

    /// G9: `setu` holds `cfgv` (a property list with LivePhotoMetadataSetupDataVersion 1 and CMCaptureCore ≥ 45.1)
    /// and `dims` (non-zero width and height).
    package static func setup(_ key: TimedMetadataSampleEntry.Key?) -> (Bool, String) {
        guard let key else { return (false, "no live-photo-info key") }
        guard let setup = TimedMetadataKeySetup(key) else { return (false, "the key has no 'setu' atom") }
        guard let (width, height) = setup.dimensions else { return (false, "'setu' has no 'dims'") }
        guard width > 0, height > 0 else { return (false, "'dims' is \(width)×\(height); both must be non-zero") }
        guard let cfgv = setup.configuration, let plist = try? PropertyListValue.parse(cfgv), case .dictionary = plist
        else { return (false, "'setu' has no readable 'cfgv' property list") }
        // An entry missing or of another type counts as absent; the rest of the property list is ignored.
        var version: Int?
        if case .integer(let value)? = plist["LivePhotoMetadataSetupDataVersion"] { version = Int(exactly: value) }
        var core = ""
        if case .string(let value)? = plist["FrameworkVersions"]?["CMCaptureCore"] { core = value }
        let parts2 = core.split(separator: ".").compactMap { Int($0) }
        let coreOK = (parts2.first ?? 0) > 45 || ((parts2.first ?? 0) == 45 && (parts2.dropFirst().first ?? 0) >= 1)
        guard version == 1, coreOK else {
            return (
                false,
                "cfgv has setup version \(version.map(String.init) ?? "none") and CMCaptureCore '\(core)'; 1 and 45.1 or later are needed"
            )
        }
        return (
            true,
            "setu: cfgv (version 1, CMCaptureCore \(core)), dims \(width)×\(height)"
        )
    }
}

extension WallpaperReport {
    public struct Gate: Sendable, Codable, Equatable {
        /// "G1" … "G10", as docs/formats/wallpaper.md#gates numbers them.
        public var id: String
        /// A short name: `live-photo-info-track`, `still-on-frame`, `frames-before-still`, `frame-rate`,
        /// `sample-per-frame`, `sample-times`, `still-transform`, `setup`, `video-size`.
        public var name: String
        public var passed: Bool
        /// Why, in words (e.g. "only 9 frames before the still; wallpapers need 14").
        public var detail: String
    }
}

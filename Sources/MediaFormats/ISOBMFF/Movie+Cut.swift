/// What ``Movie/cut(from:to:droppingTracks:)`` kept.
public struct MovieCutReport: Sendable, Equatable {
    /// The first frame shown, on the source's timeline: the new timeline's 0.
    public var startSeconds: Double
    /// The length of the new timeline.
    public var durationSeconds: Double
    /// The sync sample the video's kept samples start from, on the source's timeline (at or before ``startSeconds``).
    public var keyframeSeconds: Double
    /// Tracks left out: dropped as asked, or holding no sample in the range.
    public var droppedTrackIDs: [UInt32]
    /// Sample-numbering tables that could not be cut and were left out, by track.
    public var droppedTables: [UInt32: [FourCC]]
}

extension Movie {
    /// How one track's media time lines up with the movie timeline: an optional leading empty edit, then one edit at
    /// rate 1 (or no edit list).
    struct Timeline {
        var gapSeconds: Double
        var mediaStart: Int64
        /// The edit's end in seconds on the movie timeline, when it has an edit.
        var endSeconds: Double?
        var mediaTimescale: Double

        /// The media time shown at `seconds` on the movie timeline (held within 63 bits, whatever the fields say).
        func mediaTime(_ seconds: Double) -> Int64 {
            Movie.clampedTicks(Double(mediaStart) + (seconds - gapSeconds) * mediaTimescale)
        }

        /// The movie time at which media time `t` is shown.
        func seconds(_ t: Int64) -> Double { gapSeconds + Double(t - mediaStart) / mediaTimescale }
    }

    /// `value` rounded to whole ticks and held within ±9·10^18 (a NaN is 0): edit lists and timescales from a file can
    /// name times no 64-bit integer holds.
    static func clampedTicks(_ value: Double) -> Int64 {
        guard value.isFinite else { return 0 }
        return Int64(max(-9.0e18, min(9.0e18, value.rounded())))
    }

    func timeline(_ track: MovieTrack) throws(FormatError) -> Timeline {
        let movieScale = Double(max(1, header.timescale)), mediaScale = Double(max(1, track.mediaHeader.timescale))
        let entries = track.editList?.entries ?? []
        var gap = 0.0
        var rest = entries[...]
        if let first = rest.first, first.isEmpty, rest.count > 1 {
            gap = Double(first.segmentDuration) / movieScale
            rest = rest.dropFirst()
        }
        switch rest.count {
        case 0: return Timeline(gapSeconds: gap, mediaStart: 0, endSeconds: nil, mediaTimescale: mediaScale)
        case 1 where !rest[rest.startIndex].isEmpty && rest[rest.startIndex].rate == 0x10000:
            let edit = rest[rest.startIndex]
            return Timeline(
                gapSeconds: gap, mediaStart: edit.mediaTime, endSeconds: gap + Double(edit.segmentDuration) / movieScale,
                mediaTimescale: mediaScale)
        default:
            throw FormatError(.unsupported, "track \(track.trackID)'s edit list of \(entries.count) edits cannot be cut")
        }
    }

    /// The movie presenting only `start` to `end` seconds of this one's timeline (nil: its start, its end), with the
    /// tracks of `droppingTracks` left out; no sample's bytes change. The video's samples run from the sync sample at
    /// or before the first frame shown at or after `start` to the last frame shown before `end`, and an edit list
    /// starts the presentation at that first frame; each other track keeps the samples that overlap the range (sound
    /// one packet more before it, which a decoder needs to start clean), its edit list starting at the same time.
    /// Tracks with no sample in the range are left out. The chunk offsets still point into this movie's file: write
    /// the result with ``chunkOffsetsCopyingUsedChunks(at:dropping:)``.
    /// - Throws: ``FormatError`` when no frame lies in the range, an edit list has more than one edit, or a table
    ///   does not add up.
    public func cut(from start: Double?, to end: Double?, droppingTracks: Set<UInt32> = []) throws(FormatError) -> (
        movie: Movie, report: MovieCutReport
    ) {
        guard let video = videoTrack else { throw FormatError(.malformed, "the movie has no video track") }
        let limit = 5_000_000
        let videoLine = try timeline(video)
        let dts = try video.tables.decodeTimes(limit: limit), pts = try video.tables.presentationTimes(limit: limit)
        guard !pts.isEmpty else { throw FormatError(.malformed, "the video has no frames") }
        let mediaScale = videoLine.mediaTimescale
        let lastEnd =
            zip(pts, dts.indices).map { t, i in
                t + Int64(i + 1 < dts.count ? dts[i + 1] - dts[i] : Int64(video.tables.timeToSample.last?.delta ?? 0))
            }.max() ?? 0
        let shownStart = videoLine.mediaStart, shownEnd = videoLine.endSeconds.map(videoLine.mediaTime) ?? lastEnd
        let a = max(start.map(videoLine.mediaTime) ?? shownStart, shownStart)
        let b = min(end.map(videoLine.mediaTime) ?? shownEnd, shownEnd)
        guard let first = pts.indices.filter({ pts[$0] >= a && pts[$0] < b }).min(by: { pts[$0] < pts[$1] }) else {
            throw FormatError(
                .unsupported, "no frame of the video is shown between \(start ?? 0) s and \(end.map { "\($0) s" } ?? "its end")")
        }
        // Sync sample numbers the table lists past its samples (or 0) name no sample.
        let syncs =
            video.tables.syncSamples.map { $0.map { Int(clamping: $0) - 1 }.filter { pts.indices.contains($0) } } ?? Array(dts.indices)
        let keyframe = syncs.filter { $0 <= first && pts[$0] <= pts[first] }.max() ?? 0
        let last = pts.indices.filter { pts[$0] < b }.max() ?? first
        let frameEnds = (keyframe...last).map { i in
            pts[i] + Int64(i + 1 < dts.count ? dts[i + 1] - dts[i] : Int64(video.tables.timeToSample.last?.delta ?? 0))
        }
        let presentedEnd = min(b, frameEnds.max() ?? b)
        let startSeconds = videoLine.seconds(pts[first])
        let duration = Double(presentedEnd - pts[first]) / mediaScale
        let movieScale = Double(max(1, header.timescale))
        let segment = UInt64(clamping: Self.clampedTicks(duration * movieScale))

        var report = MovieCutReport(
            startSeconds: startSeconds, durationSeconds: duration, keyframeSeconds: videoLine.seconds(pts[keyframe]), droppedTrackIDs: [],
            droppedTables: [:])
        var traks: [UInt32: Atom?] = [:]
        for track in tracks {
            if droppingTracks.contains(track.trackID) {
                traks[track.trackID] = .some(nil)
                report.droppedTrackIDs.append(track.trackID)
                continue
            }
            let range: ClosedRange<Int>
            var edits: [EditList.Entry]
            let trackDTS: [Int64], trackPTS: [Int64]
            if track.trackID == video.trackID || Self.isPerFrame(track, of: video) {
                // The video, and a track with one sample per frame on the video's clock (Apple's live-photo-info):
                // the same samples and the same edit.
                (trackDTS, trackPTS) = track.trackID == video.trackID ? (dts, pts) : (dts, try track.tables.presentationTimes(limit: limit))
                range = keyframe...last
                edits = [EditList.Entry(segmentDuration: segment, mediaTime: pts[first] - dts[keyframe])]
            } else {
                let line = try timeline(track)
                trackDTS = try track.tables.decodeTimes(limit: limit)
                trackPTS = try track.tables.presentationTimes(limit: limit)
                let from = line.mediaTime(startSeconds), to = line.mediaTime(startSeconds + duration)
                let delta = Int64(track.tables.timeToSample.last?.delta ?? 0)
                let ends = trackDTS.indices.map { i in trackPTS[i] + (i + 1 < trackDTS.count ? trackDTS[i + 1] - trackDTS[i] : delta) }
                let overlapping = trackPTS.indices.filter { trackPTS[$0] < to && ends[$0] > from }
                guard var lower = overlapping.min(), let upper = overlapping.max() else {
                    traks[track.trackID] = .some(nil)
                    report.droppedTrackIDs.append(track.trackID)
                    continue
                }
                if track.isAudio {
                    if track.tables.constantSampleSize == 1, let d = track.descriptions.first, d.bytes.count >= 18,
                        d.bytes.loadUInt16(at: 16, .bigEndian) >= 1
                    {
                        throw FormatError(.unsupported, "track \(track.trackID)'s sound is stored as QuickTime packets that cannot be cut")
                    }
                    if !ISOAudioSampleEntry.uncompressedFormats.contains(track.format ?? "    ") { lower = max(0, lower - 1) }
                }
                range = lower...upper
                if trackPTS[lower] <= from {
                    let (start, overflow) = from.subtractingReportingOverflow(trackDTS[lower])
                    guard !overflow else { throw FormatError(.malformed, "track \(track.trackID)'s times pass 64 bits") }
                    edits = [EditList.Entry(segmentDuration: segment, mediaTime: start)]
                } else {
                    let gap = UInt64(
                        clamping: Self.clampedTicks((Double(trackPTS[lower]) - Double(from)) / line.mediaTimescale * movieScale))
                    edits = [
                        EditList.Entry(segmentDuration: gap, mediaTime: -1),
                        EditList.Entry(segmentDuration: segment - min(gap, segment), mediaTime: trackPTS[lower] - trackDTS[lower]),
                    ]
                }
            }
            let cut = try TrackCut(track, keeping: range, decodeTimes: trackDTS, presentationTimes: trackPTS)
            if !cut.dropped.isEmpty { report.droppedTables[track.trackID] = cut.dropped }
            traks[track.trackID] = .some(try Self.trak(track, table: cut.sampleTable, mediaDuration: cut.mediaDuration, edits: edits))
        }

        var moov = self.moov
        var headerBox = header
        headerBox.duration = segment
        moov.setChildren(
            moov.children.compactMap { child in
                if child.type == "mvhd" { return headerBox.atom }
                guard child.type == "trak", let id = (try? MovieTrack(child))?.trackID, let replaced = traks[id] else { return child }
                return replaced
            })
        return (try replacingMovieBox(moov), report)
    }

    /// True when `track` has one sample per frame of `video`, on the same clock and with the same durations.
    static func isPerFrame(_ track: MovieTrack, of video: MovieTrack) -> Bool {
        let a = track.tables.timeToSample, b = video.tables.timeToSample
        return track.trackID != video.trackID && track.mediaHeader.timescale == video.mediaHeader.timescale
            && track.tables.timedSampleCount == video.tables.timedSampleCount && a.count == b.count
            && zip(a, b).allSatisfy { $0.count == $1.count && $0.delta == $1.delta }
    }

    /// `track`'s `trak` with a new sample table, media duration and edit list (its duration the edits' sum).
    static func trak(_ track: MovieTrack, table: Atom, mediaDuration: UInt64, edits: [EditList.Entry]) throws(FormatError) -> Atom {
        var trak = track.atom
        let list = EditList(entries: edits)
        var trackHeader = track.header
        trackHeader.duration = list.totalDuration
        var mediaHeader = track.mediaHeader
        mediaHeader.duration = mediaDuration
        trak.modifyChildren("tkhd") { $0 = trackHeader.atom }
        if trak.child("edts") == nil {
            // After the header, where QuickTime and ISO writers put it.
            var children = trak.children
            children.insert(Atom(type: "edts", children: []), at: (children.firstIndex { $0.type == "tkhd" } ?? -1) + 1)
            trak.setChildren(children)
        }
        trak.modifyChildren("edts") { $0.setChildren([list.atom]) }
        trak.modifyChildren("mdia") { mdia in
            mdia.modifyChildren("mdhd") { $0 = mediaHeader.atom }
            mdia.modifyChildren("minf") { minf in minf.modifyChildren("stbl") { $0 = table } }
        }
        return trak
    }

    /// This movie with another `moov` (its tracks parsed again); the file's layout stays this one's.
    public func replacingMovieBox(_ moov: Atom) throws(FormatError) -> Movie {
        var movie = self
        movie.moov = moov
        guard let mvhd = moov.child("mvhd") else { throw FormatError(.malformed, "the movie header has no 'mvhd'") }
        movie.header = try MovieHeader(mvhd)
        movie.tracks = try moov.children("trak").map(MovieTrack.init)
        return movie
    }
}

extension MovieRewrite {
    /// Another encoding of one of the movie's video tracks, its frames turned by a multiple of a quarter (the frames
    /// of a track shown turned by its matrix, encoded again upright: docs/guide/repair.md#turning-movies-upright),
    /// that takes the old media's place in ``MovieRewrite/replacedTracks``.
    ///
    /// The track keeps its ID, flags, references, track-level metadata and handler (an auxiliary `auxv` track stays
    /// one) and its edit list; its matrix becomes the identity, its sizes swap with an odd number of turns, and its
    /// media (sample description, sample tables, samples) is the new encoding's. The new frames must be shown at the
    /// old ones' times: the same count, in the same media timescale, all moved by one offset, which the edit list takes
    /// up, so that every track timed with the video (a per-frame `live-photo-info` track) stays with it.
    public struct TrackReplacement: Sendable {
        /// The new encoding, as the movie it was written into holds it.
        public var track: MovieTrack
        /// Its samples, chunk after chunk in chunk order.
        public var media: [UInt8]
        /// Clockwise quarter turns from the old frames to the new ones (0 to 3).
        public var clockwiseQuarterTurns: Int
        /// The size of each of its chunks, in order.
        let chunkSizes: [UInt64]

        /// The video track `track` of the movie in `file`, read whole (its samples are read into memory: a Live Photo's
        /// video is a few megabytes).
        /// - Parameters:
        ///   - track: the video track, as the movie holds it.
        ///   - file: the movie.
        ///   - clockwiseQuarterTurns: how its frames are turned from the old ones (taken modulo 4).
        /// - Throws: ``FormatError`` when its chunks do not lie within the file.
        public init(track: MovieTrack, in file: RandomAccessFile, clockwiseQuarterTurns: Int) throws(FormatError) {
            let chunks = try track.chunks()
            // The bytes to read are checked against the file before any is read: no header makes us allocate more.
            var total: UInt64 = 0
            for chunk in chunks {
                let (end, overflow) = chunk.offset.addingReportingOverflow(chunk.size)
                guard !overflow, end <= UInt64(file.size) else {
                    throw FormatError(.malformed, "track \(track.trackID) has a chunk at byte \(chunk.offset) past the end of the file")
                }
                total += chunk.size
                guard total <= UInt64(file.size) else {
                    throw FormatError(.malformed, "track \(track.trackID)'s chunks hold more bytes than the file")
                }
            }
            var media: [UInt8] = []
            media.reserveCapacity(Int(total))
            for chunk in chunks where chunk.size > 0 {
                media += try file.read(at: Int64(chunk.offset), count: Int(chunk.size))
            }
            self.track = track
            self.media = media
            self.clockwiseQuarterTurns = ((clockwiseQuarterTurns % 4) + 4) % 4
            chunkSizes = chunks.map { $0.size }
        }
    }

    /// The `trak` of `original` with `replacement`'s media (see ``TrackReplacement``), its chunk offsets still the
    /// new encoding's own.
    /// - Throws: ``FormatError`` (unsupported) when the new frames are not shown at the old ones' times, or when their
    ///   media timescale differs; (malformed) when a box cannot be read.
    static func splicing(_ original: MovieTrack, with replacement: TrackReplacement) throws(FormatError) -> Atom {
        let new = replacement.track
        guard new.mediaHeader.timescale == original.mediaHeader.timescale else {
            let timescales = (new: new.mediaHeader.timescale, old: original.mediaHeader.timescale)
            throw FormatError(
                .unsupported, "track \(original.trackID) encoded again has a media timescale of \(timescales.new), not \(timescales.old)")
        }
        let shift = try presentationShift(from: original, to: new)
        let swaps = replacement.clockwiseQuarterTurns % 2 == 1

        var header = original.header
        header.matrix = [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x4000_0000]
        if swaps { (header.width, header.height) = (header.height, header.width) }
        let edits = try movedEdits(original, by: shift)

        guard var mdia = new.atom.child("mdia"), let oldMedia = original.atom.child("mdia") else {
            throw FormatError(.malformed, "track \(original.trackID) has no 'mdia'")
        }
        // The old handler (an auxiliary track stays `auxv`) and media header (its dates and language), with the new
        // media's duration.
        var mediaHeader = original.mediaHeader
        mediaHeader.duration = new.mediaHeader.duration
        mdia.setChildren(
            mdia.children.map { box in
                switch box.type {
                case "mdhd": mediaHeader.atom
                case "hdlr": oldMedia.child("hdlr") ?? box
                default: box
                }
            })

        var children: [Atom] = []
        for child in original.atom.children {
            switch child.type {
            case "tkhd":
                children.append(header.atom)
                if original.atom.child("edts") == nil, let edits { children.append(Atom(type: "edts", children: [edits.atom])) }
            case "edts":
                guard let edits else { continue }
                var edts = child
                edts.modifyChildren("elst") { $0 = edits.atom }
                children.append(edts)
            case "mdia": children.append(mdia)
            case "tapt" where swaps: children.append(swappingApertureSizes(child))
            default: children.append(child)
            }
        }
        var trak = original.atom
        trak.setChildren(children)
        return trak
    }

    /// How far the new frames' presentation times lie from the old ones' (media ticks): one offset for every frame.
    static func presentationShift(from original: MovieTrack, to new: MovieTrack) throws(FormatError) -> Int64 {
        let limit = 1_000_000
        let old = try original.tables.presentationTimes(limit: limit).sorted()
        let times = try new.tables.presentationTimes(limit: limit).sorted()
        guard old.count == times.count, let first = old.first, let newFirst = times.first else {
            throw FormatError(.unsupported, "track \(original.trackID) encoded again has \(times.count) frames, not \(old.count)")
        }
        let (shift, overflow) = newFirst.subtractingReportingOverflow(first)
        guard !overflow, zip(old, times).allSatisfy({ $1 &- $0 == shift }) else {
            throw FormatError(.unsupported, "track \(original.trackID) encoded again does not show its frames at their old times")
        }
        return shift
    }

    /// The old edit list with its media times moved by `shift`; nil when the track has none and needs none.
    static func movedEdits(_ original: MovieTrack, by shift: Int64) throws(FormatError) -> EditList? {
        guard let old = original.editList else {
            guard shift != 0 else { return nil }
            guard shift > 0 else {
                throw FormatError(.unsupported, "track \(original.trackID) encoded again starts before its media's start")
            }
            return EditList(entries: [.init(segmentDuration: original.header.duration, mediaTime: shift)])
        }
        var list = old
        for i in list.entries.indices where !list.entries[i].isEmpty {
            let (moved, overflow) = list.entries[i].mediaTime.addingReportingOverflow(shift)
            guard !overflow, moved >= 0 else {
                throw FormatError(.unsupported, "track \(original.trackID) encoded again starts before its media's start")
            }
            list.entries[i].mediaTime = moved
        }
        return list
    }

    /// A `tapt` (QuickTime's clean, production and encoded apertures: `clef`, `prof`, `enof`) with each aperture's
    /// width and height swapped. Its children are read from its bytes, the box being no container the parser opens.
    static func swappingApertureSizes(_ tapt: Atom) -> Atom {
        guard tapt.children.isEmpty else { return tapt }
        var data = tapt.data
        var at = 0
        while data.count - at >= 8 {
            let size = Int(data.loadUInt32(at: at, .bigEndian))
            guard size >= 8, size <= data.count - at else { break }
            // The box header, version and flags, then width and height, 16.16 each.
            if size >= 20 {
                let width = Array(data[at + 12..<at + 16])
                data.replaceSubrange(at + 12..<at + 16, with: data[at + 16..<at + 20])
                data.replaceSubrange(at + 16..<at + 20, with: width)
            }
            at += size
        }
        return Atom(type: tapt.type, data: data)
    }
}

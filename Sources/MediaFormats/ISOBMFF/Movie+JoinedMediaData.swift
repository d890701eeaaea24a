extension Movie {
    /// The chunk offsets of every track not in `removed`, moved to where the chunks land when every `mdat` payload
    /// of the movie is copied, in file order, into one `mdat` whose payload starts at `payloadStart`.
    ///
    /// Each chunk must lie inside an `mdat`. Sound chunk sizes depend on the sound description's version, so only a
    /// sound chunk's start is checked.
    /// - Returns: the new offsets by track ID, and the size of the joined payload.
    /// - Throws: ``FormatError`` when a chunk lies outside every `mdat` or runs past the end of its own.
    public func chunkOffsetsJoiningMediaData(at payloadStart: Int64, dropping removed: Set<UInt32> = []) throws(FormatError) -> (
        offsets: [UInt32: [UInt64]], payloadSize: Int64
    ) {
        let mdats = mediaDataBoxes
        var newStarts: [Int64] = []
        var running = payloadStart
        for m in mdats {
            newStarts.append(running)
            running += m.payloadSize
        }
        var newOffsets: [UInt32: [UInt64]] = [:]
        for track in tracks where !removed.contains(track.trackID) {
            let chunks = try track.chunks()
            var offsets: [UInt64] = []
            offsets.reserveCapacity(chunks.count)
            for chunk in chunks {
                guard
                    let k = mdats.firstIndex(where: {
                        UInt64($0.payloadOffset) <= chunk.offset && chunk.offset < UInt64($0.end)
                            || (chunk.size == 0 && chunk.offset == UInt64($0.end))
                    })
                else {
                    throw FormatError(.malformed, "track \(track.trackID) has data at byte \(chunk.offset), outside every 'mdat'")
                }
                if !track.isAudio, chunk.offset + chunk.size > UInt64(mdats[k].end) {
                    throw FormatError(
                        .malformed, "track \(track.trackID) has a chunk at byte \(chunk.offset) that runs past the end of its 'mdat'")
                }
                offsets.append(chunk.offset - UInt64(mdats[k].payloadOffset) + UInt64(newStarts[k]))
            }
            newOffsets[track.trackID] = offsets
        }
        return (newOffsets, running - payloadStart)
    }
}

extension Movie {
    /// The chunk offsets of every track not in `removed`, moved to where the chunks land when only the bytes they
    /// hold are copied, in file order, into one `mdat` whose payload starts at `payloadStart`; and the byte ranges to
    /// copy. Bytes no kept chunk holds (dropped tracks', samples cut away) are left behind.
    ///
    /// - Throws: ``FormatError`` when a chunk lies outside every `mdat`, or two chunks overlap.
    public func chunkOffsetsCopyingUsedChunks(at payloadStart: Int64, dropping removed: Set<UInt32> = []) throws(FormatError) -> (
        offsets: [UInt32: [UInt64]], ranges: [(offset: Int64, length: Int64)], payloadSize: Int64
    ) {
        let mdats = mediaDataBoxes
        var chunks: [(track: UInt32, index: Int, offset: UInt64, size: UInt64)] = []
        var counts: [UInt32: Int] = [:]
        for track in tracks where !removed.contains(track.trackID) {
            let trackChunks = try track.chunks()
            counts[track.trackID] = trackChunks.count
            for (i, chunk) in trackChunks.enumerated() where chunk.size > 0 {
                guard
                    mdats.contains(where: {
                        UInt64($0.payloadOffset) <= chunk.offset && chunk.offset <= UInt64($0.end)
                            && chunk.size <= UInt64($0.end) - chunk.offset
                    })
                else {
                    throw FormatError(.malformed, "track \(track.trackID) has data at byte \(chunk.offset) outside every 'mdat'")
                }
                chunks.append((track.trackID, i, chunk.offset, chunk.size))
            }
        }
        chunks.sort { $0.offset < $1.offset }
        var offsets = counts.mapValues { [UInt64](repeating: UInt64(payloadStart), count: $0) }
        var ranges: [(offset: Int64, length: Int64)] = []
        var position = payloadStart
        var end: UInt64 = 0
        for chunk in chunks {
            guard chunk.offset >= end else {
                throw FormatError(.malformed, "track \(chunk.track)'s chunk at byte \(chunk.offset) overlaps another chunk")
            }
            if let last = ranges.last, UInt64(last.offset + last.length) == chunk.offset {
                ranges[ranges.count - 1].length += Int64(chunk.size)
            } else {
                ranges.append((Int64(chunk.offset), Int64(chunk.size)))
            }
            offsets[chunk.track]?[chunk.index] = UInt64(position)
            position += Int64(chunk.size)
            end = chunk.offset + chunk.size
        }
        return (offsets, ranges, position - payloadStart)
    }
}

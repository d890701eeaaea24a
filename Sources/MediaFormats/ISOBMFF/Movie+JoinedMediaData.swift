extension Movie {
    /// The chunk offsets of every track not in `removed`, moved to where the chunks land when every `mdat` payload
    /// of the movie is copied, in file order, into one `mdat` whose payload starts at `payloadStart`.
    ///
    /// Each chunk must lie inside an `mdat`. Sound chunk sizes depend on the sound description's version, so only a
    /// sound chunk's start is checked.
    /// - Returns: the new offsets by track ID, and the size of the joined payload.
    /// - Throws: ``FormatError`` when a chunk lies outside every `mdat` or runs past the end of its own.
    public func chunkOffsetsJoiningMediaData(at payloadStart: Int64, dropping removed: Set<UInt32> = []) throws -> (
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

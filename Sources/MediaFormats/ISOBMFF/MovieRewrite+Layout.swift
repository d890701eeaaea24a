extension MovieRewrite {
    /// The new movie: the bytes to write and the source's byte ranges to copy, in order (see ``MovieRewrite``).
    /// - Parameter sourceOffset: where the source movie starts in its file on disk (a movie inside another file), for
    ///   ``pageAlignmentMinimum``.
    /// - Throws: ``FormatError`` when a chunk lies outside the media data, a time cannot be rescaled, no track ID is
    ///   left, the metadata cannot be read, or (unsupported) what ``checkSupported()`` throws.
    public func layout(sourceOffset: Int64 = 0) throws(FormatError) -> MovieLayout {
        let mdats = movie.mediaDataBoxes
        let scale = max(1, timescaleFactor)
        guard UInt64(movie.header.timescale) * scale <= UInt64(UInt32.max) else {
            throw FormatError(.malformed, "the movie timescale \(movie.header.timescale) × \(scale) passes 32 bits")
        }
        guard fileType.isQuickTime || (stillImageTime == nil && livePhotoInfoVideo == nil && mediaData == .whole && replacedTracks.isEmpty)
        else {
            // Only QuickTime's `wide` keeps the media data's start independent of the payload's size.
            throw FormatError(.unsupported, "tracks are added or replaced and chunks picked only in a QuickTime movie")
        }

        // Where the media data starts: after `ftyp` and the `mdat` header (`wide` taking the place of a 64-bit size in
        // QuickTime), or for large whole media data at its source's place in a page, after a `free` box.
        let payloadStart: Int64
        if fileType.isQuickTime {
            let whole = mdats.reduce(Int64(0)) { $0 + $1.payloadSize }
            let aligns = mediaData == .whole && pageAlignmentMinimum.map { whole >= $0 } == true
            payloadStart =
                aligns
                ? fileType.quickTimePayloadOffset(aligningWith: sourceOffset + mdats[0].payloadOffset) : fileType.quickTimePayloadOffset
        } else {
            let base = Int64(fileType.movieStart(payloadSize: UInt64(mdats.reduce(Int64(0)) { $0 + $1.payloadSize })).count)
            if let alignment = mediaDataAlignment, mediaData == .whole, let first = mdats.first {
                payloadStart = FileTypeBox.payloadOffset(
                    after: base, aligningWith: sourceOffset + first.payloadOffset, outputOffset: alignment.outputOffset,
                    modulus: alignment.modulus)
            } else {
                payloadStart = base
            }
        }
        let offsets: [UInt32: [UInt64]], payloads: [(offset: Int64, length: Int64)], copiedSize: Int64
        let notCopied = droppedTrackIDs.union(replacedTracks.keys)
        switch mediaData {
        case .whole:
            (offsets, copiedSize) = try movie.chunkOffsetsJoiningMediaData(at: payloadStart, dropping: notCopied)
            payloads = mdats.map { ($0.payloadOffset, $0.payloadSize) }
        case .usedChunks:
            (offsets, payloads, copiedSize) = try movie.chunkOffsetsCopyingUsedChunks(at: payloadStart, dropping: notCopied)
        }
        // The replacing tracks' samples follow the copied media data, in track ID order.
        var replacementOffsets: [UInt32: [UInt64]] = [:]
        var payloadSize = copiedSize
        let replacements = replacedTracks.filter { !droppedTrackIDs.contains($0.key) }.sorted { $0.key < $1.key }
        for (id, replacement) in replacements {
            var position = UInt64(payloadStart + payloadSize)
            replacementOffsets[id] = replacement.chunkSizes.map { size in
                defer { position += size }
                return position
            }
            payloadSize += Int64(replacement.media.count)
        }

        // The added tracks: the still's sample first, the live-photo-info samples after it.
        var header = movie.header
        let movieTimescale = UInt64(header.timescale) * scale
        var appended: [UInt8] = []
        var stillEnd: UInt64 = 0
        var sampleDuration: UInt64 = 1
        if let still = stillImageTime {
            sampleDuration = max(1, movieTimescale / UInt64(max(1, still.mediaTimescale)))
            let (end, overflow) = still.stillTime.addingReportingOverflow(sampleDuration)
            guard !overflow else { throw FormatError(.malformed, "the still time is out of range") }
            stillEnd = end
        }
        var added: [(trak: Atom, id: UInt32)] = []
        if rewritesHeader {
            let (firstID, _) = try newTrackIDs()
            var stillTrack: (trak: Atom, id: UInt32)?
            if let still = stillImageTime {
                appended = still.sample
                stillTrack = (
                    AppleTimedMetadata.stillImageTimeTrack(
                        trackID: firstID, videoTrackID: still.videoTrackID, stillTime: still.stillTime, sampleDuration: sampleDuration,
                        chunkOffset: UInt64(payloadStart + payloadSize), sampleSize: still.sample.count,
                        mediaTimescale: still.mediaTimescale,
                        creationTime: header.creationTime, modificationTime: header.modificationTime),
                    firstID
                )
            }
            let infoID = stillTrack == nil ? firstID : firstID + 1
            if var video = livePhotoInfoVideo, infoID < UInt32.max {
                // A replaced video's frames keep their times; its size is the new encoding's.
                if let replacement = replacedTracks[video.trackID] { video.descriptions = replacement.track.descriptions }
                let (trak, samples) = try AppleTimedMetadata.livePhotoInfoTrack(
                    for: video, trackID: infoID, scale: scale, chunkOffset: UInt64(payloadStart + payloadSize) + UInt64(appended.count),
                    creationTime: header.creationTime, modificationTime: header.modificationTime)
                added.append((trak, infoID))
                appended += samples
            }
            if let stillTrack { added.append(stillTrack) }
        }

        // The new moov: the kept tracks with their new chunk offsets, the added ones after them, the header, the metadata.
        var parts: [MovieBoxPart] = []
        var soundNeedingEncoding: [FourCC] = []
        for part in movie.movieBoxParts {
            switch part {
            case .header where rewritesHeader:
                continue
            case .track(let trak, let track?):
                guard !droppedTrackIDs.contains(track.trackID) else { continue }
                var rewritten: Atom
                if let replacement = replacedTracks[track.trackID] {
                    let spliced = try Self.splicing(track, with: replacement)
                    rewritten = try MovieTrack.rewritten(
                        spliced, chunkOffsets: replacementOffsets[track.trackID] ?? [], timescaleFactor: scale)
                } else {
                    rewritten = try MovieTrack.rewritten(trak, chunkOffsets: offsets[track.trackID] ?? [], timescaleFactor: scale)
                }
                if soundAsISO, track.isAudio {
                    // QuickTime's sound descriptions as ISO ones: MP4 players drop AAC whose 'esds' sits in a 'wave' box.
                    let (iso, needs) = try ISOAudioSampleEntry.isoTrack(rewritten)
                    rewritten = iso
                    soundNeedingEncoding += needs
                }
                parts.append(.track(rewritten, track))
            default:
                parts.append(part)
            }
        }
        for track in added {
            parts = Movie.inserting(tracks: [track.trak], into: parts)
            header.nextTrackID = max(header.nextTrackID, track.id + 1)
        }
        if rewritesHeader {
            header.timescale = UInt32(movieTimescale)
            let (duration, overflow) = header.duration.multipliedReportingOverflow(by: scale)
            guard !overflow else { throw FormatError(.malformed, "a duration of \(header.duration) is too large to rescale") }
            header.duration = max(duration, stillImageTime == nil ? 0 : stillEnd)
            parts.insert(.header(header.atom), at: 0)
        }
        let edited = try editingMetadata(parts)
        parts = edited.parts
        let moov = movie.movieBox(parts).serialized()

        var pieces: [MovieLayout.Piece] = [
            .bytes(fileType.movieStart(payloadSize: UInt64(payloadSize) + UInt64(appended.count), payloadOffset: payloadStart))
        ]
        pieces += payloads.map { .copy(offset: $0.offset, length: $0.length) }
        pieces += replacements.map { .bytes($0.value.media) }
        if !appended.isEmpty { pieces.append(.bytes(appended)) }
        pieces.append(.bytes(moov))
        if keepsOtherTopLevelBoxes { pieces += movie.otherTopLevelBoxes.map { .copy(offset: $0.offset, length: $0.size) } }
        return MovieLayout(pieces: pieces, soundNeedingEncoding: soundNeedingEncoding, removedMetadataKeys: edited.removed)
    }

    /// `parts` with ``metadata``'s changes made, and the keys removed.
    func editingMetadata(_ parts: [MovieBoxPart]) throws(FormatError) -> (parts: [MovieBoxPart], removed: [String]) {
        guard !metadata.isEmpty else { return (parts, []) }
        var parts = parts
        var removed: [String] = []
        func edit(_ values: inout QuickTimeMetadata) -> Bool {
            var changed = false
            for key in metadata.removing {
                guard values.removeKey(key) else { continue }
                removed.append(key)
                changed = true
            }
            for (key, value) in metadata.setting {
                values.set(value, for: key)
                changed = true
            }
            for (key, value) in metadata.settingWhereAbsent where values.value(for: key) == nil {
                values.set(value, for: key)
                changed = true
            }
            return changed
        }
        guard let i = parts.firstIndex(where: { $0.metadataAtom != nil }) else {
            let adding = metadata.setting + metadata.settingWhereAbsent
            guard !adding.isEmpty else { return (parts, []) }
            switch metadata.newMetadataPlace {
            case .movieBox:
                var values = QuickTimeMetadata()
                _ = edit(&values)
                parts.append(.metadata(values.metaAtom))
            case .userData:
                var values: [String: QuickTimeMetadata.Value] = [:]
                for (key, value) in adding { values[key] = value }
                parts = try MovieBoxPart.settingUserDataKeys(values, in: parts)
            }
            return (parts, removed)
        }
        // A refusing edit changes the first `meta` (refused when not QuickTime's); a keeping one every QuickTime `meta`.
        for j in parts.indices where j == i || (!metadata.refusesOtherMetadata && parts[j].metadataAtom != nil) {
            let meta = parts[j].atom
            guard QuickTimeMetadata.isQuickTimeMetadata(meta) else {
                if metadata.refusesOtherMetadata { throw Self.otherMetadataError }
                continue
            }
            var values = try QuickTimeMetadata(meta: meta)
            if edit(&values) { parts[j] = .metadata(values.replacingKeysAndItems(in: meta)) }
        }
        return (parts, removed)
    }
}

/// Rebuilding a movie's `moov`: its children classified (header, tracks, movie-level metadata, the rest) so that a
/// caller can drop, replace or add tracks and edit the metadata without naming a box type.
public enum MovieBoxPart: Sendable {
    /// `mvhd`.
    case header(Atom)
    /// A `trak`, with the parsed track it came from (nil for a track the caller made).
    case track(Atom, MovieTrack?)
    /// The movie-level `meta`.
    case metadata(Atom)
    /// Anything else (`udta`, `iods`, vendor boxes), kept as it is.
    case other(Atom)

    /// The box itself.
    public var atom: Atom {
        switch self {
        case .header(let a), .track(let a, _), .metadata(let a), .other(let a): a
        }
    }
}

extension Movie {
    /// The top-level boxes other than `ftyp`, `moov`, `mdat` and free space (`free`, `skip`, `wide`): what a rewrite
    /// keeps after the movie, such as `uuid` or `meta` boxes of other tools.
    public var otherTopLevelBoxes: [BoxHeader] {
        let rewritten: Set<FourCC> = ["ftyp", "moov", "mdat", "free", "skip", "wide"]
        return topLevel.filter { !rewritten.contains($0.type) }
    }

    /// The children of `moov`, classified, in file order.
    public var movieBoxParts: [MovieBoxPart] {
        var parts: [MovieBoxPart] = []
        var trackIndex = 0
        for child in moov.children {
            switch child.type {
            case "mvhd": parts.append(.header(child))
            case "trak":
                parts.append(.track(child, trackIndex < tracks.count ? tracks[trackIndex] : nil))
                trackIndex += 1
            case "meta": parts.append(.metadata(child))
            default: parts.append(.other(child))
            }
        }
        return parts
    }

    /// A `moov` with `parts` as its children (the original's other fields kept).
    public func movieBox(_ parts: [MovieBoxPart]) -> Atom {
        var box = moov
        box.setChildren(parts.map { $0.atom })
        return box
    }

    /// `parts` with `tracks` inserted after the last track (at the end when there is none).
    public static func inserting(tracks new: [Atom], into parts: [MovieBoxPart]) -> [MovieBoxPart] {
        var parts = parts
        let at = parts.lastIndex { if case .track = $0 { true } else { false } }.map { $0 + 1 } ?? parts.count
        parts.insert(contentsOf: new.map { .track($0, nil) }, at: at)
        return parts
    }
}

extension MovieTrack {
    /// A `trak` with new chunk offsets (`stco`, or `co64` when one passes 32 bits) and its movie-timescale durations
    /// (`tkhd`, edit segments) multiplied by `scale` (a scale of 0 or 1 leaves them as they are).
    /// - Throws: when a scaled duration passes 64 bits.
    public static func rewritten(_ trak: Atom, chunkOffsets: [UInt64], timescaleFactor scale: UInt64) throws(FormatError) -> Atom {
        func scaled(_ value: UInt64) throws(FormatError) -> UInt64 {
            let (product, overflow) = value.multipliedReportingOverflow(by: scale)
            guard !overflow else { throw FormatError(.malformed, "a duration of \(value) is too long to rescale") }
            return product
        }
        var trak = trak
        if scale > 1 {
            try trak.modifyChildren("tkhd") { (tkhd) throws(FormatError) in
                var header = try TrackHeader(tkhd)
                header.duration = try scaled(header.duration)
                tkhd = header.atom
            }
            try trak.modifyChildren("edts") { (edts) throws(FormatError) in
                try edts.modifyChildren("elst") { (elst) throws(FormatError) in
                    var list = try EditList(elst)
                    for i in list.entries.indices { list.entries[i].segmentDuration = try scaled(list.entries[i].segmentDuration) }
                    elst = list.atom
                }
            }
        }
        trak.modifyChildren("mdia") { mdia in
            mdia.modifyChildren("minf") { minf in
                minf.modifyChildren("stbl") { stbl in
                    stbl.setChildren(
                        stbl.children.map { box in
                            box.type == "stco" || box.type == "co64" ? SampleTables.chunkOffsetAtom(chunkOffsets) : box
                        })
                }
            }
        }
        return trak
    }
}

extension MovieBoxPart {
    /// `parts` of a movie without a movie-level `meta`, with `values` set as `mdta` keys where MP4 writers keep them
    /// (ffmpeg, HarmonyOS's camera muxer): in `udta`'s `mdta` metadata, or in a new ISO `meta` (with its version and
    /// flags) added to `udta`, or in a new `udta`.
    public static func settingUserDataKeys(_ values: [String: QuickTimeMetadata.Value], in parts: [MovieBoxPart]) throws(FormatError)
        -> [MovieBoxPart]
    {
        var parts = parts
        func filled(_ metadata: inout QuickTimeMetadata) {
            for (key, value) in values.sorted(by: { $0.key < $1.key }) { metadata.set(value, for: key) }
        }
        let udta = parts.firstIndex { part in
            if case .other(let atom) = part, atom.type == "udta" { return true }
            return false
        }
        var atom = udta.map { parts[$0].atom } ?? Atom(type: "udta", children: [])
        if atom.children("meta").contains(where: QuickTimeMetadata.isQuickTimeMetadata) {
            var done = false
            try atom.modifyChildren("meta") { (meta) throws(FormatError) in
                guard !done, QuickTimeMetadata.isQuickTimeMetadata(meta) else { return }
                var metadata = try QuickTimeMetadata(meta: meta)
                filled(&metadata)
                meta = metadata.replacingKeysAndItems(in: meta)
                done = true
            }
        } else {
            var metadata = QuickTimeMetadata()
            filled(&metadata)
            atom.setChildren(atom.children + [Atom(type: "meta", prefix: [0, 0, 0, 0], children: metadata.metaAtom.children)])
        }
        if let udta { parts[udta] = .other(atom) } else { parts.append(.other(atom)) }
        return parts
    }
}

extension QuickTimeMetadata {
    /// Whether a movie-level `meta` holds QuickTime (`mdta`) metadata.
    public static func isQuickTimeMetadata(_ meta: Atom) -> Bool {
        guard let hdlr = meta.child("hdlr"), let handler = try? HandlerReference(hdlr) else { return false }
        return handler.handlerType == "mdta"
    }

    /// `meta` with this metadata's `keys` and `ilst` in place of its own (added, after `hdlr` and at the end, when
    /// it has none); every other child kept.
    public func replacingKeysAndItems(in meta: Atom) -> Atom {
        var parts = meta.children
        if let k = parts.firstIndex(where: { $0.type == "keys" }) {
            parts[k] = keysAtom
        } else {
            parts.insert(keysAtom, at: (parts.firstIndex { $0.type == "hdlr" } ?? -1) + 1)
        }
        if let l = parts.firstIndex(where: { $0.type == "ilst" }) {
            parts[l] = itemListAtom
        } else {
            parts.append(itemListAtom)
        }
        var meta = meta
        meta.setChildren(parts)
        return meta
    }
}

extension Movie {
    /// The movie without the tracks `ids` names (their samples stay in `mdat`, referenced by nothing).
    public func removingTracks(_ ids: Set<UInt32>) throws(FormatError) -> Movie {
        var moov = self.moov
        moov.setChildren(
            moov.children.filter { child in
                child.type != "trak" || (try? MovieTrack(child)).map { !ids.contains($0.trackID) } ?? true
            })
        return try replacingMovieBox(moov)
    }
}

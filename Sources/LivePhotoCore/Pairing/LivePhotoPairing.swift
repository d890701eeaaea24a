/// Which stills and movies are one Live Photo: the decision scan, import and repair share
/// (docs/guide/libraries.md#scan). The content identifier first, across names and folders; then, among the
/// halves no identifier paired, one still and one movie of one ``PairingKey``, when nothing they carry says
/// otherwise. Callers gather the candidates (scan from its index, import from the landed files) and present what is
/// decided; the decision itself is here, on plain values.
package enum LivePhotoPairing {
    /// The most a still's and a movie's capture times may differ, in seconds, for them to be one Live Photo: the
    /// camera writes both within a second of the shutter; a time stored in whole seconds adds one more.
    package static let captureTolerance: Int64 = 2

    /// The suffixes, in the languages Google Photos writes them, of an edited copy's name (`IMG_1-edited.jpg`).
    package static let editedSuffixes = [
        "-edited", "-modifié", "-bearbeitet", "-modificato", "-editado", "-editat", "-bewerkt", "-edytowane",
        "-編集済み", "-编辑",
    ]

    /// What the halves sharing one content identifier are.
    package enum IdentifierDecision: Sendable, Equatable {
        /// One Live Photo, by the positions of its still and movie among the halves given; the other halves carrying
        /// the identifier (edited copies, a copy under another name) are its variants, in the order given.
        case livePhoto(still: Int, movie: Int, variants: [Int])
        /// More than one way to pair them: which halves belong together would be a guess.
        case conflict(stills: Int, movies: Int)
    }

    /// What one still and one movie of one name key, that no identifier paired, are.
    package enum NameDecision: Sendable, Equatable {
        /// One Live Photo, though not both carry the identifier (`identifier` the one either does).
        /// `timesCompared`: their capture times were known and agree.
        case livePhoto(identifier: String?, lacking: Lacking, timesCompared: Bool)
        /// A vivo pair: one name and one vivo pairing id, a Motion Photo of two files.
        case vivoPair(pairingID: String)
        /// Two different Live Photos' halves under one name: `reason` says what differs.
        case conflict(reason: String)
        /// Not one Live Photo: each is a file of its own.
        case apart
    }

    /// Which halves of a pair carry no content identifier.
    package enum Lacking: Sendable, Equatable {
        case still, movie, both

        /// How a note says it: "the photo carries no", "the movie carries no", "neither carries".
        package var phrase: String {
            switch self {
            case .still: "the photo carries no"
            case .movie: "the movie carries no"
            case .both: "neither carries"
            }
        }
    }

    /// The halves of one content identifier paired; nil when they are not at least a still and a movie (nothing to
    /// pair by identifier: each goes on to pairing by name).
    ///
    /// The original still and movie pair, an edited copy (`IMG_E1234` beside `IMG_1234`, `IMG_1-edited` beside
    /// `IMG_1`) being a variant. Among several originals, the one still and movie of one name key pair (a copy of the
    /// still in an album's folder is a variant), else the one still and movie of one name in different folders;
    /// otherwise it is a conflict.
    package static func byIdentifier(_ halves: [PairingHalf]) -> IdentifierDecision? {
        let stills = halves.indices.filter { halves[$0].side == .still }
        let movies = halves.indices.filter { halves[$0].side == .movie }
        guard !stills.isEmpty, !movies.isEmpty else { return nil }
        let originalStills = originals(stills, in: halves)
        let originalMovies = originals(movies, in: halves)
        var pair: (still: Int, movie: Int)?
        if originalStills.count == 1, originalMovies.count == 1 {
            pair = (originalStills[0], originalMovies[0])
        } else {
            // The one still and movie of one name key; when none share one, of one name in any folder.
            for sameFolder in [true, false] {
                let named = originalStills.flatMap { still in
                    originalMovies.filter { movie in
                        let (a, b) = (halves[still].key, halves[movie].key)
                        return a.name == b.name && (!sameFolder || a.folder == b.folder)
                    }.map { (still: still, movie: $0) }
                }
                if named.count == 1 { pair = named[0] }
                if !named.isEmpty { break }
            }
        }
        guard let pair else { return .conflict(stills: stills.count, movies: movies.count) }
        let variants = (stills + movies).filter { $0 != pair.still && $0 != pair.movie }
        return .livePhoto(still: pair.still, movie: pair.movie, variants: variants)
    }

    /// A still and a movie of one name key that no identifier paired: a vivo pair by its pairing id; two different
    /// identifiers are a conflict; a movie that is no Live Photo's (no still-image-time track) beside a still without
    /// identifier is apart; so are halves whose capture times, when both are known, lie further apart than
    /// ``captureTolerance``. Otherwise one Live Photo, paired by name.
    package static func byName(still: PairingHalf, movie: PairingHalf) -> NameDecision {
        switch (still.vivoPairingID, movie.vivoPairingID) {
        case (let a?, let b?) where a == b: return .vivoPair(pairingID: a)
        case (let a?, let b?): return .conflict(reason: "one name with two vivo pairing ids, \(a) and \(b)")
        // One half of a vivo pair beside a file that is not the other half.
        case (_?, nil), (nil, _?): return .apart
        case (nil, nil): break
        }
        let lacking: Lacking
        switch (still.identifier, movie.identifier) {
        // Different, or the identifier would have paired them.
        case (let a?, let b?): return .conflict(reason: "one name with two identifiers, \(a) and \(b)")
        case (nil, nil) where !movie.hasStillImageTime: return .apart
        case (nil, nil): lacking = .both
        case (nil, _?): lacking = .still
        case (_?, nil): lacking = .movie
        }
        var compared = false
        if let a = still.captureSeconds, let b = movie.captureSeconds {
            guard capturesAgree(a, b) else { return .apart }
            compared = true
        }
        return .livePhoto(identifier: still.identifier ?? movie.identifier, lacking: lacking, timesCompared: compared)
    }

    /// Whether capture times `a` and `b` (seconds) are one moment: within ``captureTolerance``. With
    /// `zoneUnknown` (one was a clock time that stated no offset, read as UTC), also when they lie a time zone's
    /// offset apart, within the tolerance: whole quarter hours, up to 14 hours.
    package static func capturesAgree(_ a: Int64, _ b: Int64, zoneUnknown: Bool = false) -> Bool {
        let gap = a > b ? a - b : b - a
        if gap <= captureTolerance { return true }
        guard zoneUnknown, gap <= 14 * 3600 else { return false }
        return min(gap % 900, 900 - gap % 900) <= captureTolerance
    }

    /// Whether the file named `edited` is an edited copy of the one named `original`: Apple's `IMG_E1234` of
    /// `IMG_1234`, or Google's `IMG_1-edited` of `IMG_1` (any extensions).
    package static func isEditedVersion(_ edited: String, of original: String) -> Bool {
        let editedStem = PathName.stem(edited), base = PathName.stem(original)
        if let underscore = base.firstIndex(of: "_") {
            let apple = base[...underscore] + "E" + base[base.index(after: underscore)...]
            if editedStem.uppercased() == apple.uppercased() { return true }
        }
        let lowerEdited = editedStem.lowercased(), lowerBase = base.lowercased()
        return editedSuffixes.contains { lowerEdited == lowerBase + $0 }
    }

    /// The positions among `candidates` of the halves that are no edited copy of another of them.
    private static func originals(_ candidates: [Int], in halves: [PairingHalf]) -> [Int] {
        candidates.filter { index in
            !candidates.contains { other in other != index && isEditedVersion(halves[index].name, of: halves[other].name) }
        }
    }
}

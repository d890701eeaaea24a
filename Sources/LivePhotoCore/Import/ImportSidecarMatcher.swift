/// Which JSON sidecar each media file of one Takeout folder uses, from the names alone
/// (`docs/formats/takeout.md#sidecar-names`).
///
/// Each file's candidates are the names Google would have given its sidecar, tried in tiers: its own name (then, for a
/// `(N)` name, with the `(N)` read as the uploader's), its name without the extension (an upload title without one),
/// then for an edited copy the original's names, and for a Pixel `X.MP` video the names of `X.MP.jpg`'s sidecar. The
/// first tier with a candidate decides; a tier with two candidates, or a sidecar that two different files would each
/// take, gives the file none: a missing date is better than a wrong one.
package enum ImportSidecarMatcher {
    /// Why a file uses its sidecar.
    package enum Rule: String, Sendable, Equatable {
        /// The sidecar's name is the one Google gives the file's own name.
        case ownName = "own-name"
        /// The sidecar's name lacks the file's extension.
        case withoutExtension = "without-extension"
        /// The file is an edited copy and uses the original's sidecar.
        case editedCopy = "edited-copy"
        /// The file is a Pixel `X.MP` video and uses `X.MP.jpg`'s sidecar.
        case motionPhotoStill = "motion-photo-still"
    }

    /// One media file and what it uses.
    package struct Match: Equatable, Sendable {
        /// The media file's name, as given.
        package var media: String
        /// Its sidecar's name, as given; `nil` when none fits or several do.
        package var sidecar: String?
        /// The rule that found `sidecar`.
        package var rule: Rule?
        /// The sidecars it could not be given (`sidecar` is then `nil`): several that fitted equally, or one that a
        /// different file fits as well.
        package var ambiguous: [String]
    }

    /// What a folder's names gave.
    package struct Result: Equatable, Sendable {
        /// One entry a media file, in the order given.
        package var matches: [Match]
        /// The sidecars no file uses, in the order given (the ones left ambiguous included).
        package var unused: [String]

        /// The sidecar `media` uses, if any.
        package func sidecar(for media: String) -> String? {
            matches.first { $0.media == media }?.sidecar
        }
    }

    /// Matches the media files of one folder to the JSON files of the same folder. No file is read.
    package static func match(media: [String], sidecars: [String]) -> Result {
        var index: [Key: [String]] = [:]
        for name in sidecars {
            for key in Key.readings(ofSidecar: ImportName.nfc(name)) where index[key]?.contains(name) != true {
                index[key, default: []].append(name)
            }
        }
        let files = media.map(Candidates.init(media:))
        func found(_ keys: [Key]) -> [String] {
            var names: [String] = []
            for key in keys { for name in index[key] ?? [] where !names.contains(name) { names.append(name) } }
            return names
        }

        // Who would take each sidecar by the file's own name, and who by a looser reading of it: two
        // different files (an edited copy and its original are one) taking one sidecar leaves it to neither.
        var ownClaims: [String: Set<String>] = [:]
        for file in files { for name in found(file.own) { ownClaims[name, default: []].insert(file.family) } }
        var bareClaims: [String: Set<String>] = [:]
        for file in files where found(file.own).isEmpty {
            for name in found(file.literal + file.bare + file.originalBare) where ownClaims[name] == nil {
                bareClaims[name, default: []].insert(file.family)
            }
        }

        var matches: [Match] = []
        for file in files {
            let tiers: [(Rule, [String], [String: Set<String>])] = [
                (.ownName, found(file.own), ownClaims),
                (.ownName, found(file.literal).filter { ownClaims[$0] == nil }, bareClaims),
                (.withoutExtension, found(file.bare).filter { ownClaims[$0] == nil }, bareClaims),
                (.editedCopy, found(file.original), ownClaims),
                (.editedCopy, found(file.originalBare).filter { ownClaims[$0] == nil }, bareClaims),
                (.motionPhotoStill, found(file.still), ownClaims),
            ]
            var match = Match(media: file.name, sidecar: nil, rule: nil, ambiguous: [])
            for (rule, names, claims) in tiers where !names.isEmpty {
                if names.count == 1, claims[names[0], default: []].subtracting([file.family]).isEmpty {
                    match.sidecar = names[0]
                    match.rule = rule
                } else {
                    match.ambiguous = names
                }
                break
            }
            matches.append(match)
        }
        let used = Set(matches.compactMap { $0.sidecar })
        return Result(matches: matches, unused: sidecars.filter { !used.contains($0) })
    }

    /// A sidecar's name taken apart: the stem Google cut, and the copy number it put after the cut.
    struct Key: Hashable {
        var stem: String
        var number: Int?

        init(stem: String, number: Int?) {
            self.stem = stem
            self.number = number
        }

        /// `IMG_1.HEIC(1).json` → (`IMG_1.HEIC`, 1), and also (`IMG_1.HEIC(1)`, none), for a cut that ended on a
        /// name's own `(2019)`; nothing for a name that does not end in `.json` or `.xmp`.
        static func readings(ofSidecar name: String) -> [Key] {
            // Google's and osxphotos' JSON, and the XMP files icloudpd, osxphotos and Photos write, are named alike.
            let lower = name.lowercased()
            guard lower.hasSuffix(".json") || lower.hasSuffix(".xmp") else { return [] }
            let base = String(name.dropLast(lower.hasSuffix(".json") ? 5 : 4))
            let (stem, number) = ImportName.splitNumber(base)
            let numbered = Key(stem: stem, number: number)
            return number == nil ? [numbered] : [numbered, Key(stem: base, number: nil)]
        }
    }

    /// The sidecar names one media file may use, by tier.
    struct Candidates {
        var name: String
        /// The file itself, edited and motion-photo suffixes set aside, so that a copy and its original count as one.
        var family: String
        var own: [Key] = []
        var literal: [Key] = []
        var bare: [Key] = []
        var original: [Key] = []
        var originalBare: [Key] = []
        var still: [Key] = []

        init(media name: String) {
            self.name = name
            let nfc = ImportName.nfc(name)
            let (stem, ext) = ImportName.splitExtension(nfc)
            let (base, number) = ImportName.splitNumber(stem)
            own = Self.keys(base + ext, number)
            // A name whose `(N)` was the uploader's own, with no number added by Google: only when Google's reading
            // finds nothing, as a long name's cut drops the `(N)` and would take the unnumbered file's sidecar.
            if number != nil { literal = Self.keys(nfc, nil) }
            if !ext.isEmpty { bare = Self.keys(base, number) }
            family = Self.family(base + ext, number)
            if let edited = ImportName.removingEditedSuffix(base) {
                let (originalBase, originalNumber) =
                    number == nil ? ImportName.splitNumber(edited) : (edited, number)
                original = Self.keys(originalBase + ext, originalNumber)
                if !ext.isEmpty { originalBare = Self.keys(originalBase, originalNumber) }
                family = Self.family(originalBase + ext, originalNumber)
            }
            if ext.lowercased() == ".mp" {
                still = Self.keys(base + ext + ".jpg", number)
                family = Self.family(base + ext + ".jpg", number)
            }
        }

        /// One spelling for a name and its copy number, whichever way the file wrote them.
        static func family(_ full: String, _ number: Int?) -> String {
            number.map { "\(full)(\($0))" } ?? full
        }

        /// The sidecar names of the media name `full` (its `(N)` taken out) in both forms Google writes.
        static func keys(_ full: String, _ number: Int?) -> [Key] {
            (ImportName.cuts(full) + ImportName.cuts(full + ImportName.supplementalSuffix)).map {
                Key(stem: $0, number: number)
            }
        }
    }
}

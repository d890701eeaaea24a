import MediaFormats

/// An export's files gathered into what the library holds: Live Photos paired as scan pairs them
/// (``LivePhotoPairing``: by their content identifier, then by folder and name, capture times compared), Motion
/// Photos with their separate videos folded in or embedded again, and single files
/// (`docs/guide/takeout.md#live-photos-and-motion-photos`).
package struct ImportGrouping {
    /// One thing the library gets; the numbers are landed files.
    package enum Item: Sendable, Equatable {
        case single(Int)
        /// A still and a movie written under one name; `byIdentifier` false when they were matched by name and time.
        case livePhoto(still: Int, movie: Int, byIdentifier: Bool)
        /// A Motion Photo. `separate`: its separate video, the same as the one inside (folded) or, with `reembed`,
        /// embedded again because the photo's own is missing or damaged.
        case motionPhoto(photo: Int, separate: Int?, reembed: Bool)
    }

    /// What the grouping needs of one landed file.
    package struct File {
        package let facts: ImportFileFacts
        package let name: String
        package let folder: String
        /// Its capture time (its sidecar's, else its own), seconds since 1970.
        package let captureSeconds: Int64?
        /// Its place in the input (its first copy's, in the parts' order): the order files are taken in, the same
        /// every run whatever order the parts' files landed in.
        package let rank: Int

        package init(facts: ImportFileFacts, name: String, folder: String, captureSeconds: Int64?, rank: Int) {
            self.facts = facts
            self.name = name
            self.folder = folder
            self.captureSeconds = captureSeconds
            self.rank = rank
        }
    }

    package var items: [Item] = []
    /// Notes for a landed file ("possibly one Motion Photo with …").
    package var notes: [Int: [String]] = [:]

    /// A video this short beside a still of the same stem may be a Motion Photo's.
    package static let shortVideoSeconds: Double = 4

    /// Groups `files`; the notes name `export` ("not in the Takeout"). `sameBytes(video, photo, span)` says whether
    /// the file `video` holds the same bytes as `span` of the file `photo` (a Motion Photo's separate video).
    package init(_ files: [Int: File], export: ImportExport, sameBytes: (Int, Int, MotionPhotoFile.Span) -> Bool) {
        var used: Set<Int> = []
        let order = files.keys.sorted { (files[$0]?.rank ?? $0, $0) < (files[$1]?.rank ?? $1, $1) }
        // 1. Live Photos by identifier (``LivePhotoPairing/byIdentifier(_:)``), identifiers in the parts' order so
        // that names are given out the same way every run. A pair's variants are paired again among themselves: an
        // edited still and movie (`IMG_E0001.JPG`, `IMG_E0001.MOV`) are a Live Photo of their own.
        var identifiers: [String] = [], seen: Set<String> = [], halves: [String: [Int]] = [:]
        for index in order {
            guard let file = files[index], let half = Self.half(file), let id = half.identifier else { continue }
            // By their first still: pairs come in the order of their stills.
            if half.side == .still, seen.insert(id).inserted { identifiers.append(id) }
            halves[id, default: []].append(index)
        }
        for id in identifiers {
            var members = halves[id] ?? []
            while case .livePhoto(let still, let movie, let variants)? = LivePhotoPairing.byIdentifier(
                members.compactMap { files[$0].flatMap(Self.half) })
            {
                items.append(.livePhoto(still: members[still], movie: members[movie], byIdentifier: true))
                used.formUnion([members[still], members[movie]])
                members = variants.map { members[$0] }
            }
        }
        // 2. Motion Photos and their separate videos.
        var moviesByFolder: [String: [Int]] = [:]
        for index in order where !used.contains(index) {
            if let file = files[index], file.facts.kind == .movie { moviesByFolder[file.folder, default: []].append(index) }
        }
        for index in order where !used.contains(index) {
            guard let file = files[index] else { continue }
            let names = Self.separateVideoNames(ofPhoto: file.name)
            let candidate = (moviesByFolder[file.folder] ?? []).first { movie in
                !used.contains(movie) && names.contains((files[movie]?.name ?? "").lowercased())
            }
            switch file.facts.kind {
            case .motionPhoto:
                guard let candidate, files[candidate] != nil, let span = file.facts.embeddedVideo else {
                    items.append(.motionPhoto(photo: index, separate: nil, reembed: false))
                    used.insert(index)
                    continue
                }
                if sameBytes(candidate, index, span) {
                    items.append(.motionPhoto(photo: index, separate: candidate, reembed: false))
                    used.formUnion([index, candidate])
                } else {
                    items.append(.motionPhoto(photo: index, separate: nil, reembed: false))
                    used.insert(index)
                    notes[candidate, default: []].append("differs from the video inside \(file.name); written beside it")
                }
            case .brokenMotionPhoto(let problem):
                if let candidate {
                    items.append(.motionPhoto(photo: index, separate: candidate, reembed: true))
                    used.formUnion([index, candidate])
                    notes[index, default: []].append("\(problem); its separate video \(files[candidate]?.name ?? "") was embedded again")
                } else {
                    notes[index, default: []].append("\(problem); no separate video was found to embed again")
                }
            case .still where Self.isMotionPhotoName(file.name):
                if let candidate {
                    items.append(.motionPhoto(photo: index, separate: candidate, reembed: true))
                    used.formUnion([index, candidate])
                    notes[index, default: []].append(
                        "its video was gone; its separate video \(files[candidate]?.name ?? "") was embedded again")
                }
            default: break
            }
        }
        // 3. The halves no identifier paired, by folder and name (``LivePhotoPairing/byName(still:movie:)``, capture
        // times compared).
        var byName: [PairingKey: (stills: [Int], movies: [Int])] = [:]
        for index in order where !used.contains(index) {
            guard let file = files[index], let half = Self.half(file) else { continue }
            switch half.side {
            case .still: byName[half.key, default: ([], [])].stills.append(index)
            case .movie: byName[half.key, default: ([], [])].movies.append(index)
            }
        }
        for key in byName.keys.sorted() {
            guard let group = byName[key], group.stills.count == 1, group.movies.count == 1,
                let still = files[group.stills[0]], let movie = files[group.movies[0]], let stillHalf = Self.half(still),
                let movieHalf = Self.half(movie)
            else { continue }
            let (s, m) = (group.stills[0], group.movies[0])
            if case .livePhoto(_, let lacking, let timed) = LivePhotoPairing.byName(still: stillHalf, movie: movieHalf) {
                items.append(.livePhoto(still: s, movie: m, byIdentifier: false))
                used.formUnion([s, m])
                let how = timed ? "by name and capture time" : "by name"
                let why = lacking == .both ? "neither holds a content identifier" : "\(lacking.phrase) content identifier"
                notes[s, default: []].append("paired with \(movie.name) \(how): \(why)")
            } else if stillHalf.identifier == nil, movieHalf.identifier == nil,
                (movie.facts.duration ?? .infinity) <= Self.shortVideoSeconds
            {
                notes[s, default: []].append("possibly one Motion Photo with \(movie.name); written as two files")
                notes[m, default: []].append("possibly one Motion Photo with \(still.name); written as two files")
            }
        }
        // 4. Everything else, alone; a file whose bytes are no photo or movie livephoto reads is written as it is.
        for index in order where !used.contains(index) {
            items.append(.single(index))
            if let facts = files[index]?.facts, facts.identifier != nil {
                if facts.kind == .still { notes[index, default: []].append("a Live Photo's still whose movie is not in \(export.name)") }
                if facts.kind == .movie { notes[index, default: []].append("a Live Photo's movie whose still is not in \(export.name)") }
            }
            if let file = files[index], file.facts.kind == .other, file.facts.format == .unknown,
                MediaExtensions.all.contains(String(ImportName.splitExtension(file.name).ext.dropFirst()).lowercased())
            {
                notes[index, default: []].append(
                    "its name says a photo or movie, but its bytes do not read as one (damaged?); written as it is")
            }
        }
    }

    /// A still or a movie as pairing reads it; nil for anything else (a Motion Photo, a file that does not read).
    package static func half(_ file: File) -> PairingHalf? {
        let side: PairingHalf.Side
        switch file.facts.kind {
        case .still: side = .still
        case .movie: side = .movie
        default: return nil
        }
        let identifier = file.facts.identifier.flatMap { $0.isEmpty ? nil : $0 }
        return PairingHalf(
            side: side, folder: file.folder, name: file.name, identifier: identifier, hasStillImageTime: file.facts.hasStillImageTime,
            captureSeconds: file.captureSeconds)
    }

    /// The names (lower case) a Motion Photo's separate video can have beside `photo`: Pixel's `X.MP` beside
    /// `X.MP.jpg`, `X.MV`, and an MP4 of the same stem (`MVIMG_X.mp4` beside `MVIMG_X.jpg`).
    package static func separateVideoNames(ofPhoto photo: String) -> Set<String> {
        let stem = ImportName.splitExtension(photo).stem.lowercased()
        var base = stem
        for marker in [".mp", ".mv"] where base.hasSuffix(marker) { base = String(base.dropLast(marker.count)) }
        return [stem, "\(base).mp", "\(base).mv", "\(stem).mp4", "\(base).mp4", "\(stem).mov"]
    }

    /// A name Pixel phones give a Motion Photo's still (`PXL_….MP.jpg`, `MVIMG_….jpg`).
    package static func isMotionPhotoName(_ name: String) -> Bool {
        let stem = ImportName.splitExtension(name).stem.lowercased()
        return stem.hasSuffix(".mp") || stem.hasPrefix("mvimg_")
    }
}

import MediaFormats
internal import PortableFoundation

/// The Takeout's files gathered into what the library holds: Live Photos paired by their content identifier (by
/// name and time only among halves without one), Motion Photos with their separate videos folded in or embedded
/// again, and single files (`docs/guide/takeout.md#live-photos-and-motion-photos`).
struct TakeoutGrouping {
    /// One thing the library gets; the numbers are landed files.
    enum Item: Sendable, Equatable {
        case single(Int)
        /// A still and a movie written under one name; `byIdentifier` false when they were matched by name and time.
        case livePhoto(still: Int, movie: Int, byIdentifier: Bool)
        /// A Motion Photo. `separate`: its separate video, the same as the one inside (folded) or, with `reembed`,
        /// embedded again because the photo's own is missing or damaged.
        case motionPhoto(photo: Int, separate: Int?, reembed: Bool)
    }

    /// What the grouping needs of one landed file.
    struct File {
        let facts: TakeoutFileFacts
        let name: String
        let folder: String
        let path: String
        let captureTime: Date?
        /// Its place in the input (its first copy's, in the parts' order): the order files are taken in, the same
        /// every run whatever order the parts' files landed in.
        let rank: Int
    }

    var items: [Item] = []
    /// Notes for a landed file ("possibly one Motion Photo with …").
    var notes: [Int: [String]] = [:]

    /// The most a still's and a movie's capture times may differ for two halves without identifier to pair by name.
    static let nameTieSeconds: Double = 2
    /// A video this short beside a still of the same stem may be a Motion Photo's.
    static let shortVideoSeconds: Double = 4

    init(_ files: [Int: File]) {
        var used: Set<Int> = []
        let order = files.keys.sorted { (files[$0]?.rank ?? $0, $0) < (files[$1]?.rank ?? $1, $1) }
        // 1. Live Photos by identifier.
        // Stills in the parts' order, so that names are given out the same way every run.
        var stills: [(id: String, index: Int)] = [], movies: [String: [Int]] = [:]
        for index in order {
            guard let file = files[index], let id = file.facts.identifier, !id.isEmpty else { continue }
            switch file.facts.kind {
            case .still: stills.append((id, index))
            case .movie: movies[id, default: []].append(index)
            default: break
            }
        }
        // A still whose name matches a movie of its identifier first (IMG_1.HEIC before IMG_1-edited.jpg), then the rest.
        for matchingNamesOnly in [true, false] {
            for (id, still) in stills {
                guard let candidates = movies[id]?.filter({ !used.contains($0) }), !candidates.isEmpty, !used.contains(still) else {
                    continue
                }
                let key = Self.stemKey(files[still]?.name ?? "")
                let named = candidates.first { Self.stemKey(files[$0]?.name ?? "") == key }
                guard let movie = named ?? (matchingNamesOnly ? nil : candidates.first) else { continue }
                items.append(.livePhoto(still: still, movie: movie, byIdentifier: true))
                used.formUnion([still, movie])
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
                guard let candidate, let video = files[candidate], let span = file.facts.embeddedVideo else {
                    items.append(.motionPhoto(photo: index, separate: nil, reembed: false))
                    used.insert(index)
                    continue
                }
                if Self.sameBytes(video.path, file.path, span) {
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
        // 3. Halves without identifier, by name and capture time.
        var byStem: [String: (stills: [Int], movies: [Int])] = [:]
        for index in order where !used.contains(index) {
            guard let file = files[index], file.facts.identifier == nil else { continue }
            let key = "\(file.folder)/\(Self.stemKey(file.name))"
            switch file.facts.kind {
            case .still: byStem[key, default: ([], [])].stills.append(index)
            case .movie: byStem[key, default: ([], [])].movies.append(index)
            default: break
            }
        }
        for key in byStem.keys.sorted() {
            guard let group = byStem[key], group.stills.count == 1, group.movies.count == 1,
                let still = files[group.stills[0]], let movie = files[group.movies[0]]
            else { continue }
            let (s, m) = (group.stills[0], group.movies[0])
            let close = Self.within(still.captureTime, movie.captureTime, seconds: Self.nameTieSeconds)
            if movie.facts.hasStillImageTime, close {
                items.append(.livePhoto(still: s, movie: m, byIdentifier: false))
                used.formUnion([s, m])
                notes[s, default: []].append("paired with \(movie.name) by name and capture time: neither holds a content identifier")
            } else if (movie.facts.duration ?? .infinity) <= Self.shortVideoSeconds {
                notes[s, default: []].append("possibly one Motion Photo with \(movie.name); written as two files")
                notes[m, default: []].append("possibly one Motion Photo with \(still.name); written as two files")
            }
        }
        // 4. Everything else, alone; a file whose bytes are no photo or movie livephoto reads is written as it is.
        for index in order where !used.contains(index) {
            items.append(.single(index))
            if let facts = files[index]?.facts, facts.identifier != nil {
                if facts.kind == .still { notes[index, default: []].append("a Live Photo's still whose movie is not in the Takeout") }
                if facts.kind == .movie { notes[index, default: []].append("a Live Photo's movie whose still is not in the Takeout") }
            }
            if let file = files[index], file.facts.kind == .other, file.facts.format == .unknown,
                Self.readableExtensions.contains(TakeoutName.splitExtension(file.name).ext.lowercased())
            {
                notes[index, default: []].append(
                    "its name says a photo or movie, but its bytes do not read as one (damaged?); written as it is")
            }
        }
    }

    /// The extensions of the kinds livephoto reads: a file of such a name that does not read is worth a note; a PNG,
    /// a GIF or a RAW file is written as it is without one.
    static let readableExtensions: Set<String> = [".jpg", ".jpeg", ".heic", ".heif", ".mov", ".mp4", ".m4v", ".qt"]

    /// A name without its extension, Google's copy number `(N)` and the `_HEVC` icloudpd gives a HEIC's movie (also
    /// before its size, `_HEVC-medium`), case folded: what two halves of one Live Photo share whatever numbering the
    /// export gave them (`docs/formats/icloud.md#icloudpd-folders`).
    static func stemKey(_ name: String) -> String {
        var stem = TakeoutName.splitExtension(name).stem
        stem = TakeoutName.splitNumber(stem).base
        var lower = stem.lowercased()
        if let marker = lower.ranges(of: "_hevc").last, marker.upperBound == lower.endIndex || lower[marker.upperBound] == "-" {
            lower.removeSubrange(marker)
        }
        return lower
    }

    /// The names (lower case) a Motion Photo's separate video can have beside `photo`: Pixel's `X.MP` beside
    /// `X.MP.jpg`, `X.MV`, and an MP4 of the same stem (`MVIMG_X.mp4` beside `MVIMG_X.jpg`).
    static func separateVideoNames(ofPhoto photo: String) -> Set<String> {
        let stem = TakeoutName.splitExtension(photo).stem.lowercased()
        var base = stem
        for marker in [".mp", ".mv"] where base.hasSuffix(marker) { base = String(base.dropLast(marker.count)) }
        return [stem, "\(base).mp", "\(base).mv", "\(stem).mp4", "\(base).mp4", "\(stem).mov"]
    }

    /// A name Pixel phones give a Motion Photo's still (`PXL_….MP.jpg`, `MVIMG_….jpg`).
    static func isMotionPhotoName(_ name: String) -> Bool {
        let stem = TakeoutName.splitExtension(name).stem.lowercased()
        return stem.hasSuffix(".mp") || stem.hasPrefix("mvimg_")
    }

    static func within(_ a: Date?, _ b: Date?, seconds: Double) -> Bool {
        guard let a, let b else { return false }
        return abs(a.timeIntervalSince(b)) <= seconds
    }

    /// Whether the file at `video` holds the same bytes as `span` of the file at `photo`.
    static func sameBytes(_ video: String, _ photo: String, _ span: MotionPhotoFile.Span) -> Bool {
        guard let separate = try? RandomAccessFile(path: video), separate.size == span.length,
            let whole = try? RandomAccessFile(path: photo)
        else { return false }
        return (try? TakeoutLanding.sameBytes(separate, at: 0, whole, at: span.offset, count: span.length)) == true
    }
}

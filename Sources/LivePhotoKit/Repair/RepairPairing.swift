import MediaFormats
internal import PortableFoundation

/// Live Photo halves that belong together but do not share an identifier (docs/guide/repair.md#pairings): a still
/// and a movie of one name (or an export's `(1)` variation of it) whose identifiers are missing on one side or
/// disagree. They get one identifier only when the movie is a Live Photo's (a still-image-time track, the still time
/// within its length) and the two were captured at one moment (``LivePhotoPairing/capturesAgree(_:_:zoneUnknown:)``);
/// otherwise nothing is guessed.
enum RepairPairing {
    /// A still and a movie paired by name: the identifier one carries (or a new one) written to the other.
    static func restore(still: String, movie: String, into plan: inout RepairDiagnosis.Plan) {
        let s = StillHalf(path: still)
        let m = MovieHalf(path: movie)
        let missing = [s.identifier == nil ? "the photo" : nil, m.identifier == nil ? "the movie" : nil].compactMap { $0 }
        guard !missing.isEmpty else { return }
        let detail = "\(missing.joined(separator: " and ")) carr\(missing.count == 1 ? "ies" : "y") no content identifier"
        if let mismatch = misfit(s, m) {
            conflict(still, "\(detail), but it and \(movie) may not be one Live Photo: \(mismatch)", into: &plan)
            return
        }
        let existing = s.identifier ?? m.identifier
        guard let identifier = existing.map(ContentIdentifier.init) ?? ContentIdentifier() else {
            conflict(still, "\(detail), and the identifier of \(movie) is not a UUID", into: &plan)
            return
        }
        func lacks(_ file: String, _ repair: String) {
            plan.problems.append(LibraryRepair.Problem(kind: .missingIdentifier, file: file, detail: detail, repair: repair))
        }
        if s.identifier == nil {
            lacks(still, "write \(identifier) into the Apple MakerNote (tag 0x0011)")
            plan.changeStill(still) { $0.identifier = identifier }
        }
        if m.identifier == nil {
            lacks(movie, "write \(identifier) as com.apple.quicktime.content.identifier")
            plan.changeMovie(movie) { $0.identifier = identifier }
        }
    }

    /// A conflict of one still and one movie of one name with two identifiers: the movie takes the still's.
    /// - Returns: false when the conflict is not of that kind (it is then reported as it is).
    static func reconcile(_ item: LibraryItem, into plan: inout RepairDiagnosis.Plan) -> Bool {
        guard item.files.count == 2 else { return false }
        let kinds = item.files.map { InputFile.kind(of: $0) }
        guard let stillIndex = kinds.firstIndex(where: \.isStill), let movieIndex = kinds.firstIndex(where: \.isMovie) else { return false }
        let (still, movie) = (item.files[stillIndex], item.files[movieIndex])
        let s = StillHalf(path: still)
        let m = MovieHalf(path: movie)
        guard let stillID = s.identifier, let movieID = m.identifier, stillID != movieID, let identifier = ContentIdentifier(stillID) else {
            return false
        }
        let detail = "the photo carries \(stillID) and the movie \(movieID)"
        if let mismatch = misfit(s, m) {
            conflict(still, "\(detail), and it and \(movie) may not be one Live Photo: \(mismatch)", into: &plan)
            return true
        }
        plan.problems.append(
            LibraryRepair.Problem(
                kind: .identifierMismatch, file: movie, detail: detail,
                repair: "write the photo's \(stillID) as com.apple.quicktime.content.identifier"))
        plan.changeMovie(movie) { $0.identifier = identifier }
        return true
    }

    /// Reports that `still` and its movie are not mended, and why (`detail`).
    static func conflict(_ still: String, _ detail: String, into plan: inout RepairDiagnosis.Plan) {
        plan.problems.append(LibraryRepair.Problem(kind: .pairingConflict, file: still, detail: detail, repair: nil))
    }

    /// Why a still and a movie may not be one Live Photo; nil when they fit.
    static func misfit(_ still: StillHalf, _ movie: MovieHalf) -> String? {
        if let problem = still.unreadable ?? movie.unreadable { return problem }
        if still.hasForeignMakerNote { return "the photo carries another maker's MakerNote" }
        guard let stillTime = movie.stillTime else { return "the movie has no still-image-time track" }
        if stillTime < 0 || stillTime > movie.duration + 0.1 {
            return String(cFormat: "the movie's still time (%.3f s) lies outside its %.3f s", stillTime, movie.duration)
        }
        guard let a = still.captureSeconds, let b = movie.captureSeconds else {
            return "\(still.captureSeconds == nil ? "the photo" : "the movie") records no capture time to compare"
        }
        // A photo whose clock time states no offset was read as UTC: against the movie's clock time when it states its
        // offset, else it fits when the gap is a time zone's offset.
        let other = still.statesOffset ? b : movie.clockSeconds ?? b
        let zoneUnknown = !still.statesOffset && movie.clockSeconds == nil
        return LivePhotoPairing.capturesAgree(a, other, zoneUnknown: zoneUnknown) ? nil : "they were captured \(abs(a - other)) s apart"
    }

    /// What pairing needs of a still.
    struct StillHalf {
        var identifier: String?
        var captureSeconds: Int64?
        var statesOffset = false
        var hasForeignMakerNote = false
        var unreadable: String?

        init(path: String) {
            guard let input = try? InputFile(path: path), input.kind.isStill else {
                unreadable = "the photo cannot be read"
                return
            }
            guard let tiff = ImportCaptureTime.exif(of: input) else { return }
            if let makerNote = tiff.makerNote {
                if AppleMakerNote.isApple(makerNote) {
                    identifier = (try? AppleMakerNote(bytes: makerNote))?.string(AppleMakerNote.contentIdentifierTag)
                } else {
                    hasForeignMakerNote = true
                }
            }
            captureSeconds = ImportCaptureTime.stillSeconds(tiff)
            statesOffset = tiff.offsetTimeOriginal != nil
        }
    }

    /// What pairing needs of a movie.
    struct MovieHalf {
        var identifier: String?
        var stillTime: Double?
        var duration: Double = 0
        var captureSeconds: Int64?
        /// The capture time on the camera's clock (as if it were UTC), when the movie's creation date states its offset.
        var clockSeconds: Int64?
        var unreadable: String?

        init(path: String) {
            guard let input = try? InputFile(path: path), input.kind.isMovie, let movie = try? Movie(file: input.file) else {
                unreadable = "the movie cannot be read"
                return
            }
            let facts = MovieFacts(movie: movie)
            identifier = facts.contentIdentifier
            duration = facts.videoDuration > 0 ? facts.videoDuration : movie.durationSeconds
            stillTime = facts.stillImageTimeTracks.first.flatMap { facts.stillImageTime($0, file: input.file) }?.seconds
            captureSeconds = ImportCaptureTime.movieSeconds(of: input.file)
            if case .utf8(let text)? = movie.metadata?.value(for: AppleMovieMetadata.creationDateKey),
                let date = AppleMovieMetadata.creationDate(text), text.dropFirst(19).contains(where: { "+-Z".contains($0) })
            {
                clockSeconds = date.secondsSince1970 + Int64(date.offset)
            }
        }
    }
}

import MediaFormats

/// A pair whose halves share an identifier but that `verify` fails, so Photos will not pair it
/// (docs/guide/repair.md#what-it-finds): every required check that fails is reported. A movie without a
/// still-image-time track, as tools that set only the identifiers leave it, gets one
/// (``RepairStillImageTime``); what no header mends (a codec other than H.264 or HEVC, a still time outside the
/// video, two still-image-time tracks) is reported only.
enum RepairVerification {
    /// The checks about the identifiers: the pairing's own (``RepairPairing``) when it mends or reports them.
    static let identifierChecks: Set<String> = ["photo-identifier", "movie-identifier", "identifiers-match"]

    static func check(still: String, movie: String, into plan: inout RepairDiagnosis.Plan) {
        // A pairing in doubt is reported as such: whether the files belong together is not known.
        guard !plan.problems.contains(where: { $0.kind == .pairingConflict }) else { return }
        let identifiersHandled = plan.problems.contains { $0.kind == .missingIdentifier || $0.kind == .identifierMismatch }
        let report = LivePhotoVerifier.verify(
            photo: still, movie: movie, still: FileAnalysis(path: still), video: FileAnalysis(path: movie))
        let failed = report.checks.filter { check in
            !check.passed && check.requirement == .required && !(identifiersHandled && identifierChecks.contains(check.id))
        }
        for check in failed {
            let detail = "verify fails (\(check.id)), so Photos will not pair it: \(check.detail)"
            guard check.id == "still-image-time-track" else {
                let file = check.id.hasPrefix("photo") ? still : movie
                plan.problems.append(LibraryRepair.Problem(kind: .verification, file: file, detail: detail, repair: nil))
                continue
            }
            switch RepairStillImageTime.plan(still: still, movie: movie, identifier: plan.movieIdentifier(movie)) {
            case .add(let mend, let repair):
                plan.problems.append(LibraryRepair.Problem(kind: .verification, file: movie, detail: detail, repair: repair))
                plan.changeMovie(movie) { $0.stillImageTime = mend }
            case .cannot(let reason):
                plan.problems.append(
                    LibraryRepair.Problem(kind: .verification, file: movie, detail: "\(detail); it cannot be added: \(reason)", repair: nil)
                )
            }
        }
    }
}

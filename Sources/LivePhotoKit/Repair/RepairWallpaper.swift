import MediaFormats

/// A valid Live Photo movie the lock screen would not animate (docs/formats/wallpaper.md#gates): with
/// `repair --wallpaper`, one without a `live-photo-info` track gets one, as `make` writes it, its media data copied.
/// The gates a header cannot mend (the still time, the frames before it, the frame rate) are reported.
enum RepairWallpaper {
    static func check(_ path: String, into plan: inout RepairDiagnosis.Plan) {
        guard let input = try? InputFile(path: path), input.kind.isMovie, let movie = try? Movie(file: input.file) else { return }
        let facts = MovieFacts(movie: movie)
        guard facts.video != nil else { return }
        guard !facts.stillImageTimeTracks.isEmpty else {
            // The still-image-time track the repair adds comes with the lock screen's track, through make's remux.
            guard plan.movieChanges(path)?.stillImageTime != nil, !movie.tracks.contains(where: LivePhotoInfoTrack.matches) else { return }
            plan.problems.append(
                LibraryRepair.Problem(
                    kind: .wallpaper, file: path, detail: "no live-photo-info track: the lock screen says \"Motion not available\"",
                    repair: "add a live-photo-info track for the video with the still-image-time track, as make writes it"))
            plan.changeMovie(path) { $0.addsLivePhotoInfo = true }
            return
        }
        let report = WallpaperReadiness.check(facts: facts, file: input.file)
        guard !report.ready else { return }
        let failed = report.gates.filter { !$0.passed }
        let mendable = failed.contains { $0.id == "G1" } && !movie.tracks.contains(where: LivePhotoInfoTrack.matches)
        if mendable {
            plan.problems.append(
                LibraryRepair.Problem(
                    kind: .wallpaper, file: path, detail: "no live-photo-info track: the lock screen says \"Motion not available\"",
                    repair: "add a live-photo-info track for the video, as make writes it (the media data copied)"))
            plan.changeMovie(path) { $0.addsLivePhotoInfo = true }
        }
        // The added track passes the gates about that track; the others are reported.
        let trackGates: Set<String> = ["live-photo-info-track", "sample-per-frame", "sample-times", "setup"]
        for gate in failed where !mendable || !trackGates.contains(gate.name) {
            plan.problems.append(LibraryRepair.Problem(kind: .wallpaper, file: path, detail: gate.detail, repair: nil))
        }
    }
}

internal import PortableFoundation

/// Writes one planned Live Photo in the chosen packaging, through one ``OutputTransaction``: all of its files, or none.
struct OutputJob {
    let still: StillOutput
    let movie: MovieRemux
    let folder: String
    let photoName: String
    let movieName: String
    let inputs: [String]
    /// The inputs whose modification times the still and the movie keep.
    let photoDatedLike: String
    let movieDatedLike: String
    let force: Bool
    let counter: ProgressCounter

    /// `STEM.JPG` and `STEM.MOV` in the folder.
    func writePair(placed: inout [String]) throws(LivePhotoError) -> (String, String) {
        let photoPath = "\(folder)/\(photoName)", moviePath = "\(folder)/\(movieName)"
        let outputs = try OutputTransaction([photoPath, moviePath], inputs: inputs, force: force)
        try writeStillAndMovie(into: outputs, photoPath: photoPath, moviePath: moviePath)
        placed += try outputs.commit(finishing: false)
        return (photoPath, moviePath)
    }

    /// The pair, and `NAME.zip` (a `.pvt.zip`) made of the pair's own bytes: one make gives both, the still and the
    /// movie planned and tagged once; the three are placed together.
    func writePairAndZip(bundleNamed bundleName: String, placed: inout [String]) throws(LivePhotoError) -> (String, String, String) {
        let photoPath = "\(folder)/\(photoName)", moviePath = "\(folder)/\(movieName)"
        let zip = "\(folder)/\(bundleName).zip"
        let outputs = try OutputTransaction([photoPath, moviePath, zip], inputs: inputs, force: force)
        let (stagedPhoto, stagedMovie) = try writeStillAndMovie(into: outputs, photoPath: photoPath, moviePath: moviePath)
        let zipPath = OutputLocation.temporaryName(beside: zip)
        defer { OutputLocation.remove(zipPath) }
        try ZippedBundle.write(
            to: zipPath, bundleName: bundleName,
            members: [(photoName, stagedPhoto.temporaryPath), (movieName, stagedMovie.temporaryPath)],
            date: FileDates.modificationDate(of: photoDatedLike) ?? Date(), destination: zip, counter: counter)
        outputs.adopt(zipPath, as: zip, datedLike: photoDatedLike)
        placed += try outputs.commit(finishing: false)
        return (photoPath, moviePath, zip)
    }

    /// `NAME/` (a `.pvt` bundle) or `NAME.zip`, built in a hidden folder and moved into place whole.
    func writeBundle(named bundleName: String, zipped: Bool, placed: inout [String]) throws(LivePhotoError) -> String {
        let destination = "\(folder)/\(bundleName)" + (zipped ? ".zip" : "")
        let outputs = try OutputTransaction([destination], inputs: inputs, force: force)
        let work = try OutputLocation.temporaryFolder(beside: destination)
        defer { OutputLocation.remove(work) }
        do {
            try fillBundle(work, into: outputs, destination: destination, bundleName: bundleName, zipped: zipped)
            placed += try outputs.commit(finishing: false)
            return destination
        } catch {
            // The hidden folder the bundle is built in is never named: its files are named as in the bundle.
            throw error.renamingFiles(in: work) { name in name.isEmpty ? destination : "\(destination)/\(name)" }
        }
    }

    @discardableResult
    private func writeStillAndMovie(into outputs: OutputTransaction, photoPath: String, moviePath: String) throws(LivePhotoError)
        -> (StagedFile, StagedFile)
    {
        let stagedPhoto = try outputs.stage(photoPath, datedLike: photoDatedLike)
        let stagedMovie = try outputs.stage(moviePath, datedLike: movieDatedLike)
        try stagedPhoto.write(still.output, progress: counter.add)
        try stagedMovie.write(movie.output, progress: counter.add)
        return (stagedPhoto, stagedMovie)
    }

    /// Writes the still, the movie and `metadata.plist` into `work` (a hidden folder, removed if anything fails), then
    /// hands it (or its zip) to `outputs` as `destination`.
    private func fillBundle(_ work: String, into outputs: OutputTransaction, destination: String, bundleName: String, zipped: Bool)
        throws(LivePhotoError)
    {
        let inside = try OutputTransaction(["\(work)/\(photoName)", "\(work)/\(movieName)"], inputs: inputs, force: false)
        try writeStillAndMovie(into: inside, photoPath: "\(work)/\(photoName)", moviePath: "\(work)/\(movieName)")
        try inside.commit()
        let plist = "\(work)/\(PhotoBundle.metadataFileName)"
        do {
            try PhotoBundle.metadataPlist.write(toFile: plist, atomically: false, encoding: .utf8)
        } catch {
            throw .writeFailed(path: destination, reason: "cannot write \(PhotoBundle.metadataFileName) into the bundle")
        }
        FileDates.copyModificationTime(from: photoDatedLike, to: plist)
        guard zipped else {
            outputs.adopt(work, as: destination, datedLike: photoDatedLike)
            return
        }
        let zipPath = OutputLocation.temporaryName(beside: destination)
        try ZippedBundle.write(
            to: zipPath, bundleName: bundleName, members: [photoName, movieName].map { ($0, "\(work)/\($0)") },
            date: FileDates.modificationDate(of: photoDatedLike) ?? Date(), destination: destination, counter: counter)
        outputs.adopt(zipPath, as: destination, datedLike: photoDatedLike)
    }
}

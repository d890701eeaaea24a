import Foundation
import LivePhotoMedia
import MediaFormats

/// Writes one planned Live Photo in the chosen packaging.
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
        let (photoPath, moviePath) = try writePairFiles(placed: &placed)
        return (photoPath, moviePath)
    }

    /// The pair, then `NAME.zip` (a `.pvt.zip`) made of the pair's own files: one make gives both, the bytes of the
    /// still and the movie planned and tagged once.
    func writePairAndZip(bundleNamed bundleName: String, placed: inout [String]) throws(LivePhotoError) -> (String, String, String) {
        let (photoPath, moviePath) = try writePairFiles(placed: &placed)
        let destination = "\(folder)/\(bundleName).zip"
        try OutputLocation.check([destination], inputs: inputs, force: force)
        let zipPath = OutputLocation.temporaryName(beside: destination)
        defer { OutputLocation.remove(zipPath) }
        try ZippedBundle.write(
            to: zipPath, bundleName: bundleName, members: [(photoName, photoPath), (movieName, moviePath)],
            date: FileDates.modificationDate(of: photoDatedLike) ?? Date(), destination: destination, counter: counter)
        FileDates.copyModificationTime(from: photoDatedLike, to: zipPath)
        try OutputLocation.moveIntoPlace(zipPath, destination, force: force)
        placed.append(destination)
        return (photoPath, moviePath, destination)
    }

    private func writePairFiles(placed: inout [String]) throws(LivePhotoError) -> (String, String) {
        let photoPath = "\(folder)/\(photoName)", moviePath = "\(folder)/\(movieName)"
        try OutputLocation.check([photoPath, moviePath], inputs: inputs, force: force)
        let stagedPhoto = try StagedFile(destination: photoPath, datedLike: photoDatedLike)
        let stagedMovie = try StagedFile(destination: moviePath, datedLike: movieDatedLike)
        try still.write(to: stagedPhoto, progress: counter.add)
        try movie.write(to: stagedMovie, progress: counter.add)
        try OutputLocation.check([photoPath, moviePath], inputs: inputs, force: force)
        placed.append(try stagedPhoto.commit())
        placed.append(try stagedMovie.commit())
        return (photoPath, moviePath)
    }

    /// `NAME/` (a `.pvt` bundle) or `NAME.zip`, built in a hidden folder and moved into place whole.
    func writeBundle(named bundleName: String, zipped: Bool, placed: inout [String]) throws(LivePhotoError) -> String {
        let destination = "\(folder)/\(bundleName)" + (zipped ? ".zip" : "")
        try OutputLocation.check([destination], inputs: inputs, force: force)
        let work = try OutputLocation.temporaryFolder(beside: destination)
        defer { OutputLocation.remove(work) }
        do {
            return try fillBundle(work, destination: destination, bundleName: bundleName, zipped: zipped, placed: &placed)
        } catch {
            // The hidden folder the bundle is built in is never named: its files are named as in the bundle.
            throw error.renamingFiles(in: work) { name in name.isEmpty ? destination : "\(destination)/\(name)" }
        }
    }

    /// Writes the still, the movie and `metadata.plist` into `work`, then moves it (or its zip) to `destination`.
    private func fillBundle(_ work: String, destination: String, bundleName: String, zipped: Bool, placed: inout [String])
        throws(LivePhotoError) -> String
    {
        let stagedPhoto = try StagedFile(destination: "\(work)/\(photoName)", datedLike: photoDatedLike)
        let stagedMovie = try StagedFile(destination: "\(work)/\(movieName)", datedLike: movieDatedLike)
        try still.write(to: stagedPhoto, progress: counter.add)
        try movie.write(to: stagedMovie, progress: counter.add)
        placed.append(try stagedPhoto.commit())
        placed.append(try stagedMovie.commit())
        do {
            try PhotoBundle.metadataPlist.write(toFile: "\(work)/\(PhotoBundle.metadataFileName)", atomically: false, encoding: .utf8)
        } catch {
            throw .writeFailed(path: destination, reason: "cannot write \(PhotoBundle.metadataFileName) into the bundle")
        }
        FileDates.copyModificationTime(from: photoDatedLike, to: "\(work)/\(PhotoBundle.metadataFileName)")
        if !zipped {
            FileDates.copyModificationTime(from: photoDatedLike, to: work)
            try OutputLocation.moveIntoPlace(work, destination, force: force)
            placed.append(destination)
            return destination
        }
        let zipPath = OutputLocation.temporaryName(beside: destination)
        defer { OutputLocation.remove(zipPath) }
        try ZippedBundle.write(
            to: zipPath, bundleName: bundleName, members: [photoName, movieName].map { ($0, "\(work)/\($0)") },
            date: FileDates.modificationDate(of: photoDatedLike) ?? Date(), destination: destination, counter: counter)
        FileDates.copyModificationTime(from: photoDatedLike, to: zipPath)
        try OutputLocation.moveIntoPlace(zipPath, destination, force: force)
        placed.append(destination)
        return destination
    }
}

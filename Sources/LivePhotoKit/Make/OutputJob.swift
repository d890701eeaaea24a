import Foundation
import LivePhotoMedia
import ZIPFoundation
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
        do {
            let archive = try Archive(url: URL(fileURLWithPath: zipPath), accessMode: .create)
            let date = FileDates.modificationDate(of: photoDatedLike) ?? Date()
            try archive.addEntry(
                with: "\(bundleName)/", type: .directory, uncompressedSize: Int64(0), modificationDate: date, provider: { _, _ in Data() })
            for name in [photoName, movieName, PhotoBundle.metadataFileName] {
                let url = URL(fileURLWithPath: "\(work)/\(name)")
                // Media is already compressed: store it. The plist deflates.
                try archive.addEntry(
                    with: "\(bundleName)/\(name)", fileURL: url, compressionMethod: name.hasSuffix(".plist") ? .deflate : .none)
                counter.add((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int64) ?? 0)
            }
        } catch {
            throw .writeFailed(path: destination, reason: "cannot write the zip archive: \(error)")
        }
        FileDates.copyModificationTime(from: photoDatedLike, to: zipPath)
        try OutputLocation.moveIntoPlace(zipPath, destination, force: force)
        placed.append(destination)
        return destination
    }
}

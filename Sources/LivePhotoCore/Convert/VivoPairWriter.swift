import MediaFormats

/// vivo's two-file live photo, as its phones up to the X200 write it (docs/formats/makers.md#vivo-two-file-live-photos): the photo with vivo's footer
/// after its EOI, and the MP4 with a `uuid` box of user type `vivoMediaExtInfo` holding the footer at its end; the
/// two footers carry one new pairing id, and the movie's names the cover's frame. Nothing else of either changes.
package struct VivoPairWriter {
    package let photo: SplicedFile
    package let photoFooter: [UInt8]
    package let video: PlainMovie
    package let movieBox: [UInt8]
    package let pairingID: String
    package let stillIdentifier: String?

    package var copiedBytes: Int64 { photo.copiedBytes + video.copiedBytes }

    /// - Parameter milliseconds: the capture time the id starts with (the photo's date).
    package static func plan(
        still source: RandomAccessFile, plain: PlainPhoto, video: PlainMovie, keepsIdentifier: Bool, milliseconds: Int64
    )
        throws(LivePhotoError) -> VivoPairWriter
    {
        guard plain.format == .jpeg else {
            throw .unsupported(file: source.path, reason: "vivo's two-file live photos are JPEGs, and this photo is a HEIC")
        }
        let edits = keepsIdentifier ? [] : MotionPhotoWriter.replacements(plain, below: source.size)
        let id = VivoFooter.newPairingID(milliseconds: milliseconds, random: UInt32.random(in: 0...UInt32.max))
        return VivoPairWriter(
            photo: SplicedFile.copying(source, range: 0..<source.size, replacing: edits),
            photoFooter: VivoFooter.encoded(json: VivoFooter.photoJSON(pairingID: id), pairingID: id), video: video,
            movieBox: VivoFooter.movieBox(
                json: VivoFooter.movieJSON(pairingID: id, coverFrameIndex: video.coverFrameIndex ?? 0), pairingID: id),
            pairingID: id, stillIdentifier: plain.identifier)
    }

    /// vivo's photo: the still, then the footer.
    package var photoOutput: SplicedFile {
        var out = photo
        out.append(photoFooter)
        return out
    }

    /// vivo's movie: the MP4, then the `uuid` box holding the movie's footer.
    package var movieOutput: SplicedFile {
        var out = video.output
        out.append(movieBox)
        return out
    }
}

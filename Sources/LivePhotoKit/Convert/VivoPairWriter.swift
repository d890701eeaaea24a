import MediaFormats
internal import PortableFoundation

/// vivo's two-file live photo, as its phones up to the X200 write it (docs/formats/makers.md#vivo-two-file-live-photos): the photo with vivo's footer
/// after its EOI, and the MP4 with a `uuid` box of user type `vivoMediaExtInfo` holding the footer at its end; the
/// two footers carry one new pairing id, and the movie's names the cover's frame. Nothing else of either changes.
struct VivoPairWriter {
    let photo: SplicedFile
    let photoFooter: [UInt8]
    let video: PlainMovie
    let movieBox: [UInt8]
    let pairingID: String
    let stillIdentifier: String?

    var copiedBytes: Int64 { photo.copiedBytes + video.copiedBytes }

    /// - Parameter milliseconds: the capture time the id starts with (the photo's date).
    static func plan(still source: RandomAccessFile, plain: PlainPhoto, video: PlainMovie, keepsIdentifier: Bool, milliseconds: Int64)
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

    func writePhoto(to out: StagedFile, progress: (Int64) -> Void) throws(LivePhotoError) {
        try photo.write(to: out, progress: progress)
        try out.write(photoFooter)
    }

    func writeMovie(to out: StagedFile, progress: (Int64) -> Void) throws(LivePhotoError) {
        try video.write(to: out, progress: progress)
        try out.write(movieBox)
    }
}

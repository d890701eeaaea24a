/// The files each operation writes, named in one place: the operations name their outputs with these, and batches
/// say what an item will become (`--dry-run`, resuming, shares) with the same functions, never by working names out
/// again.
package enum PlannedOutputs {
    /// `make`'s: the pair (`STEM.JPG` or `STEM.HEIC`, and `STEM.MOV`), the `.pvt` folder, or the `.pvt.zip`.
    package static func make(stem: String, folder: String, packaging: Packaging, photoFormat: PhotoFormat) -> [String] {
        switch packaging {
        case .pair: [pairPhoto(stem: stem, folder: folder, format: photoFormat), pairMovie(stem: stem, folder: folder)]
        case .bundle: [bundle(stem: stem, folder: folder, zipped: false)]
        case .zippedBundle: [bundle(stem: stem, folder: folder, zipped: true)]
        }
    }

    /// A pair's file names: `STEM.JPG` (or `STEM.HEIC`) and `STEM.MOV`, as an iPhone names them.
    static func pairNames(stem: String, format: PhotoFormat) -> (photo: String, movie: String) {
        ("\(stem).\(format == .heic ? "HEIC" : "JPG")", "\(stem).MOV")
    }

    static func pairPhoto(stem: String, folder: String, format: PhotoFormat) -> String {
        "\(folder)/\(pairNames(stem: stem, format: format).photo)"
    }

    static func pairMovie(stem: String, folder: String) -> String { "\(folder)/\(pairNames(stem: stem, format: .jpeg).movie)" }

    static func bundle(stem: String, folder: String, zipped: Bool) -> String { "\(folder)/\(stem).pvt" + (zipped ? ".zip" : "") }

    /// `convert --to motion`'s: `STEM.MP.jpg`, or `STEM.MP.heic` for a HEIC photo.
    package static func motionPhoto(stem: String, folder: String, photoKind: FileKind) -> String {
        "\(folder)/\(stem).MP.\(photoKind == .heic ? "heic" : "jpg")"
    }

    /// `split`'s photo: the input's extension when it fits the format (`.jpeg` stays), else the format's.
    package static func splitPhoto(of input: String, stem: String, folder: String, kind: FileKind) -> String {
        "\(folder)/\(stem).\(LivePhotoSplitter.fileExtension(input, kind: kind))"
    }

    /// `split`'s movie: a Motion Photo's MP4, or a Live Photo's movie under its own extension.
    package static func splitMovie(of input: String?, stem: String, folder: String) -> String {
        guard let input else { return "\(folder)/\(stem).mp4" }
        return "\(folder)/\(stem).\(LivePhotoSplitter.fileExtension(input, kind: .quicktime))"
    }

    /// `convert --to motion --flavor vivo-pair`'s two files: `STEM.jpg` and `STEM.mp4`.
    package static func vivoPair(stem: String, folder: String) -> [String] { ["\(folder)/\(stem).jpg", "\(folder)/\(stem).mp4"] }

    /// The name `export` gives its output when none is asked for: the movie's, with the effect's after it.
    package static func exportName(base: String, effect: ExportEffect?) -> String {
        effect.map { "\(base)-\($0.rawValue)" } ?? base
    }

    /// `export`'s file: `NAME.gif|mp4|webp`, or for a Long Exposure a still, `NAME.heic` after a HEIC photo, else
    /// `NAME.jpg`.
    package static func export(name: String, folder: String, format: ExportFormat, effect: ExportEffect?, photoKind: FileKind?) -> String {
        effect == .longExposure
            ? "\(folder)/\(name).\(photoKind == .heic ? "heic" : "jpg")" : "\(folder)/\(name).\(format.fileExtension)"
    }
}

import LivePhotoCore

extension PlannedOutputs {
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

internal import PortableFoundation

extension GoogleTakeout {
    /// Reads `inputs` (Takeout parts, `.zip` or `.tgz`, or extracted folders) as one tree and writes the library to
    /// `options.outputDirectory`. `progress` is called often; `entry` once for each media file, when its fate is known.
    /// - Throws: ``LivePhotoError`` when no input can be read at all, the output folder cannot be made, or a write
    ///   fails for want of space (``LivePhotoError/writeFailed(path:reason:)``). A part or member that cannot be read
    ///   is reported in ``Report/problems`` and the rest goes on.
    public static func run(
        _ inputs: [String], options: Options, progress: (@Sendable (Progress) -> Void)? = nil,
        entry: (@Sendable (Entry) -> Void)? = nil
    ) async throws(LivePhotoError) -> Report {
        throw .unsupported(file: inputs.first ?? "", reason: "takeout is not written yet")
    }
}

import LivePhotoCore
import MediaFormats

extension KeyPhotoMetadata {
    /// A copy of the JPEG `frame`, in `work`, carrying `old`'s Exif and XMP (``carried(from:into:removingIdentifier:)``);
    /// `frame` itself when `old` has no Exif.
    /// - Parameter removingIdentifier: leave the Apple content identifier out (a still that is not a Live Photo's).
    static func carry(from old: String, into frame: String, work: String, removingIdentifier: Bool = false) throws(LivePhotoError)
        -> String
    {
        let frameInput = try InputFile(path: frame)
        guard let carried = try carried(from: InputFile(path: old), into: frameInput, removingIdentifier: removingIdentifier) else {
            return frame
        }
        let staged = try StagedFile(destination: "\(work)/\(PathName.stem(frame))-with-metadata.jpg")
        try staged.write(carried) { _ in }
        let path = try staged.commit()
        PendingOutputs.shared.finish([path])
        return path
    }
}

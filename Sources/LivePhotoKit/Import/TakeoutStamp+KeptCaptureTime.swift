import LivePhotoCore
import MediaFormats
internal import PortableFoundation

extension TakeoutStamp {
    /// The core's ``ImportStamp/keptCaptureSeconds(of:sidecar:prefersSidecar:)`` of the file at `path`, as an instant;
    /// `sidecar` when the file cannot be opened.
    static func keptCaptureTime(of path: String, sidecar: Date?, prefersSidecar: Bool) -> Date? {
        guard let input = try? InputFile(path: path) else { return sidecar }
        return ImportStamp.keptCaptureSeconds(of: input, sidecar: sidecar.flatMap(seconds), prefersSidecar: prefersSidecar)
            .map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }
}

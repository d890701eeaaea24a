import MediaFormats
internal import PortableFoundation

extension TakeoutStamp {
    /// The capture time a file will keep once ``apply(to:facts:prefersSidecar:)`` has written a sidecar's `sidecar`
    /// time into it, read before anything is written: what ``modificationTime(of:sidecar:)`` then reads from it, and
    /// so the time its folder is chosen by: folder, modification time and metadata agree
    /// (`docs/guide/takeout.md#names-and-folders`).
    ///
    /// `sidecar` where the stamp writes it: into a still without `DateTimeOriginal`, or over its own with
    /// `prefersSidecar` (not into a HEIC Motion Photo, whose Exif is left as it is); into a movie that gets
    /// `com.apple.quicktime.creationdate`, or whose `mvhd` holds no real creation time and no such key (with
    /// `prefersSidecar`, a real one too). Otherwise the date the file keeps, read as ``modificationTime(of:sidecar:)``
    /// reads it. nil when neither the file nor `sidecar` has a date.
    static func keptCaptureTime(of path: String, sidecar: Date?, prefersSidecar: Bool) -> Date? {
        guard let input = try? InputFile(path: path) else { return sidecar }
        let own = modificationTime(of: input, sidecar: sidecar)
        guard let seconds = ImportStamp.Facts(captureTime: sidecar).validCaptureSeconds else { return own }
        let stamped = Date(timeIntervalSince1970: TimeInterval(seconds))
        switch input.kind {
        case .jpeg:
            return prefersSidecar || ImportCaptureTime.exif(of: input)?.dateTimeOriginal == nil ? stamped : own
        case .heic:
            guard let heif = try? HEIFFile(file: input.file), !heif.hasMotionPhotoBoxes else { return own }
            return prefersSidecar || ImportCaptureTime.exif(of: input)?.dateTimeOriginal == nil ? stamped : own
        case .quicktime, .mp4:
            guard let movie = try? Movie(file: input.file), let fields = try? MovieDateFields(file: input.file) else { return own }
            let layout: MovieLayout?
            do {
                layout = try ImportStamp.creationDateLayout(movie, seconds: seconds, prefersSidecar: prefersSidecar)
            } catch {
                return own
            }
            if layout != nil { return stamped }
            // No key is written: one the movie holds is its date, else its header's, patched where it is no real time.
            if case .utf8(let text)? = movie.metadata?.value(for: AppleMovieMetadata.creationDateKey),
                AppleMovieMetadata.creationDate(text) != nil
            {
                return own
            }
            return prefersSidecar || fields.creationSecondsSince1970 == nil ? stamped : own
        case .avif, .zip, .unknown:
            return own
        }
    }
}

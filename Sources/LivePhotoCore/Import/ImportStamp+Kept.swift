import MediaFormats

extension ImportStamp {
    /// The time a written file is dated with (its modification time), in whole seconds since 1970: the capture time it
    /// keeps (``ImportCaptureTime/modification(of:sidecar:)``), the sidecar's `sidecar` when it keeps none.
    package static func modificationSeconds(of input: InputFile, sidecar: Int64?) -> Int64? {
        ImportCaptureTime.modification(of: input, sidecar: sidecar) ?? sidecar
    }

    /// The capture time a file will keep once ``plan(_:facts:prefersSidecar:)`` has written a sidecar's `sidecar`
    /// time into it, read before anything is written: what ``modificationSeconds(of:sidecar:)`` then reads from it,
    /// and so the time its folder is chosen by. Folder, modification time and metadata agree
    /// (`docs/guide/takeout.md#names-and-folders`).
    ///
    /// `sidecar` where the stamp writes it: into a still without `DateTimeOriginal`, or over its own with
    /// `prefersSidecar` (not into a HEIC Motion Photo, whose Exif is left as it is); into a movie that gets
    /// `com.apple.quicktime.creationdate`, or whose `mvhd` holds no real creation time and no such key (with
    /// `prefersSidecar`, a real one too). Otherwise the date the file keeps. nil when neither has a date.
    package static func keptCaptureSeconds(of input: InputFile, sidecar: Int64?, prefersSidecar: Bool) -> Int64? {
        let own = modificationSeconds(of: input, sidecar: sidecar)
        guard let seconds = ImportCaptureTime.valid(sidecar) else { return own }
        switch input.kind {
        case .jpeg:
            return prefersSidecar || ImportCaptureTime.exif(of: input)?.dateTimeOriginal == nil ? seconds : own
        case .heic:
            guard let heif = try? HEIFFile(file: input.file), !heif.hasMotionPhotoBoxes else { return own }
            return prefersSidecar || ImportCaptureTime.exif(of: input)?.dateTimeOriginal == nil ? seconds : own
        case .quicktime, .mp4:
            guard let movie = try? Movie(file: input.file), let fields = try? MovieDateFields(file: input.file) else { return own }
            let layout: MovieLayout?
            do {
                layout = try creationDateLayout(movie, seconds: seconds, prefersSidecar: prefersSidecar)
            } catch {
                return own
            }
            if layout != nil { return seconds }
            // No key is written: one the movie holds is its date, else its header's, patched where it is no real time.
            if case .utf8(let text)? = movie.metadata?.value(for: AppleMovieMetadata.creationDateKey),
                AppleMovieMetadata.creationDate(text) != nil
            {
                return own
            }
            return prefersSidecar || fields.creationSecondsSince1970 == nil ? seconds : own
        case .avif, .zip, .unknown:
            return own
        }
    }
}

extension ImportStamp {
    /// The note on a file whose metadata could not be written: it is written as it was (a photo without its date is
    /// better than no photo).
    package static func notWritten(_ error: LivePhotoError) -> String {
        "its date and place could not be written into it (\(reason(error))); written as it was"
    }

    /// An error's reason, without the file it names.
    package static func reason(_ error: LivePhotoError) -> String {
        switch error {
        case .badInput(_, let reason), .unsupported(_, let reason), .io(_, let reason), .writeFailed(_, let reason): reason
        default: error.description
        }
    }
}

import MediaFormats

/// When a file was taken by its own account, as an import reads it to choose its folder and to date it
/// (docs/formats/takeout.md#the-time-zone). Times are whole seconds since 1970, UTC.
package enum ImportCaptureTime {
    /// How far a camera's clock can be from UTC, east and west: the time zones' range, UTC+14:00 to UTC-12:00.
    package static let clockEast: Int64 = 14 * 3600
    package static let clockWest: Int64 = 12 * 3600

    /// The Exif TIFF stream of a JPEG or HEIC, nil when it has none or it cannot be read.
    package static func exif(of input: InputFile) -> ExifTIFF? {
        let bytes: [UInt8]?
        switch input.kind {
        case .jpeg: bytes = try? JPEGFile(file: input.file).exifTIFF(in: input.file)
        case .heic: bytes = try? HEIFFile(file: input.file).exifTIFF(in: input.file)
        default: bytes = nil
        }
        return bytes.flatMap { try? ExifTIFF(bytes: $0) }
    }

    /// `DateTimeOriginal` as an instant: in the offset the file states for its clock (`OffsetTimeOriginal`, else
    /// `OffsetTime` or `OffsetTimeDigitized`), else read as UTC.
    package static func stillSeconds(_ tiff: ExifTIFF) -> Int64? {
        tiff.dateTimeOriginal.map { $0.clockSeconds - Int64(tiff.statedOffset ?? 0) }
    }

    /// A movie's `com.apple.quicktime.creationdate`, else `mvhd`'s creation time; nil when neither is a real time.
    package static func movieSeconds(of file: RandomAccessFile) -> Int64? {
        if let movie = try? Movie(file: file), case .utf8(let text)? = movie.metadata?.value(for: AppleMovieMetadata.creationDateKey),
            let date = AppleMovieMetadata.creationDate(text)
        {
            return date.secondsSince1970
        }
        return (try? MovieDateFields(file: file))?.creationSecondsSince1970
    }

    /// The capture time the file itself records (Exif `DateTimeOriginal` with its offset, else the movie's creation
    /// date key, else `mvhd`'s creation time), nil when none or a sentinel. A `DateTimeOriginal` whose file states no
    /// offset is read as UTC.
    package static func own(_ input: InputFile) -> Int64? {
        switch input.kind {
        case .jpeg, .heic: exif(of: input).flatMap(stillSeconds)
        case .quicktime, .mp4: movieSeconds(of: input.file)
        case .avif, .zip, .unknown: nil
        }
    }

    /// `seconds` when it is a capture time a file can hold (after 1970, and a clock Exif can write), else nil: a
    /// sidecar's placeholder dates nothing.
    package static func valid(_ seconds: Int64?) -> Int64? {
        guard let seconds, seconds > 0, seconds < 1_000_000_000_000 else { return nil }
        return ExifDateTime(text: ExifDateTime(clockSeconds: seconds).text) == nil ? nil : seconds
    }

    /// The time a written file is dated with: the capture time it keeps. A still's `DateTimeOriginal` in the offset it
    /// states; one without an offset is a clock in an unknown zone: when `sidecar` lies within a time zone's reach of
    /// it, it is that moment, and `sidecar` (an exact instant) is taken; otherwise the clock is read as UTC. A movie's
    /// creation date key, else `mvhd`'s creation time. `sidecar` when the file keeps no date, or is of a kind whose
    /// date is not read.
    package static func modification(of input: InputFile, sidecar: Int64?) -> Int64? {
        let seconds: Int64?
        switch input.kind {
        case .jpeg, .heic:
            guard let tiff = exif(of: input), let clock = tiff.dateTimeOriginal?.clockSeconds else { return sidecar }
            if let offset = tiff.statedOffset {
                seconds = clock - Int64(offset)
            } else if let instant = valid(sidecar), (-clockWest...clockEast).contains(clock - instant) {
                seconds = instant
            } else {
                seconds = clock
            }
        case .quicktime, .mp4: seconds = movieSeconds(of: input.file)
        case .avif, .zip, .unknown: seconds = nil
        }
        return seconds ?? sidecar
    }
}

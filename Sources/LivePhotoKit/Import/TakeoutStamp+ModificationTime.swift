import MediaFormats
internal import PortableFoundation

extension TakeoutStamp {
    /// How far a camera's clock can be from UTC, east and west: the time zones' range, UTC+14:00 to UTC-12:00.
    static let clockEast: Int64 = 14 * 3600
    static let clockWest: Int64 = 12 * 3600

    /// The time a written file is dated with (its modification time): the capture time it keeps once stamped, so that
    /// the date that won for its metadata (its own, unless the sidecar's was written over it) is the date it shows
    /// (`docs/formats/takeout.md#the-time-zone`).
    ///
    /// A still's `DateTimeOriginal` in the offset it states (`OffsetTimeOriginal`, `OffsetTime` or
    /// `OffsetTimeDigitized`); one without an offset is a clock in an unknown zone: when `sidecar` lies within a time
    /// zone's reach of it, it is that moment, and `sidecar` (an exact instant) is taken; otherwise the clock is read
    /// as UTC. A movie's `com.apple.quicktime.creationdate`, else `mvhd`'s creation time. `sidecar` when the file
    /// keeps no date, or is of a kind whose date is not read.
    static func modificationTime(of path: String, sidecar: Date?) -> Date? {
        guard let input = try? InputFile(path: path) else { return sidecar }
        return modificationTime(of: input, sidecar: sidecar)
    }

    /// ``modificationTime(of:sidecar:)`` of a file opened.
    static func modificationTime(of input: InputFile, sidecar: Date?) -> Date? {
        let seconds: Int64?
        switch input.kind {
        case .jpeg, .heic:
            guard let tiff = TakeoutStillMetadata.exif(of: input), let clock = tiff.dateTimeOriginal?.clockSeconds else { return sidecar }
            if let offset = tiff.statedOffset {
                seconds = clock - Int64(offset)
            } else if let instant = sidecar.flatMap({ captureSeconds(TakeoutFacts(captureTime: $0)) }),
                (-clockWest...clockEast).contains(clock - instant)
            {
                seconds = instant
            } else {
                seconds = clock
            }
        case .quicktime, .mp4: seconds = TakeoutMovieStamp.captureSeconds(of: input.file)
        case .avif, .zip, .unknown: seconds = nil
        }
        return seconds.map { Date(timeIntervalSince1970: TimeInterval($0)) } ?? sidecar
    }
}

import MediaFormats
internal import PortableFoundation

extension TakeoutStamp {
    /// The time a written file is dated with (its modification time): the capture time it keeps once stamped
    /// (``ImportCaptureTime/modification(of:sidecar:)``), `sidecar` when it keeps none.
    static func modificationTime(of path: String, sidecar: Date?) -> Date? {
        guard let input = try? InputFile(path: path) else { return sidecar }
        return modificationTime(of: input, sidecar: sidecar)
    }

    /// ``modificationTime(of:sidecar:)`` of a file opened.
    static func modificationTime(of input: InputFile, sidecar: Date?) -> Date? {
        guard let seconds = ImportStamp.modificationSeconds(of: input, sidecar: sidecar.flatMap(seconds)) else { return sidecar }
        return sidecar.flatMap(Self.seconds) == seconds ? sidecar : Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// `date` in whole seconds since 1970 (rounded down), nil past what any file can hold.
    static func seconds(_ date: Date) -> Int64? {
        let time = date.timeIntervalSince1970.rounded(.down)
        return time.isFinite && abs(time) < 1e15 ? Int64(time) : nil
    }
}

import LivePhotoCore
import MediaFormats
package import PortableFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension ImportStamp.Facts {
    /// Facts given one by one, the capture time as an instant.
    package init(
        captureTime: Date?, place: ImportSidecar.Place? = nil, description: String? = nil, favorited: Bool = false,
        people: [String] = []
    ) {
        self.init(
            captureSeconds: captureTime.flatMap(TakeoutStamp.seconds), place: place, description: description, favorited: favorited,
            people: people)
    }

    /// The facts of a media sidecar.
    package init(_ media: ImportSidecar.Media) { self.init(sidecar: media) }

    /// The capture time as an instant.
    package var captureTime: Date? {
        get { captureSeconds.map { Date(timeIntervalSince1970: TimeInterval($0)) } }
        set { captureSeconds = newValue.flatMap(TakeoutStamp.seconds) }
    }
}

/// Writes a sidecar's facts into the media file itself, losslessly: the core's ``ImportStamp`` plan, written over the
/// file (docs/formats/takeout.md#what-is-written-into-the-files).
package enum TakeoutStamp {
    /// Writes `facts` into the file at `path` (a private staging file the caller owns), losslessly; returns what it
    /// wrote, a subset of ``ImportStamp/reportOrder`` in that order ([] when nothing was missing: then the file is left
    /// byte for byte). Fixed-size fields (a movie's dates) are overwritten in place; anything else is written to a
    /// sibling temporary file and renamed over `path`.
    /// - Throws: `LivePhotoError.badInput(file:reason:)` naming `path` when the file is damaged;
    ///   `LivePhotoError.io(path:reason:)` or `LivePhotoError.writeFailed(path:reason:)` when it cannot be read or
    ///   replaced.
    package static func apply(to path: String, facts: ImportStamp.Facts, prefersSidecar: Bool) throws(LivePhotoError) -> [String] {
        let input = try InputFile(path: path)
        let (plan, written) = try naming(path, try ImportStamp.plan(input, facts: facts, prefersSidecar: prefersSidecar))
        guard let plan else { return written }
        if let patches = plan.patches {
            try patch(path, patches)
        } else {
            let out = try StagedFile(destination: path, datedLike: path)
            try out.write(plan.content) { _ in }
            try out.commit()
        }
        return written
    }

    /// Overwrites fixed-size fields of the file at `path` where they are; the file keeps its size and its modification
    /// time.
    static func patch(_ path: String, _ patches: [(offset: Int64, bytes: [UInt8])]) throws(LivePhotoError) {
        let time = FileDates.modificationTime(of: path)
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .writeFailed(path: path, reason: "cannot open to write: \(FileError.systemMessage(errno))") }
        var failure: String?
        for (offset, bytes) in patches where failure == nil {
            let count = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
            if count != bytes.count { failure = count < 0 ? FileError.systemMessage(errno) : "a short write" }
        }
        if let time { FileDates.setModificationTime(time, descriptor: descriptor) }
        if close(descriptor) != 0, failure == nil { failure = FileError.systemMessage(errno) }
        if let failure { throw .writeFailed(path: path, reason: "cannot patch the file's fields: \(failure)") }
    }

    /// The capture time the file itself records (Exif DateTimeOriginal with its offset, else the movie's
    /// creationdate key, else mvhd's creation time), nil when none or a sentinel.
    ///
    /// A `DateTimeOriginal` whose file states no offset (`OffsetTimeOriginal`, `OffsetTime` or `OffsetTimeDigitized`) is
    /// read as UTC (docs/formats/takeout.md#the-time-zone).
    package static func captureTime(of path: String) -> Date? {
        guard let input = try? InputFile(path: path) else { return nil }
        return ImportCaptureTime.own(input).map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }
}

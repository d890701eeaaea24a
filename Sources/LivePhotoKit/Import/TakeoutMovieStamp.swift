import MediaFormats
internal import PortableFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// ``TakeoutStamp`` for a QuickTime or MP4 movie (docs/formats/takeout.md#what-is-written-into-the-files): the
/// `com.apple.quicktime.creationdate` key of a QuickTime movie that keeps movie-level `mdta` metadata (a new `moov`,
/// the media data copied as it is), then the creation and modification times of `mvhd`, `tkhd` and `mdhd`, patched in
/// place. A place, a caption, a rating or people are not written into movies.
enum TakeoutMovieStamp {
    /// Writes the capture time of `facts` into the movie at `path`.
    /// - Returns: ["date"] when anything changed, else [].
    static func stamp(_ file: RandomAccessFile, path: String, facts: TakeoutFacts, prefersSidecar: Bool) throws(LivePhotoError)
        -> Set<String>
    {
        let movie = try naming(path) { try Movie(file: file) }
        _ = try naming(path) { try MovieDateFields(file: file) }
        guard let seconds = TakeoutStamp.captureSeconds(facts) else { return [] }
        var changed = false
        var current = file
        if let layout = try creationDateLayout(movie, path: path, seconds: seconds, prefersSidecar: prefersSidecar) {
            try write(layout, from: file, over: path)
            current = try TakeoutStillStamp.reopen(path)
            changed = true
        }
        let patches = try naming(path) {
            try MovieDateFields(file: current).patches(secondsSince1970: seconds, replacingReal: prefersSidecar)
        }
        if !patches.isEmpty {
            try patch(path, patches)
            changed = true
        }
        return changed ? ["date"] : []
    }

    /// The movie laid out again with `com.apple.quicktime.creationdate` set to `seconds`: only for a QuickTime movie that
    /// keeps movie-level `mdta` metadata and lacks a real value (or, with `prefersSidecar`, holds another instant; the
    /// text keeps the old value's offset). nil when there is nothing to write or MovieRewrite cannot lay the movie out
    /// again (then only its fixed fields are patched).
    static func creationDateLayout(_ movie: Movie, path: String, seconds: Int64, prefersSidecar: Bool) throws(LivePhotoError)
        -> MovieLayout?
    {
        guard let metadata = movie.metadata, movie.fileType?.isQuickTime ?? true else { return nil }
        let key = AppleMovieMetadata.creationDateKey
        var existing: (secondsSince1970: Int64, offset: Int)?
        if case .utf8(let text)? = metadata.value(for: key) { existing = AppleMovieMetadata.creationDate(text) }
        guard existing == nil || (prefersSidecar && existing?.secondsSince1970 != seconds) else { return nil }
        let text = AppleMovieMetadata.creationDateText(secondsSince1970: seconds, offset: existing?.offset ?? 0)
        return try naming(path) {
            do {
                var rewrite = try MovieRewrite(movie: movie, fileType: movie.fileType ?? .quickTime)
                rewrite.keepsOtherTopLevelBoxes = true
                rewrite.metadata = MovieRewrite.MetadataEdit(setting: [(key, .utf8(text))])
                try rewrite.checkSupported()
                return try rewrite.layout()
            } catch let error as FormatError where error.kind == .unsupported {
                return nil
            }
        }
    }

    /// Writes `layout` (bytes, and ranges of `source` copied as they are) to a sibling file renamed over `path`.
    static func write(_ layout: MovieLayout, from source: RandomAccessFile, over path: String) throws(LivePhotoError) {
        let out = try StagedFile(destination: path, datedLike: path)
        try out.write(layout.pieces, from: source)
        try out.commit()
    }

    /// Overwrites fixed-size fields of the file at `path` where they are; the file keeps its size and its modification time.
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
        if let failure { throw .writeFailed(path: path, reason: "cannot patch the movie's dates: \(failure)") }
    }
}

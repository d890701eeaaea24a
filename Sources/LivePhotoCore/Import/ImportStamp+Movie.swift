import MediaFormats

/// ``ImportStamp`` for a QuickTime or MP4 movie (docs/formats/takeout.md#what-is-written-into-the-files): the
/// `com.apple.quicktime.creationdate` key of a QuickTime movie that keeps movie-level `mdta` metadata (a new `moov`,
/// the media data copied as it is), then the creation and modification times of `mvhd`, `tkhd` and `mdhd`, overwritten
/// where they are. A place, a caption, a rating or people are not written into movies.
extension ImportStamp {
    /// The movie in `file` with the facts' capture time written into it; "date" when anything changed.
    static func movie(_ file: RandomAccessFile, facts: Facts, prefersSidecar: Bool) throws(FormatError) -> (Plan?, Set<String>) {
        let movie = try Movie(file: file)
        _ = try MovieDateFields(file: file)
        guard let seconds = facts.validCaptureSeconds else { return (nil, []) }
        var current = file
        var content: SplicedFile?
        if let layout = try creationDateLayout(movie, seconds: seconds, prefersSidecar: prefersSidecar) {
            let laidOut = SplicedFile(layout, from: file)
            content = laidOut
            current = laidOut.asFile(named: file.path)
        }
        let patches = try MovieDateFields(file: current).patches(secondsSince1970: seconds, replacingReal: prefersSidecar)
        guard content != nil || !patches.isEmpty else { return (nil, []) }
        let patched = SplicedFile.copying(current, range: 0..<current.size, replacing: patches).flattened()
        // Without a new layout the movie keeps its size and every byte but its date fields: they may be written in place.
        return (Plan(content: patched, patches: content == nil ? patches : nil), ["date"])
    }

    /// The movie laid out again with `com.apple.quicktime.creationdate` set to `seconds`: only for a QuickTime movie that
    /// keeps movie-level `mdta` metadata and lacks a real value (or, with `prefersSidecar`, holds another instant; the
    /// text keeps the old value's offset). nil when there is nothing to write or MovieRewrite cannot lay the movie out
    /// again (then only its fixed fields are overwritten).
    package static func creationDateLayout(_ movie: Movie, seconds: Int64, prefersSidecar: Bool) throws(FormatError) -> MovieLayout? {
        guard let metadata = movie.metadata, movie.fileType?.isQuickTime ?? true else { return nil }
        let key = AppleMovieMetadata.creationDateKey
        var existing: (secondsSince1970: Int64, offset: Int)?
        if case .utf8(let text)? = metadata.value(for: key) { existing = AppleMovieMetadata.creationDate(text) }
        guard existing == nil || (prefersSidecar && existing?.secondsSince1970 != seconds) else { return nil }
        let text = AppleMovieMetadata.creationDateText(secondsSince1970: seconds, offset: existing?.offset ?? 0)
        do {
            var rewrite = try MovieRewrite(movie: movie, fileType: movie.fileType ?? .quickTime)
            rewrite.keepsOtherTopLevelBoxes = true
            rewrite.metadata = MovieRewrite.MetadataEdit(setting: [(key, .utf8(text))])
            try rewrite.checkSupported()
            return try rewrite.layout()
        } catch  where error.kind == .unsupported {
            return nil
        }
    }
}

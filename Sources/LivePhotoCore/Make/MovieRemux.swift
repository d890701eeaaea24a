import MediaFormats

/// A Live Photo movie made from an H.264 or HEVC movie without decoding anything: the media data is copied
/// verbatim, the header is rewritten (docs/formats/live-photo.md#the-movie). Its bytes are laid out by MediaFormats'
/// ``MovieRewrite`` from what ``RemuxSource/rewrite(_:)`` describes.
package struct MovieRemux {
    package let source: RemuxSource
    package let layout: MovieLayout
    /// Where the still is, in seconds on the movie timeline.
    package let coverSeconds: Double
    /// True when the input's own still-image-time track was kept unchanged.
    package let keptExistingStillTime: Bool
    /// Where to seek to decode exactly the cover frame (see ``StillPlacement/seekTime(for:facts:)``).
    package let coverSeekSeconds: Double

    /// The video's length on the movie timeline, in seconds.
    package var videoDuration: Double { source.videoDuration }
    /// Every video frame's time on the movie timeline, in order (for the wallpaper gates).
    package var frameTimes: [Double] { source.frameTimes }
    /// What an edit's cut kept, on the input's timeline, when the movie was cut.
    package var cut: MovieCutReport? { source.cut }

    /// Bytes copied from the input (what progress counts).
    package var copiedBytes: Int64 { layout.copiedBytes }

    /// The media data from which a page-aligned copy is worth a `free` box of up to 4 KB.
    package static let alignedCopyMinimum: Int64 = 16 << 20

    #if !hasFeature(Embedded)
        /// Called with each plan made, in the current task (tests count the plans of one make with it).
        @TaskLocal package static var planObserver: (@Sendable () -> Void)?
    #endif

    /// Plans the output of `source` with the still at `placement` (one of `source`'s placements): once a make, when
    /// the cover, a trim and the wallpaper are decided.
    package static func plan(_ source: RemuxSource, placement: StillPlacement) throws(LivePhotoError) -> MovieRemux {
        #if !hasFeature(Embedded)
            planObserver?()
        #endif
        let layout = try naming(source.file.path, try source.rewrite(placement).layout(sourceOffset: source.file.fileOffset(0)))
        return MovieRemux(
            source: source, layout: layout, coverSeconds: placement.coverSeconds, keptExistingStillTime: placement.keepsExisting,
            coverSeekSeconds: source.seekTime(for: placement.coverSeconds))
    }

    /// The movie as it will be written: its new header, and its media data copied from the source.
    package var output: SplicedFile { SplicedFile(layout, from: source.file) }

    package static func lcm(_ a: UInt64, _ b: UInt64) -> UInt64 {
        func gcd(_ x: UInt64, _ y: UInt64) -> UInt64 { y == 0 ? x : gcd(y, x % y) }
        guard a > 0, b > 0 else { return max(a, b) }
        let (product, overflow) = (a / gcd(a, b)).multipliedReportingOverflow(by: b)
        return overflow ? UInt64.max : product
    }
}

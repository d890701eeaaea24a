import MediaFormats

/// A movie with its Live Photo parts taken out (the content identifier and the still-image-time track), or
/// the same samples in an MP4 for a Motion Photo. Media data is copied byte for byte; only `moov` is rewritten, laid
/// out by MediaFormats' ``MovieRewrite``.
package struct PlainMovie {
    package enum Container {
        /// The input's own brands (QuickTime: `ftyp qt` · `wide` · `mdat` · `moov`).
        case sameAsInput
        /// MP4 for Android (`ftyp mp42`, `isom`): video and audio only, without Apple's timed metadata.
        case mp4
    }

    /// A movie read for a plain copy, before its output is laid out: what `convert` decides from (a re-encoding, the
    /// sound encoded, the cover time written). One is read for each file the movie comes from; the copy is planned
    /// once, from the last.
    package struct Source {
        package let file: RandomAccessFile
        let container: Container
        /// The rewrite of the movie that takes the Live Photo parts out, before any metadata is changed.
        let rewrite: MovieRewrite
        /// The still's time in the movie, when it had one (or the time given).
        package let coverSeconds: Double?
        /// The cover's frame, counted from 0 in presentation order, when there is a cover time.
        package let coverFrameIndex: Int?
        /// The video's length in seconds.
        package let videoDuration: Double
        /// MP4: audio formats no MP4 player decodes (big-endian or float PCM), which must be encoded before the movie can
        /// be one. (An iPhone's 16-bit little-endian `lpcm` is not among them: its samples are copied under `sowt`.)
        package let audioNeedingEncoding: [String]
        /// The movie's `com.apple.quicktime.content.identifier`, if any.
        package let identifier: String?
        /// The video's codec (`h264`, `hevc`, …).
        package let videoCodec: String
        /// The Live Photo parts left out, so far.
        let removed: [String]
        /// MP4: the auxiliary video tracks (`auxv`, an iPhone 16's) left out: Android's players show one video.
        package let auxiliaryVideoTracksLeftOut: Int

        /// Reads `file`.
        /// - Parameter coverSeconds: the cover time, when known from elsewhere (the movie this one was re-encoded
        ///   from, vivo's footer); nil takes the movie's still-image-time.
        package static func read(_ file: RandomAccessFile, container: Container, coverSeconds: Double? = nil) throws(LivePhotoError)
            -> Source
        {
            let path = file.path
            let movie = try naming(path, try Movie(file: file))
            let facts = MovieFacts(movie: movie)
            guard facts.video != nil else { throw .unsupported(file: path, reason: "the movie has no video track") }
            let cover = coverSeconds ?? facts.stillImageTimeTracks.first.flatMap { facts.stillImageTime($0, file: file) }?.seconds
            var removed: [String] = []
            // An MP4 for Android keeps one video and the sound: an iPhone 16's auxiliary video tracks go too.
            let auxiliary = container == .mp4 ? movie.tracks.filter { $0.isAuxiliaryVideo }.map { $0.trackID } : []
            let dropped = Set(
                movie.tracks.filter { track in
                    container == .mp4 ? track.hasTimedMetadataEntries : StillImageTimeTrack.matches(track)
                }.map { $0.trackID } + auxiliary)
            if !facts.stillImageTimeTracks.isEmpty { removed.append("still-image-time track") }
            if container == .mp4, dropped.count > facts.stillImageTimeTracks.count { removed.append("Apple timed-metadata tracks") }
            // A plain movie keeps the input's brands (an MP4 stays an MP4); a Motion Photo's is an MP4.
            var rewrite = try naming(
                path, try MovieRewrite(movie: movie, fileType: container == .sameAsInput ? movie.fileType ?? .quickTime : .mp4))
            rewrite.droppedTrackIDs = dropped
            rewrite.soundAsISO = container == .mp4
            // QuickTime's sound descriptions as ISO ones, known before the copy is planned: some need encoding first.
            var audioNeedingEncoding: [String] = []
            if container == .mp4 {
                for track in movie.tracks where track.isAudio && !dropped.contains(track.trackID) {
                    audioNeedingEncoding += try naming(path, try ISOAudioSampleEntry.isoTrack(track.atom)).needsEncoding.map {
                        $0.description
                    }
                }
            }
            let coverFrame = cover.flatMap { cover in
                ((try? facts.frameTimes()) ?? []).map(facts.seconds).sorted().lastIndex { $0 <= cover + 1e-6 }
            }
            return Source(
                file: file, container: container, rewrite: rewrite, coverSeconds: cover, coverFrameIndex: coverFrame,
                videoDuration: facts.videoDuration, audioNeedingEncoding: audioNeedingEncoding, identifier: facts.contentIdentifier,
                videoCodec: facts.video.map { CodecName.of($0.format) } ?? "", removed: removed,
                auxiliaryVideoTracksLeftOut: auxiliary.count)
        }
    }

    package let source: Source
    /// The rewrite the layout was made from, its metadata edit included.
    package let rewrite: MovieRewrite
    package let layout: MovieLayout
    package var removed: [String]

    /// The still's time in the movie, when it had one.
    package var coverSeconds: Double? { source.coverSeconds }
    /// The cover's frame, counted from 0 in presentation order, when the movie had a still time.
    package var coverFrameIndex: Int? { source.coverFrameIndex }
    /// The movie's `com.apple.quicktime.content.identifier`, if any.
    package var identifier: String? { source.identifier }
    package var copiedBytes: Int64 { layout.copiedBytes }
    package var size: Int64 { layout.size }

    #if !hasFeature(Embedded)
        /// Called with each plan made, in the current task (tests count the plans of one conversion with it).
        @TaskLocal package static var planObserver: (@Sendable () -> Void)?
    #endif

    /// The movie as it will be written: its new header and boxes, and its media data copied from the source.
    package var output: SplicedFile { SplicedFile(layout, from: source.file) }

    /// Plans the copy of `source`.
    /// - Parameter keepsIdentifier: leave the content identifier in the movie's metadata (a Motion Photo keeps it, so
    ///   that it can become the same Live Photo again); a plain movie never does.
    /// - Parameter settingKeys: movie-level `mdta` values to write (a maker's cover time), added to the movie's
    ///   metadata or in a new `meta` box.
    package static func plan(_ source: Source, keepsIdentifier: Bool = false, settingKeys: [String: QuickTimeMetadata.Value] = [:])
        throws(LivePhotoError) -> PlainMovie
    {
        #if !hasFeature(Embedded)
            planObserver?()
        #endif
        var rewrite = source.rewrite
        rewrite.metadata = MovieRewrite.MetadataEdit(
            removing: keepsIdentifier ? [] : [AppleMovieMetadata.contentIdentifierKey],
            setting: settingKeys.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, newMetadataPlace: .userData)
        let layout = try naming(source.file.path, try rewrite.layout(sourceOffset: source.file.fileOffset(0)))
        let removedIdentifier = layout.removedMetadataKeys.filter { $0 == AppleMovieMetadata.contentIdentifierKey }
        return PlainMovie(
            source: source, rewrite: rewrite, layout: layout, removed: source.removed + removedIdentifier.map { _ in "content identifier" })
    }

    /// The modulus an embedded MP4's media data is aligned to (``aligned(at:)``). The kernel copies a run whose source
    /// and destination offsets agree modulo 64 KiB as fast as `cp` copies a whole file, and about 40% slower when they
    /// agree only within a 4 KiB page or not at all (large folios in the page cache; Linux 6.18, ext4).
    package static let mediaDataAlignment: Int64 = 64 << 10
    /// The media data from which that alignment is worth a `free` box of up to 64 KiB (at most 3% of the movie).
    package static let alignedMediaDataMinimum: Int64 = 2 << 20

    /// Where the media data's first byte is in the output movie and in the source's file; nil when nothing is copied.
    package var mediaDataPlace: (output: Int64, source: Int64)? {
        var position: Int64 = 0
        for piece in layout.pieces {
            switch piece {
            case .bytes(let bytes): position += Int64(bytes.count)
            case .copy(let offset, _): return (position, source.file.fileOffset(offset))
            }
        }
        return nil
    }

    /// This MP4 laid out again so that, written at `outputOffset` in its file (a Motion Photo's, after the photo), its
    /// media data lands at the place it has in the source's file modulo ``mediaDataAlignment``: the copy then runs at
    /// `cp`'s speed. The gap is a `free` box after `ftyp`; only the chunk offsets change. Nil when it is aligned
    /// already, or not worth it (an MP4 of under ``alignedMediaDataMinimum`` of media data, or a QuickTime movie).
    package func aligned(at outputOffset: Int64) throws(LivePhotoError) -> PlainMovie? {
        guard source.container == .mp4, let place = mediaDataPlace, copiedBytes >= Self.alignedMediaDataMinimum else { return nil }
        let modulus = Self.mediaDataAlignment
        guard (outputOffset + place.output - place.source) % modulus != 0 else { return nil }
        var rewrite = rewrite
        rewrite.mediaDataAlignment = MediaDataAlignment(outputOffset: outputOffset, modulus: modulus)
        let layout = try naming(source.file.path, try rewrite.layout(sourceOffset: source.file.fileOffset(0)))
        return PlainMovie(source: source, rewrite: rewrite, layout: layout, removed: removed)
    }

    /// Reads `source` and plans its copy (``Source/read(_:container:coverSeconds:)``, then ``plan(_:keepsIdentifier:settingKeys:)``).
    package static func plan(
        source: RandomAccessFile, container: Container, keepsIdentifier: Bool = false, settingKeys: [String: QuickTimeMetadata.Value] = [:],
        coverSeconds: Double? = nil
    ) throws(LivePhotoError) -> PlainMovie {
        try plan(
            Source.read(source, container: container, coverSeconds: coverSeconds), keepsIdentifier: keepsIdentifier,
            settingKeys: settingKeys)
    }
}

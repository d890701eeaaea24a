/// A new movie made of another's samples, copied without decoding: which tracks stay, Apple's timed-metadata tracks
/// added (docs/formats/live-photo.md#the-movie), the movie-level metadata changed, and where the media data goes.
/// ``layout(sourceOffset:)`` turns the description into the bytes to write and the byte ranges to copy.
///
/// The output: `ftyp` · `free` (only to align the media data) · `wide` (QuickTime, under 4 GiB) · `mdat` (the media
/// data copied, then the added tracks' samples) · `moov` · the source's other top-level boxes, when kept.
public struct MovieRewrite: Sendable {
    /// Which of the source's media data is copied.
    public enum MediaData: Sendable, Equatable {
        /// Every `mdat` payload, whole, in file order.
        case whole
        /// Only the bytes the kept tracks' chunks hold (a cut movie, or one whose dropped tracks' bytes go).
        case usedChunks
    }

    /// Apple's still-image-time track to add (docs/formats/live-photo.md#still-image-time-track).
    public struct StillImageTime: Sendable {
        /// The video track the still belongs to.
        public var videoTrackID: UInt32
        /// When the still is shown, in ticks of the new movie timescale (the source's × ``MovieRewrite/timescaleFactor``).
        public var stillTime: UInt64
        /// The track's media timescale.
        public var mediaTimescale: UInt32
        /// The one sample's bytes.
        public var sample: [UInt8]

        /// A still-image-time track with every field given.
        public init(videoTrackID: UInt32, stillTime: UInt64, mediaTimescale: UInt32, sample: [UInt8]) {
            self.videoTrackID = videoTrackID
            self.stillTime = stillTime
            self.mediaTimescale = mediaTimescale
            self.sample = sample
        }
    }

    /// What changes in the movie-level QuickTime metadata (`mdta` keys): keys removed, then keys set, then keys set
    /// only where the movie has no value.
    public struct MetadataEdit: Sendable {
        /// Where keys go when the movie has no movie-level `meta`.
        public enum Place: Sendable, Equatable {
            /// A new QuickTime `meta` in `moov`, as Apple's cameras write it.
            case movieBox
            /// `udta`'s `mdta` metadata, as MP4 writers keep it (see ``MovieBoxPart/settingUserDataKeys(_:in:)``).
            case userData
        }

        /// Keys removed.
        public var removing: [String]
        /// Keys set, in order.
        public var setting: [(key: String, value: QuickTimeMetadata.Value)]
        /// Keys set only when the movie has no value for them, in order.
        public var settingWhereAbsent: [(key: String, value: QuickTimeMetadata.Value)]
        /// Where keys go when the movie has no movie-level `meta`.
        public var newMetadataPlace: Place
        /// True: a movie-level `meta` that is not QuickTime `mdta` metadata is an error; false: it is kept as it is.
        public var refusesOtherMetadata: Bool

        /// An edit with the given changes; the default changes nothing.
        public init(
            removing: [String] = [], setting: [(key: String, value: QuickTimeMetadata.Value)] = [],
            settingWhereAbsent: [(key: String, value: QuickTimeMetadata.Value)] = [], newMetadataPlace: Place = .movieBox,
            refusesOtherMetadata: Bool = false
        ) {
            self.removing = removing
            self.setting = setting
            self.settingWhereAbsent = settingWhereAbsent
            self.newMetadataPlace = newMetadataPlace
            self.refusesOtherMetadata = refusesOtherMetadata
        }

        /// True when the edit changes nothing.
        public var isEmpty: Bool { removing.isEmpty && setting.isEmpty && settingWhereAbsent.isEmpty }
    }

    /// The source movie (its chunk offsets pointing into the source file).
    public var movie: Movie
    /// The new movie's brands.
    public var fileType: FileTypeBox
    /// Which media data is copied.
    public var mediaData = MediaData.whole
    /// Whole media data of at least this many bytes is placed at its source's place in a page, behind a `free` box, so
    /// that the copy moves whole pages (``FileTypeBox/quickTimePayloadOffset(aligningWith:pageSize:)``); nil never.
    public var pageAlignmentMinimum: Int64?
    /// An MP4's whole media data placed at its source's place modulo `modulus`, the new movie starting at
    /// `outputOffset` in the file it is written into (a Motion Photo's MP4 follows the photo), behind a `free` box
    /// after `ftyp` (``FileTypeBox/payloadOffset(after:aligningWith:outputOffset:modulus:)``); nil never. QuickTime
    /// movies use ``pageAlignmentMinimum``.
    public var mediaDataAlignment: MediaDataAlignment?
    /// The tracks left out.
    public var droppedTrackIDs: Set<UInt32> = []
    /// Tracks whose media is replaced by another encoding of their frames, turned (``TrackReplacement``): their old
    /// chunks are not copied (with ``MediaData/usedChunks``; whole media data keeps them, unused), the new samples go
    /// after the copied media data.
    public var replacedTracks: [UInt32: TrackReplacement] = [:]
    /// Every movie-timescale value is multiplied by this (1 keeps them).
    public var timescaleFactor: UInt64 = 1
    /// A still-image-time track to add: its sample comes first after the media data, and it takes the first free
    /// track ID.
    public var stillImageTime: StillImageTime?
    /// The video whose per-frame `live-photo-info` track is added (docs/formats/wallpaper.md#gates): its samples follow
    /// the still's, it takes the next track ID, and its `trak` precedes the still's. Left out when no track ID is left.
    public var livePhotoInfoVideo: MovieTrack?
    /// True: the `mvhd` is written anew, first in `moov`, and the source must leave a track ID free. It is whenever
    /// the timescale changes or a track is added: its timescale and duration scaled, the duration long enough for an
    /// added still, the next track ID past the added tracks. False keeps it as it is, where it is.
    public var updatesHeader = false
    /// The movie-level metadata's changes.
    public var metadata = MetadataEdit()
    /// Sound descriptions in their ISO form, for MP4 players (``ISOAudioSampleEntry/isoTrack(_:)``).
    public var soundAsISO = false
    /// Copy the source's other top-level boxes (``Movie/otherTopLevelBoxes``) after `moov`.
    public var keepsOtherTopLevelBoxes = false

    /// A rewrite of `movie` that changes nothing yet but its brands.
    /// - Throws: ``FormatError`` (malformed) when the movie has no media data.
    public init(movie: Movie, fileType: FileTypeBox) throws(FormatError) {
        guard !movie.mediaDataBoxes.isEmpty else { throw FormatError(.malformed, "the movie has no media data ('mdat')") }
        self.movie = movie
        self.fileType = fileType
    }

    var rewritesHeader: Bool { updatesHeader || timescaleFactor > 1 || stillImageTime != nil || livePhotoInfoVideo != nil }

    /// Throws what ``layout(sourceOffset:)`` throws as ``FormatError/Kind/unsupported`` (a movie it cannot rewrite,
    /// rather than a damaged one), without laying anything out: a movie-level `meta` the edit refuses, a
    /// `live-photo-info` track that cannot follow the video.
    public func checkSupported() throws(FormatError) {
        // The track is added only while a track ID is left for it (see `layout`).
        if let video = livePhotoInfoVideo, let ids = try? newTrackIDs(), ids.first < UInt32.max,
            stillImageTime == nil || ids.first + 1 < UInt32.max
        {
            try AppleTimedMetadata.checkLivePhotoInfoPlacement(video)
        }
        if metadata.refusesOtherMetadata, let meta = movie.movieBoxParts.lazy.compactMap({ $0.metadataAtom }).first,
            !QuickTimeMetadata.isQuickTimeMetadata(meta)
        {
            throw Self.otherMetadataError
        }
    }

    static var otherMetadataError: FormatError {
        FormatError(.unsupported, "the movie-level 'meta' box is not QuickTime 'mdta' metadata")
    }

    /// The first track ID free for an added track, and the largest ID in use.
    func newTrackIDs() throws(FormatError) -> (first: UInt32, largest: UInt32) {
        let largest = movie.tracks.map { $0.trackID }.max() ?? 0
        guard largest < UInt32.max - 1 else { throw FormatError(.malformed, "track IDs are exhausted") }
        let candidate = max(movie.header.nextTrackID, largest + 1)
        return (candidate < UInt32.max ? candidate : largest + 1, largest)
    }
}

/// Where an MP4's media data is placed in the file the movie is written into (``MovieRewrite/mediaDataAlignment``).
public struct MediaDataAlignment: Sendable, Equatable {
    /// Where the new movie starts in its file.
    public var outputOffset: Int64
    /// The media data lands at the same offset modulo this as it has in the source's file.
    public var modulus: Int64

    /// An alignment for a movie written `outputOffset` bytes into its file, keeping offsets modulo `modulus`.
    /// - Parameters:
    ///   - outputOffset: where the new movie starts in its file.
    ///   - modulus: the media data's offset in the output equals its offset in the source, modulo this.
    public init(outputOffset: Int64, modulus: Int64) {
        self.outputOffset = outputOffset
        self.modulus = modulus
    }
}

/// A rewritten movie, ready to write: its pieces in order, each bytes made here or a range copied from the source.
public struct MovieLayout: Sendable {
    /// One run of the output.
    public enum Piece: Sendable, Equatable {
        /// Bytes written as they are.
        case bytes([UInt8])
        /// `length` bytes copied from the source at `offset`.
        case copy(offset: Int64, length: Int64)
    }

    /// The output, in order.
    public var pieces: [Piece]
    /// Sound formats no MP4 player decodes (with ``MovieRewrite/soundAsISO``): their samples must be encoded first.
    public var soundNeedingEncoding: [FourCC]
    /// The metadata keys ``MovieRewrite/MetadataEdit/removing`` found and removed.
    public var removedMetadataKeys: [String]

    /// The bytes before the media data: `ftyp`, any `free`, `wide` and the `mdat` header.
    public var start: [UInt8] {
        if case .bytes(let bytes)? = pieces.first { return bytes }
        return []
    }

    /// Bytes copied from the source.
    public var copiedBytes: Int64 {
        pieces.reduce(Int64(0)) { total, piece in if case .copy(_, let length) = piece { total + length } else { total } }
    }

    /// The output's size in bytes.
    public var size: Int64 {
        pieces.reduce(Int64(0)) { total, piece in
            switch piece {
            case .bytes(let bytes): total + Int64(bytes.count)
            case .copy(_, let length): total + length
            }
        }
    }
}

extension MovieBoxPart {
    /// The movie-level `meta`, when this part is it.
    var metadataAtom: Atom? { if case .metadata(let meta) = self { meta } else { nil } }
}

/// A QuickTime or MP4 movie read from a file: its top-level layout and its parsed `moov`.
///
/// Only the header is read into memory (bounded by ``maxMovieHeaderSize``); media data stays in the file.
public struct Movie: Sendable {
    /// The top-level boxes in file order.
    public var topLevel: [BoxHeader]
    /// The `ftyp`, or nil when the file has none (some QuickTime movies start with `wide`).
    public var fileType: FileTypeBox?
    /// The `moov`, parsed into a tree.
    public var moov: Atom
    /// Where the `moov` lies in the file.
    public var moovHeader: BoxHeader
    /// The `mvhd`.
    public var header: MovieHeader
    /// The `trak` boxes, parsed, in file order.
    public var tracks: [MovieTrack]

    /// The largest `moov` accepted, so a lying size cannot make us allocate the file.
    public static let maxMovieHeaderSize: Int64 = 256 << 20

    /// Reads the layout and header of the movie in `file`.
    /// - Throws: ``FormatError`` for anything that is not a complete, unfragmented movie.
    public init(file: RandomAccessFile) throws(FormatError) {
        guard file.size >= 8 else { throw FormatError(.notRecognized, "the file is too short to be a movie (\(file.size) bytes)") }
        let first = try file.read(at: 4, count: 4)
        guard FileSignature.movieFirstBoxes.contains(FourCC(rawValue: first.loadUInt32(at: 0, .bigEndian))) else {
            throw FormatError(.notRecognized, "not a QuickTime or MP4 movie (no box structure at the start)")
        }
        topLevel = try file.topLevelBoxes()
        if let ftyp = topLevel.first(where: { $0.type == "ftyp" }) {
            guard ftyp.payloadSize <= 4096 else { throw FormatError(.malformed, "'ftyp' is \(ftyp.size) bytes long", at: ftyp.offset) }
            fileType = try FileTypeBox(file.read(at: ftyp.payloadOffset, length: ftyp.payloadSize))
        }
        if topLevel.contains(where: { $0.type == "moof" }) {
            throw FormatError(.unsupported, "fragmented MP4 (movie fragments, 'moof') is not supported yet")
        }
        let moovs = topLevel.filter { $0.type == "moov" }
        guard let moovHeader = moovs.first else { throw FormatError(.malformed, "the movie has no 'moov' (movie header)") }
        guard moovs.count == 1 else { throw FormatError(.malformed, "the movie has \(moovs.count) 'moov' boxes", at: moovs[1].offset) }
        guard moovHeader.size <= Self.maxMovieHeaderSize else {
            throw FormatError(
                .unsupported, "the movie header is \(moovHeader.size) bytes, more than the \(Self.maxMovieHeaderSize) accepted",
                at: moovHeader.offset)
        }
        self.moovHeader = moovHeader
        moov = try Atom.parse(file.read(at: moovHeader.offset, length: moovHeader.size), baseOffset: moovHeader.offset)
        if moov.child("mvex") != nil {
            throw FormatError(.unsupported, "fragmented MP4 ('mvex' in the movie header) is not supported yet")
        }
        guard let mvhd = moov.child("mvhd") else { throw FormatError(.malformed, "the movie header has no 'mvhd'") }
        header = try MovieHeader(mvhd)
        tracks = try moov.children("trak").map(MovieTrack.init)
    }

    /// The `mdat` boxes, in file order.
    public var mediaDataBoxes: [BoxHeader] { topLevel.filter { $0.type == "mdat" } }

    /// The first enabled video track (falling back to the first video track).
    public var videoTrack: MovieTrack? {
        let video = tracks.filter { $0.handlerType == "vide" }
        return video.first(where: { $0.isEnabled }) ?? video.first
    }

    /// Movie-level QuickTime metadata: `moov/meta`, else `moov/udta/meta` when its handler is `mdta`.
    public var metadata: QuickTimeMetadata? {
        for meta in [moov.child("meta"), moov.find(["udta", "meta"])].compactMap({ $0 }) {
            guard let hdlr = meta.child("hdlr"), let handler = try? HandlerReference(hdlr), handler.handlerType == "mdta" else { continue }
            return try? QuickTimeMetadata(meta: meta)
        }
        return nil
    }

    /// The movie's duration in seconds.
    public var durationSeconds: Double { Double(header.duration) / Double(header.timescale) }
}

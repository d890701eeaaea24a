/// An MP4 (or QuickTime) movie inside another file: its extent is the run of top-level movie boxes that starts
/// at a given offset, so bytes after it that are not movie boxes (a Samsung trailer) are not part of it.
public enum EmbeddedMovie {
    /// The box types a movie's top level holds.
    public static let topLevelTypes: Set<FourCC> = [
        "ftyp", "moov", "mdat", "free", "skip", "wide", "uuid", "meta", "udta", "pnot", "sidx", "moof", "mfra", "styp", "emsg",
        "prft", "pdin",
    ]

    /// The user type of the `uuid` box in which Honor keeps each frame's stabilisation matrices after the MP4
    /// (`extend_type_matrix[{"frameNum":…`): not part of the movie.
    public static let honorMatrixUserType = Array("extend_type_matr".utf8)

    /// The length of the movie starting at `start`, no further than `limit`, ending before a `uuid` box of the user
    /// type `stoppingAtUserType` when one is given.
    /// - Throws: when no `ftyp` (or `moov`/`mdat`/`wide`) box starts there, or there is no `moov` within the span.
    public static func length(in file: RandomAccessFile, start: Int64, limit: Int64, stoppingAtUserType: [UInt8]? = nil) throws(FormatError)
        -> Int64
    {
        guard start >= 0, start < limit, limit <= file.size else {
            throw FormatError(.malformed, "the video would start at byte \(start), outside the file")
        }
        var offset = start
        var sawMovie = false
        var count = 0
        while offset + 8 <= limit, count < 10_000 {
            let head = try file.read(at: offset, count: Int(min(24, limit - offset)))
            guard let header = try? BoxHeader.parse(head, at: offset, limit: limit), topLevelTypes.contains(header.type) else {
                break
            }
            if count == 0, !["ftyp", "moov", "mdat", "wide", "free", "skip"].contains(header.type) { break }
            if let stoppingAtUserType, header.type == "uuid", head.count >= 8 + stoppingAtUserType.count,
                Array(head[8..<(8 + stoppingAtUserType.count)]) == stoppingAtUserType
            {
                break
            }
            if header.type == "moov" { sawMovie = true }
            offset = header.end
            count += 1
        }
        guard count > 0 else {
            let head = try file.readUpTo(at: start, count: 8)
            throw FormatError(
                .malformed,
                "no MP4 starts at byte \(start) (found \(HexBytes.describe(head)), expected a box size then a type such as 'ftyp')",
                at: start)
        }
        guard sawMovie else {
            throw FormatError(.truncated, "the video at byte \(start) has no 'moov' box (is the file cut short?)", at: start)
        }
        return offset - start
    }

    /// The movie-level QuickTime metadata (`moov/meta`, else `moov/udta/meta` with an `mdta` handler) of the movie in
    /// `span`; nil when there is none or it cannot be read. Reads the `moov` box alone, bounded like ``Movie``'s.
    public static func metadata(in file: RandomAccessFile, span: MotionPhotoFile.Span) -> QuickTimeMetadata? {
        var offset = span.offset
        var count = 0
        while offset + 8 <= span.end, count < 10_000 {
            guard let head = try? file.read(at: offset, count: Int(min(16, span.end - offset))),
                let header = try? BoxHeader.parse(head, at: offset, limit: span.end)
            else { return nil }
            if header.type == "moov" {
                guard header.size <= Movie.maxMovieHeaderSize, let bytes = try? file.read(at: header.offset, length: header.size),
                    let moov = try? Atom.parse(bytes, baseOffset: header.offset)
                else { return nil }
                for meta in [moov.child("meta"), moov.find(["udta", "meta"])].compactMap({ $0 }) {
                    guard let hdlr = meta.child("hdlr"), let handler = try? HandlerReference(hdlr), handler.handlerType == "mdta" else {
                        continue
                    }
                    return try? QuickTimeMetadata(meta: meta)
                }
                return nil
            }
            offset = header.end
            count += 1
        }
        return nil
    }
}

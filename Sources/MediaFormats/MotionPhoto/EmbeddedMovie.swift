/// An MP4 (or QuickTime) movie inside another file: its extent is the run of top-level movie boxes that starts
/// at a given offset, so bytes after it that are not movie boxes (a Samsung trailer) are not part of it.
public enum EmbeddedMovie {
    /// The box types a movie's top level holds.
    public static let topLevelTypes: Set<FourCC> = [
        "ftyp", "moov", "mdat", "free", "skip", "wide", "uuid", "meta", "udta", "pnot", "sidx", "moof", "mfra", "styp", "emsg",
        "prft", "pdin",
    ]

    /// The length of the movie starting at `start`, no further than `limit`.
    /// - Throws: when no `ftyp` (or `moov`/`mdat`/`wide`) box starts there, or there is no `moov` within the span.
    public static func length(in file: RandomAccessFile, start: Int64, limit: Int64) throws -> Int64 {
        guard start >= 0, start < limit, limit <= file.size else {
            throw FormatError(.malformed, "the video would start at byte \(start), outside the file")
        }
        var offset = start
        var sawMovie = false
        var count = 0
        while offset + 8 <= limit, count < 10_000 {
            let head = try file.read(at: offset, count: Int(min(16, limit - offset)))
            guard let header = try? BoxHeader.parse(head, at: offset, limit: limit), topLevelTypes.contains(header.type) else {
                break
            }
            if count == 0, !["ftyp", "moov", "mdat", "wide", "free", "skip"].contains(header.type) { break }
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
}

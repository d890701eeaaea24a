import MediaFormats

/// What a file is, judged by its first bytes (never by its name).
public enum FileKind: String, Sendable, Codable {
    case jpeg
    case heic
    /// AV1 in HEIF: a still to convert, not one Live Photos use.
    case avif
    case quicktime
    case mp4
    /// A zip archive (a `.pvt.zip`).
    case zip
    case unknown

    /// Looks at the start of `file`.
    public static func detect(_ file: RandomAccessFile) throws -> FileKind {
        let head = try file.readUpTo(at: 0, count: 32)
        if JPEGFile.hasSOI(head) { return .jpeg }
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .zip }
        guard head.count >= 8 else { return .unknown }
        let type = FourCC(rawValue: head.loadBigEndianUInt32(at: 4))
        if type == "ftyp", head.count >= 12 {
            let brand = FourCC(rawValue: head.loadBigEndianUInt32(at: 8))
            if brand == "avif" || brand == "avis" { return .avif }
            if HEIFFile.imageBrands.contains(brand) { return .heic }
            if brand == "qt  " { return .quicktime }
            // Compatible brands may still say HEIF (e.g. major 'mif1' handled above; others list 'heic').
            var i = 16
            while i + 4 <= min(head.count, 8 + Int(head.loadBigEndianUInt32(at: 0))) {
                if HEIFFile.imageBrands.contains(FourCC(rawValue: head.loadBigEndianUInt32(at: i))) { return .heic }
                i += 4
            }
            return .mp4
        }
        let movieStarts: Set<FourCC> = ["wide", "mdat", "moov", "free", "skip", "pnot"]
        if movieStarts.contains(type) { return .quicktime }
        return .unknown
    }

    public var isStill: Bool { self == .jpeg || self == .heic || self == .avif }
    public var isMovie: Bool { self == .quicktime || self == .mp4 }
}

extension Array where Element == UInt8 {
    func loadBigEndianUInt32(at i: Int) -> UInt32 {
        guard i >= 0, i + 4 <= count else { return 0 }
        return (UInt32(self[i]) << 24) | (UInt32(self[i + 1]) << 16) | (UInt32(self[i + 2]) << 8) | UInt32(self[i + 3])
    }
}

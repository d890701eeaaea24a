/// What a file's first bytes say it is: the one place that knows the signatures (JPEG's SOI, a zip's local header,
/// ISO-BMFF's `ftyp` brands and QuickTime's first boxes). Never judged by a name.
public enum FileSignature: Sendable, Equatable {
    case jpeg
    /// HEIF with an image brand (`heic`, `mif1`, ...), as major or compatible brand.
    case heic
    /// AV1 in HEIF (`avif`, `avis`).
    case avif
    /// A QuickTime movie: brand `qt  `, or no `ftyp` but a box QuickTime movies start with.
    case quickTime
    /// Any other ISO-BMFF file with an `ftyp` (MP4, M4V, 3GP...).
    case mp4
    /// A zip archive (local file header `PK\3\4`).
    case zip
    case unknown

    /// How many bytes `identify` wants to see.
    public static let headLength = 32

    /// The box types a QuickTime or MP4 file may begin with.
    public static let movieFirstBoxes: Set<FourCC> = ["ftyp", "wide", "free", "skip", "mdat", "moov", "pnot", "uuid", "junk", "PICT"]

    /// Judges a file by its first bytes (up to ``headLength``; fewer for a short file).
    public static func identify(_ head: [UInt8]) -> FileSignature {
        if JPEGFile.hasSOI(head) { return .jpeg }
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .zip }
        guard head.count >= 8 else { return .unknown }
        let type = FourCC(rawValue: head.loadUInt32(at: 4, .bigEndian))
        guard type == "ftyp" else { return movieFirstBoxes.contains(type) ? .quickTime : .unknown }
        guard head.count >= 12 else { return .unknown }
        let major = FourCC(rawValue: head.loadUInt32(at: 8, .bigEndian))
        if major == "avif" || major == "avis" { return .avif }
        if HEIFFile.imageBrands.contains(major) { return .heic }
        if major == "qt  " { return .quickTime }
        // Compatible brands may still say HEIF (major `mif1` is handled above; others list `heic`).
        let ftypEnd = min(head.count, 8 + Int(head.loadUInt32(at: 0, .bigEndian)))
        for i in stride(from: 16, to: ftypEnd - 3, by: 4)
        where HEIFFile.imageBrands.contains(FourCC(rawValue: head.loadUInt32(at: i, .bigEndian))) {
            return .heic
        }
        return .mp4
    }

    /// Reads the start of `file` and judges it.
    public static func identify(_ file: RandomAccessFile) throws -> FileSignature {
        identify(try file.readUpTo(at: 0, count: headLength))
    }
}

/// What a file's first bytes say it is: the one place that knows the signatures (JPEG's SOI, a zip's local header,
/// ISO-BMFF's `ftyp` brands and QuickTime's first boxes). Never judged by a name.
public enum FileSignature: Sendable, Equatable {
    /// A JPEG: the SOI marker `FF D8` then the start of another marker.
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
    /// None of the above.
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
        // The compatible brands: from byte 16 to the end of `ftyp` (its size counts its header).
        let ftypEnd = Int(min(UInt32(head.count), head.loadUInt32(at: 0, .bigEndian)))
        let compatible = stride(from: 16, to: ftypEnd - 3, by: 4).map { FourCC(rawValue: head.loadUInt32(at: $0, .bigEndian)) }
        if major == "avif" || major == "avis" { return .avif }
        // A generic HEIF brand (`mif1`) with AV1 brands and no HEVC ones is AVIF.
        if major == "mif1" || major == "msf1", compatible.contains(where: { $0 == "avif" || $0 == "avis" }),
            !compatible.contains(where: { $0 == "heic" || $0 == "heix" || $0 == "hevc" || $0 == "hevx" })
        {
            return .avif
        }
        if HEIFFile.imageBrands.contains(major) { return .heic }
        if major == "qt  " { return .quickTime }
        // Compatible brands may still say HEIF (major `mif1` is handled above; others list `heic`).
        if compatible.contains(where: HEIFFile.imageBrands.contains) { return .heic }
        return .mp4
    }

    /// Reads the start of `file` and judges it.
    public static func identify(_ file: RandomAccessFile) throws(FormatError) -> FileSignature {
        identify(try file.readUpTo(at: 0, count: headLength))
    }
}

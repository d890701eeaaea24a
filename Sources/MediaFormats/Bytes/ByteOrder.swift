/// The byte order of multi-byte integers in a structure (TIFF can be either; boxes are big-endian).
public enum ByteOrder: Sendable, Equatable {
    /// Most significant byte first (TIFF `MM`).
    case bigEndian
    /// Least significant byte first (TIFF `II`).
    case littleEndian
}

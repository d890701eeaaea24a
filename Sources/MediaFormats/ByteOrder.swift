/// The byte order of multi-byte integers in a structure (TIFF can be either; boxes are big-endian).
public enum ByteOrder: Sendable, Equatable {
    case bigEndian
    case littleEndian
}

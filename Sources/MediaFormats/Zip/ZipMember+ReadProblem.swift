extension ZipMember {
    /// Why a member's bytes could not be read whole and right, as ``ZipMemberReader`` finds it natively and a browser
    /// finds it reading the same range through its own inflater (docs/formats/archives.md#reading-a-member): one set of
    /// words for both.
    public enum ReadProblem: Sendable, Equatable {
        /// General purpose flag bit 0: its data is encrypted.
        case encrypted
        /// A compression method other than stored (0) and deflated (8).
        case method(UInt16)
        /// Stored, yet its compressed and uncompressed sizes differ.
        case storedSizesDiffer
        /// More bytes came out than it declares.
        case expandsPastSize
        /// Its deflate stream is damaged, in the inflater's words.
        case deflateDamaged(String)
        /// Its deflate stream does not end within its compressed bytes.
        case deflateUnended
        /// Fewer bytes came out than it declares: this many.
        case shortOf(UInt64)
        /// Its bytes do not give its CRC-32.
        case checksum

        /// The problem as an error naming the member.
        public func error(for member: ZipMember) -> FormatError {
            let name = member.name
            switch self {
            case .encrypted: return FormatError(.unsupported, "'\(name)' is encrypted")
            case .method(let method):
                return FormatError(.unsupported, "'\(name)' uses compression method \(method); only stored and deflated members are read")
            case .storedSizesDiffer:
                return FormatError(
                    .malformed, "'\(name)' is stored, yet its sizes differ (\(member.compressedSize) and \(member.uncompressedSize))")
            case .expandsPastSize:
                return FormatError(.malformed, "'\(name)' expands past its declared size of \(member.uncompressedSize) bytes (a zip bomb?)")
            case .deflateDamaged(let why): return FormatError(.malformed, "the deflate stream of '\(name)' is damaged (\(why))")
            case .deflateUnended:
                return FormatError(
                    .malformed, "the deflate stream of '\(name)' is damaged or does not end within its \(member.compressedSize) bytes")
            case .shortOf(let written):
                return FormatError(
                    .malformed, "'\(name)' holds \(written) bytes, not the \(member.uncompressedSize) it declares (damaged?)")
            case .checksum: return FormatError(.malformed, "'\(name)' does not match its CRC-32 (the archive is damaged)")
            }
        }
    }
}

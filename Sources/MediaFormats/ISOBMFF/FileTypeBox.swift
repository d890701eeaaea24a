/// `ftyp`: major brand, minor version and compatible brands.
public struct FileTypeBox: Sendable, Equatable {
    /// The brand the file mainly conforms to: `qt  `, `isom`, `heic`...
    public var majorBrand: FourCC
    /// The version of the major brand.
    public var minorVersion: UInt32
    /// The other brands the file conforms to, in order.
    public var compatibleBrands: [FourCC]

    /// An `ftyp` with the given brands.
    public init(majorBrand: FourCC, minorVersion: UInt32, compatibleBrands: [FourCC]) {
        self.majorBrand = majorBrand
        self.minorVersion = minorVersion
        self.compatibleBrands = compatibleBrands
    }

    /// Reads an `ftyp` payload (header excluded); trailing bytes too few for a brand are ignored.
    /// - Throws: ``FormatError`` (truncated) when the payload is shorter than 8 bytes.
    public init(_ payload: [UInt8]) throws(FormatError) {
        var r = ByteReader(payload)
        majorBrand = try r.readFourCC("ftyp major brand")
        minorVersion = try r.readInteger(UInt32.self, .bigEndian, "ftyp minor version")
        compatibleBrands = []
        while r.remaining >= 4 { compatibleBrands.append(try r.readFourCC()) }
    }

    /// The brands Apple's QuickTime movies carry: `qt  `, version 0.
    public static let quickTime = FileTypeBox(majorBrand: "qt  ", minorVersion: 0, compatibleBrands: ["qt  "])
    /// The brands of a plain MP4, as a Motion Photo's embedded video has them: `mp42`, with `isom` and `mp42`.
    public static let mp4 = FileTypeBox(majorBrand: "mp42", minorVersion: 0, compatibleBrands: ["isom", "mp42"])

    /// Whether the major brand is QuickTime's.
    public var isQuickTime: Bool { majorBrand == "qt  " }

    /// The `ftyp` box.
    public var atom: Atom {
        var w = ByteWriter()
        w.appendFourCC(majorBrand)
        w.appendUInt32(minorVersion)
        for b in compatibleBrands { w.appendFourCC(b) }
        return Atom(type: "ftyp", data: w.bytes)
    }
}

extension FileTypeBox {
    /// The start of a movie file whose media data comes first: this `ftyp`, then the header of an `mdat` holding
    /// `payloadSize` bytes (``BoxHeader/mediaData(payloadSize:quickTime:)``: `wide` before it in QuickTime).
    public func movieStart(payloadSize: UInt64) -> [UInt8] {
        atom.serialized() + BoxHeader.mediaData(payloadSize: payloadSize, quickTime: isQuickTime)
    }

    /// Where the media data starts after a QuickTime ``movieStart(payloadSize:)``: `wide` and an 8-byte `mdat`
    /// header, or a 16-byte one, take 16 bytes either way, so chunk offsets are known before the payload's size is.
    public var quickTimePayloadOffset: Int64 { Int64(atom.serialized().count) + 16 }

    /// The first offset at or after ``quickTimePayloadOffset`` that lies at the same place in a page as `sourceOffset`
    /// (the input's media data, where it is on disk): media copied from one to the other then moves whole pages, which
    /// the kernel copies as fast as `cp` does (a third faster than a copy whose two offsets differ within a page). The
    /// gap becomes a `free` box, so it is never under 8 bytes.
    public func quickTimePayloadOffset(aligningWith sourceOffset: Int64, pageSize: Int64 = 4096) -> Int64 {
        Self.payloadOffset(after: quickTimePayloadOffset, aligningWith: sourceOffset, modulus: pageSize)
    }

    /// The first offset in the movie at or after `base` (where the media data starts with no `free` box) that lies
    /// at `sourceOffset`'s place modulo `modulus` once the movie is written at `outputOffset` in its file. The gap
    /// becomes a `free` box, so it is never under 8 bytes.
    public static func payloadOffset(after base: Int64, aligningWith sourceOffset: Int64, outputOffset: Int64 = 0, modulus: Int64)
        -> Int64
    {
        guard sourceOffset >= 0, outputOffset >= 0, modulus > 0 else { return base }
        var gap = ((sourceOffset - outputOffset - base) % modulus + modulus) % modulus
        if gap > 0, gap < 8 { gap += modulus }
        return base + gap
    }

    /// ``movieStart(payloadSize:)`` with the media data at `payloadOffset` (from
    /// ``quickTimePayloadOffset(aligningWith:pageSize:)`` or ``payloadOffset(after:aligningWith:outputOffset:modulus:)``):
    /// a `free` box fills the gap after `ftyp`.
    public func movieStart(payloadSize: UInt64, payloadOffset: Int64) -> [UInt8] {
        let ftyp = atom.serialized()
        let gap = payloadOffset - Int64(movieStart(payloadSize: payloadSize).count)
        guard gap >= 8 else { return movieStart(payloadSize: payloadSize) }
        return ftyp + BoxHeader.encoded("free", payloadSize: UInt64(gap - 8)) + [UInt8](repeating: 0, count: Int(gap - 8))
            + BoxHeader.mediaData(payloadSize: payloadSize, quickTime: isQuickTime)
    }
}

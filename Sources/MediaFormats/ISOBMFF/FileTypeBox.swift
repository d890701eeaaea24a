/// `ftyp`: major brand, minor version and compatible brands.
public struct FileTypeBox: Sendable, Equatable {
    public var majorBrand: FourCC
    public var minorVersion: UInt32
    public var compatibleBrands: [FourCC]

    public init(majorBrand: FourCC, minorVersion: UInt32, compatibleBrands: [FourCC]) {
        self.majorBrand = majorBrand
        self.minorVersion = minorVersion
        self.compatibleBrands = compatibleBrands
    }

    public init(_ payload: [UInt8]) throws {
        var r = ByteReader(payload)
        majorBrand = try r.readFourCC("ftyp major brand")
        minorVersion = try r.readUInt32(.bigEndian, "ftyp minor version")
        compatibleBrands = []
        while r.remaining >= 4 { compatibleBrands.append(try r.readFourCC()) }
    }

    public var atom: Atom {
        var w = ByteWriter()
        w.appendFourCC(majorBrand)
        w.appendUInt32(minorVersion)
        for b in compatibleBrands { w.appendFourCC(b) }
        return Atom(type: "ftyp", data: w.bytes)
    }
}

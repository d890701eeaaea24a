/// `mvhd`: the movie's timescale, duration and next free track ID. Unmodelled fields stay byte for byte.
public struct MovieHeader: Sendable, Equatable {
    public private(set) var version: UInt8
    public var creationTime: UInt64
    public var modificationTime: UInt64
    public var timescale: UInt32
    public var duration: UInt64
    /// rate, volume, reserved, matrix and pre-defined fields, verbatim.
    var middle: [UInt8]
    public var nextTrackID: UInt32

    public init(_ atom: Atom, at offset: Int64 = 0) throws {
        var r = ByteReader(atom.data, baseOffset: offset)
        version = try r.readInteger(UInt8.self, "mvhd version")
        try r.skip(3, "mvhd flags")
        if version == 1 {
            creationTime = try r.readInteger(UInt64.self, .bigEndian, "mvhd")
            modificationTime = try r.readInteger(UInt64.self, .bigEndian, "mvhd")
            timescale = try r.readInteger(UInt32.self, .bigEndian, "mvhd")
            duration = try r.readInteger(UInt64.self, .bigEndian, "mvhd")
        } else {
            creationTime = UInt64(try r.readInteger(UInt32.self, .bigEndian, "mvhd"))
            modificationTime = UInt64(try r.readInteger(UInt32.self, .bigEndian, "mvhd"))
            timescale = try r.readInteger(UInt32.self, .bigEndian, "mvhd")
            duration = UInt64(try r.readInteger(UInt32.self, .bigEndian, "mvhd"))
        }
        middle = try r.readBytes(76, "mvhd")
        nextTrackID = try r.readInteger(UInt32.self, .bigEndian, "mvhd next track ID")
        guard timescale > 0 else { throw FormatError(.malformed, "movie timescale is 0", at: offset) }
    }

    /// The box, in version 0 unless a value needs 64 bits.
    public var atom: Atom {
        let needs64 = version == 1 || [creationTime, modificationTime, duration].contains { $0 > UInt64(UInt32.max) }
        var w = ByteWriter()
        w.appendUInt32(needs64 ? 0x0100_0000 : 0)
        if needs64 {
            w.appendUInt64(creationTime); w.appendUInt64(modificationTime)
            w.appendUInt32(timescale); w.appendUInt64(duration)
        } else {
            w.appendUInt32(UInt32(creationTime)); w.appendUInt32(UInt32(modificationTime))
            w.appendUInt32(timescale); w.appendUInt32(UInt32(duration))
        }
        w.append(middle)
        w.appendUInt32(nextTrackID)
        return Atom(type: "mvhd", data: w.bytes)
    }
}

/// `tkhd`: a track's ID, flags, duration (movie timescale), matrix and display size.
public struct TrackHeader: Sendable, Equatable {
    public private(set) var version: UInt8
    public var flags: UInt32
    public var creationTime: UInt64
    public var modificationTime: UInt64
    public var trackID: UInt32
    public var duration: UInt64
    /// reserved, layer, alternate group, volume, reserved: verbatim.
    var beforeMatrix: [UInt8]
    /// The nine 32-bit matrix values (a, b, u, c, d, v, x, y, w).
    public var matrix: [Int32]
    /// Display size, 16.16 fixed point.
    public var width: UInt32
    public var height: UInt32

    public static let enabled: UInt32 = 0x1

    public init(_ atom: Atom, at offset: Int64 = 0) throws {
        var r = ByteReader(atom.data, baseOffset: offset)
        version = try r.readInteger(UInt8.self, "tkhd version")
        flags = UInt32(try r.readUInt(width: 3, "tkhd flags"))
        if version == 1 {
            creationTime = try r.readInteger(UInt64.self, .bigEndian, "tkhd")
            modificationTime = try r.readInteger(UInt64.self, .bigEndian, "tkhd")
            trackID = try r.readInteger(UInt32.self, .bigEndian, "tkhd")
            try r.skip(4, "tkhd")
            duration = try r.readInteger(UInt64.self, .bigEndian, "tkhd")
        } else {
            creationTime = UInt64(try r.readInteger(UInt32.self, .bigEndian, "tkhd"))
            modificationTime = UInt64(try r.readInteger(UInt32.self, .bigEndian, "tkhd"))
            trackID = try r.readInteger(UInt32.self, .bigEndian, "tkhd")
            try r.skip(4, "tkhd")
            duration = UInt64(try r.readInteger(UInt32.self, .bigEndian, "tkhd"))
        }
        beforeMatrix = try r.readBytes(16, "tkhd")
        matrix = try (0..<9).map { _ in try r.readInteger(Int32.self, .bigEndian, "tkhd matrix") }
        width = try r.readInteger(UInt32.self, .bigEndian, "tkhd width")
        height = try r.readInteger(UInt32.self, .bigEndian, "tkhd height")
    }

    /// A header for a new track: identity matrix, no size, volume 0.
    public init(trackID: UInt32, flags: UInt32, duration: UInt64, creationTime: UInt64, modificationTime: UInt64) {
        version = 0
        self.flags = flags
        self.creationTime = creationTime
        self.modificationTime = modificationTime
        self.trackID = trackID
        self.duration = duration
        beforeMatrix = [UInt8](repeating: 0, count: 16)
        matrix = [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x4000_0000]
        width = 0
        height = 0
    }

    /// Clockwise rotation in degrees that the matrix applies (0, 90, 180, 270), or nil for other matrices.
    public var rotationDegrees: Int? {
        let a = matrix[0], b = matrix[1], c = matrix[3], d = matrix[4]
        let one: Int32 = 0x10000
        switch (a, b, c, d) {
        case (one, 0, 0, one): return 0
        case (0, one, -one, 0): return 90
        case (-one, 0, 0, -one): return 180
        case (0, -one, one, 0): return 270
        default: return nil
        }
    }

    public var atom: Atom {
        let needs64 = version == 1 || [creationTime, modificationTime, duration].contains { $0 > UInt64(UInt32.max) }
        var w = ByteWriter()
        w.appendUInt32((needs64 ? 0x0100_0000 : 0) | (flags & 0xFF_FFFF))
        if needs64 {
            w.appendUInt64(creationTime); w.appendUInt64(modificationTime)
            w.appendUInt32(trackID); w.appendUInt32(0); w.appendUInt64(duration)
        } else {
            w.appendUInt32(UInt32(creationTime)); w.appendUInt32(UInt32(modificationTime))
            w.appendUInt32(trackID); w.appendUInt32(0); w.appendUInt32(UInt32(duration))
        }
        w.append(beforeMatrix)
        for m in matrix { w.appendInt32(m) }
        w.appendUInt32(width)
        w.appendUInt32(height)
        return Atom(type: "tkhd", data: w.bytes)
    }
}

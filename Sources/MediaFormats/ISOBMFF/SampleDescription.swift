/// One entry of a track's `stsd`: the sample format (codec tag) and, for video, its coded size.
public struct SampleDescription: Sendable, Equatable {
    /// The sample entry's format (codec tag): `avc1`, `hvc1`, `mp4a`, `mebx`...
    public var format: FourCC
    /// The whole entry, header included.
    public var bytes: [UInt8]

    /// Coded width and height, for visual sample entries.
    public var visualSize: (width: Int, height: Int)? {
        // SampleEntry (8 header + 8) then VisualSampleEntry: 16 bytes pre-defined/reserved, then u16 width, u16 height.
        guard bytes.count >= 36 else { return nil }
        return (Int(bytes.loadUInt16(at: 32, .bigEndian)), Int(bytes.loadUInt16(at: 34, .bigEndian)))
    }

    /// Two descriptions are equal when their bytes are.
    public static func == (a: SampleDescription, b: SampleDescription) -> Bool { a.bytes == b.bytes }

    /// The entries of an `stsd` box.
    public static func entries(of stsd: Atom) throws(FormatError) -> [SampleDescription] {
        var r = ByteReader(stsd.data)
        try r.skip(4, "stsd version and flags")
        let count = try r.readInteger(UInt32.self, .bigEndian, "stsd entry count")
        try r.checkCount(UInt64(count), elementSize: 8, "stsd")
        var result: [SampleDescription] = []
        for _ in 0..<count {
            let start = r.position
            let stated = try r.readInteger(UInt32.self, .bigEndian, "sample entry size")
            let size = Int(clamping: stated)
            let format = try r.readFourCC("sample entry format")
            guard size >= 8, size - 8 <= r.remaining else {
                throw FormatError(.malformed, "sample entry '\(format)' has size \(stated) past its 'stsd'", at: r.absolutePosition)
            }
            try r.skip(size - 8)
            result.append(SampleDescription(format: format, bytes: Array(stsd.data[start..<start + size])))
        }
        return result
    }

    /// An `stsd` box holding `entries`.
    public static func atom(_ entries: [[UInt8]]) -> Atom {
        var w = ByteWriter()
        w.appendUInt32(0)
        w.appendUInt32(UInt32(entries.count))
        for e in entries { w.append(e) }
        return Atom(type: "stsd", data: w.bytes)
    }
}

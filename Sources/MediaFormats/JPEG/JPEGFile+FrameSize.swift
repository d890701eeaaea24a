extension JPEGFile {
    /// The frame size (`SOFn`) of a small JPEG held in memory, such as an Exif thumbnail; nil when the bytes are not a
    /// JPEG or end before a frame header.
    public static func frameSize(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard hasSOI(bytes) else { return nil }
        var at = 2
        var segments = 0
        while at + 4 <= bytes.count, segments < 1_000 {
            segments += 1
            guard bytes[at] == 0xFF else { return nil }
            let marker = bytes[at + 1]
            if marker == 0xFF {
                at += 1
                continue
            }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                at += 2
                continue
            }
            if marker == 0xD9 || marker == 0xDA { return nil }
            let length = Int(bytes.loadUInt16(at: at + 2, .bigEndian))
            guard length >= 2 else { return nil }
            if isStartOfFrame(marker) {
                guard length >= 7, at + 9 <= bytes.count else { return nil }
                return (Int(bytes.loadUInt16(at: at + 7, .bigEndian)), Int(bytes.loadUInt16(at: at + 5, .bigEndian)))
            }
            at += 2 + length
        }
        return nil
    }
}

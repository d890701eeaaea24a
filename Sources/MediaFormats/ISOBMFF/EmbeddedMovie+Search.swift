extension EmbeddedMovie {
    /// The first MP4 or QuickTime movie found by its `ftyp` box at or after `start` within `searchLength` bytes, whose
    /// top-level boxes read to a length: where a Motion Photo's video really is when its metadata says otherwise.
    /// The file is read in bounded chunks.
    public static func search(in file: RandomAccessFile, from start: Int64, searchLength: Int64 = 64 << 20) -> (
        offset: Int64, length: Int64
    )? {
        let end = min(file.size, start + searchLength)
        let chunk = 1 << 20
        var at = max(0, start)
        let marker = Array("ftyp".utf8)
        while at + 8 <= end {
            guard let bytes = try? file.readUpTo(at: at, count: chunk + 8), bytes.count >= 8 else { return nil }
            for i in 4..<(bytes.count - 3)
            where bytes[i] == marker[0] && bytes[i + 1] == marker[1] && bytes[i + 2] == marker[2] && bytes[i + 3] == marker[3] {
                let candidate = at + Int64(i) - 4
                if let length = try? length(in: file, start: candidate, limit: file.size), length > 8 { return (candidate, length) }
            }
            at += Int64(chunk)
        }
        return nil
    }
}

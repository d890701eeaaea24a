/// The RIFF container of a WebP, checked to see that a file is whole: `RIFF`, the size of what follows, `WEBP`,
/// then chunks (a four-character code, a little-endian size and the payload, padded to an even length) that end
/// exactly where the RIFF size says. See the WebP container specification
/// (https://developers.google.com/speed/webp/docs/riff_container).
public enum WebPFile {
    /// Checks the RIFF header against the file's size and walks the chunk headers (not their payloads).
    /// - Throws: ``FormatError``: `.notRecognized` without the RIFF and WEBP marks, `.truncated` when the file is
    ///   shorter than its RIFF size or a chunk runs past it, `.malformed` when the file is longer or holds no chunk.
    public static func checkComplete(_ file: RandomAccessFile) throws(FormatError) {
        let header = try file.readUpTo(at: 0, count: 12)
        guard header.count == 12, header[0..<4].elementsEqual("RIFF".utf8), header[8..<12].elementsEqual("WEBP".utf8) else {
            throw FormatError(.notRecognized, "not a WebP (no RIFF header with the WEBP form)")
        }
        let end = 8 + Int64(header.loadUInt32(at: 4, .littleEndian))
        guard end <= file.size else {
            throw FormatError(.truncated, "the RIFF header says \(end) bytes and the file has \(file.size); it looks truncated", at: 4)
        }
        guard end == file.size else { throw FormatError(.malformed, "\(file.size - end) bytes after the RIFF data", at: end) }
        var offset: Int64 = 12
        var chunks = 0
        while offset < end {
            guard end - offset >= 8 else { throw FormatError.truncated("a WebP chunk header", at: offset) }
            let chunk = try file.read(at: offset, count: 8)
            let size = Int64(chunk.loadUInt32(at: 4, .littleEndian))
            let padded = size + size % 2
            guard padded <= end - offset - 8 else { throw FormatError.truncated("a WebP chunk of \(size) bytes", at: offset + 8) }
            offset += 8 + padded
            chunks += 1
        }
        guard chunks > 0 else { throw FormatError(.malformed, "the WebP holds no chunk", at: 12) }
    }
}

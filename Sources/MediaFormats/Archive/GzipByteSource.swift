internal import CLivePhotoZlib

/// What a gzip file (RFC 1952) inflates to, read in order through zlib's gzip mode; the compressed bytes come from
/// another source in bounded pieces, so memory stays flat whatever the size.
///
/// Members follow one another as `gzip` and `cat` make them (docs/formats/archives.md#gzip): their bytes run on as
/// one. After a member, bytes that do not start another member (zeros a tape wrote, padding) end the stream and are
/// left unread. A member cut short, or damaged, is an error.
public final class GzipByteSource<Compressed: ArchiveByteSource>: ArchiveByteSource {
    private var compressed: Compressed
    private let zlib: ZlibInflateStream
    private var stream: UnsafeMutablePointer<z_stream> { zlib.pointer }
    /// The compressed bytes read and not yet inflated.
    private var input: [UInt8] = []
    private var inputStart = 0
    private var inMember = true
    private var finished = false
    private var membersSeen = 0
    /// How many compressed bytes are read at a time.
    let readSize: Int

    /// Inflates what `compressed` holds.
    /// - Parameters:
    ///   - compressed: the gzip file's bytes.
    ///   - readSize: how many compressed bytes are read at a time.
    /// - Throws: ``FormatError`` when zlib cannot set up.
    public init(_ compressed: Compressed, readSize: Int = 256 * 1024) throws(FormatError) {
        self.compressed = compressed
        self.readSize = max(1, readSize)
        zlib = try ZlibInflateStream(windowBits: ZlibInflateStream.gzip)
    }

    /// Refills `input` when it is used up. Returns false at the end of the compressed bytes.
    private func fill() throws(FormatError) -> Bool {
        guard inputStart >= input.count else { return true }
        input = try compressed.read(upTo: readSize)
        inputStart = 0
        return !input.isEmpty
    }

    /// The next inflated bytes, at most `count`.
    /// - Parameter count: the most bytes returned.
    /// - Returns: the bytes; empty at the end of the last member.
    /// - Throws: ``FormatError`` when a member is damaged or cut short, or the bytes are no gzip at all.
    public func read(upTo count: Int) throws(FormatError) -> [UInt8] {
        let count = max(1, count)
        while !finished {
            if !inMember {
                // Between members: another starts only with gzip's magic number.
                guard try fill(), let first = input.dropFirst(inputStart).first, first == 0x1f else {
                    finished = true
                    break
                }
                if input.count - inputStart < 2 {
                    let more = try compressed.read(upTo: readSize)
                    input = Array(input[inputStart...]) + more
                    inputStart = 0
                }
                guard input.count - inputStart >= 2, input[inputStart + 1] == 0x8b else {
                    finished = true
                    break
                }
                inflateReset(stream)
                inMember = true
            }
            guard try fill() else {
                throw FormatError(
                    .truncated,
                    membersSeen == 0 && stream.pointee.total_in == 0
                        ? GzipStreamEnd.empty : GzipStreamEnd.cutShort(member: membersSeen + 1))
            }
            var output = [UInt8](repeating: 0, count: count)
            let (code, used, produced) = input.withUnsafeBufferPointer { inputBuffer in
                output.withUnsafeMutableBufferPointer { outputBuffer in
                    stream.pointee.next_in = UnsafeMutablePointer(mutating: inputBuffer.baseAddress! + inputStart)
                    stream.pointee.avail_in = UInt32(min(inputBuffer.count - inputStart, Int(UInt32.max)))
                    stream.pointee.next_out = outputBuffer.baseAddress
                    stream.pointee.avail_out = UInt32(outputBuffer.count)
                    let before = stream.pointee.avail_in
                    let code = CLivePhotoZlib.inflate(stream, Z_NO_FLUSH)
                    let used = Int(before - stream.pointee.avail_in)
                    stream.pointee.next_in = nil
                    stream.pointee.next_out = nil
                    return (code, used, outputBuffer.count - Int(stream.pointee.avail_out))
                }
            }
            inputStart += used
            switch code {
            case Z_STREAM_END:
                inMember = false
                membersSeen += 1
            case Z_OK, Z_BUF_ERROR: break
            default:
                let reason = stream.pointee.msg.map { String(cString: $0) } ?? "code \(code)"
                throw FormatError(.malformed, "gzip member \(membersSeen + 1) is damaged (\(reason))")
            }
            if produced > 0 { return Array(output[..<produced]) }
        }
        return []
    }
}

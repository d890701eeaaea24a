internal import CLivePhotoZlib

/// The CRC-32 a zip member carries (APPNOTE 4.4.7: ISO 3309, the polynomial 0xEDB88320), computed by zlib.
public struct CRC32: Sendable, Equatable {
    /// The checksum of the bytes given so far (0 before any).
    public private(set) var value: UInt32 = 0

    /// A checksum of no bytes.
    public init() {}

    /// Adds `bytes` to the checksum.
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            // zlib takes a 32-bit length: larger buffers go in pieces.
            var start = 0
            while start < buffer.count {
                let count = min(buffer.count - start, Int(Int32.max))
                value = UInt32(CLivePhotoZlib.crc32(UInt(value), buffer.baseAddress! + start, UInt32(count)))
                start += count
            }
        }
    }

    /// The checksum of `bytes`.
    public static func of(_ bytes: [UInt8]) -> UInt32 {
        var checksum = CRC32()
        checksum.update(bytes)
        return checksum.value
    }
}

/// Inflates one raw deflate stream (RFC 1951, zip's method 8) fed in pieces, through zlib. It says whether the stream
/// ended, so that a caller that has no more input knows a stream that never ends from one that did.
public final class Inflater {
    private let zlib: ZlibInflateStream
    private var stream: UnsafeMutablePointer<z_stream> { zlib.pointer }
    /// Whether the stream's last block has been inflated.
    public private(set) var isFinished = false

    /// A new inflater, before the stream's first byte.
    /// - Throws: ``FormatError`` when zlib cannot set up (out of memory).
    public init() throws(FormatError) {
        zlib = try ZlibInflateStream(windowBits: ZlibInflateStream.rawDeflate)
    }

    /// Inflates `input`, the stream's next bytes, handing what it yields to `output` in pieces of at most
    /// `chunkSize` bytes. Bytes after the stream's end are left unread.
    /// - Returns: how many bytes of `input` were used.
    /// - Throws: ``FormatError`` when the stream is damaged; whatever `output` throws.
    @discardableResult
    public func inflate(_ input: [UInt8], chunkSize: Int = 256 * 1024, output: ([UInt8]) throws -> Void) throws -> Int {
        guard !isFinished, !input.isEmpty else { return 0 }
        var piece = [UInt8](repeating: 0, count: chunkSize)
        return try input.withUnsafeBufferPointer { inputBuffer in
            stream.pointee.next_in = UnsafeMutablePointer(mutating: inputBuffer.baseAddress)
            stream.pointee.avail_in = UInt32(inputBuffer.count)
            defer {
                stream.pointee.next_in = nil
                stream.pointee.avail_in = 0
            }
            while !isFinished {
                let (code, produced) = piece.withUnsafeMutableBufferPointer { buffer in
                    stream.pointee.next_out = buffer.baseAddress
                    stream.pointee.avail_out = UInt32(buffer.count)
                    let code = CLivePhotoZlib.inflate(stream, Z_NO_FLUSH)
                    return (code, buffer.count - Int(stream.pointee.avail_out))
                }
                switch code {
                case Z_STREAM_END: isFinished = true
                case Z_OK: break
                // No progress: every input byte was used and the output had room.
                case Z_BUF_ERROR: break
                default:
                    let reason = stream.pointee.msg.map { String(cString: $0) } ?? "code \(code)"
                    throw FormatError(.malformed, "the deflate stream is damaged (\(reason))")
                }
                if produced > 0 { try output(Array(piece[..<produced])) }
                // The output not filled: zlib stopped for want of input (or at the stream's end).
                if produced < chunkSize { break }
            }
            return inputBuffer.count - Int(stream.pointee.avail_in)
        }
    }
}

/// Deflates one raw deflate stream (RFC 1951, zip's method 8) fed in pieces, through zlib at its default level.
public final class Deflater {
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)

    /// A new deflater, before the stream's first byte.
    /// - Throws: ``FormatError`` when zlib cannot set up (out of memory).
    public init() throws(FormatError) {
        stream.initialize(to: z_stream())
        let code = deflateInit2_(
            stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
            Int32(MemoryLayout<z_stream>.size))
        guard code == Z_OK else {
            stream.deallocate()
            throw FormatError(.unsupported, "zlib could not start deflating (code \(code))")
        }
    }

    deinit {
        deflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Deflates `input`, the stream's next bytes, handing the compressed bytes to `output` in pieces of at most
    /// `chunkSize` bytes; `finish` ends the stream after them.
    /// - Throws: whatever `output` throws.
    public func deflate(_ input: [UInt8], finish: Bool, chunkSize: Int = 256 * 1024, output: ([UInt8]) throws -> Void) throws {
        var piece = [UInt8](repeating: 0, count: chunkSize)
        try input.withUnsafeBufferPointer { inputBuffer in
            stream.pointee.next_in = UnsafeMutablePointer(mutating: inputBuffer.baseAddress)
            stream.pointee.avail_in = UInt32(inputBuffer.count)
            defer {
                stream.pointee.next_in = nil
                stream.pointee.avail_in = 0
            }
            while true {
                let (code, produced) = piece.withUnsafeMutableBufferPointer { buffer in
                    stream.pointee.next_out = buffer.baseAddress
                    stream.pointee.avail_out = UInt32(buffer.count)
                    let code = CLivePhotoZlib.deflate(stream, finish ? Z_FINISH : Z_NO_FLUSH)
                    return (code, buffer.count - Int(stream.pointee.avail_out))
                }
                if produced > 0 { try output(Array(piece[..<produced])) }
                // Z_OK with room left, or Z_BUF_ERROR (no progress possible): all input taken; Z_STREAM_END: finished.
                if code == Z_STREAM_END || (!finish && produced < chunkSize) || code == Z_BUF_ERROR { return }
            }
        }
    }
}

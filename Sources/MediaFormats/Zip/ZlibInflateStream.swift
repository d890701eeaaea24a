internal import CLivePhotoZlib

/// A zlib inflate stream on the heap (zlib keeps pointers into it, so it must not move), set up for one kind of
/// framing and ended and freed with its owner: what ``Inflater`` (raw deflate) and ``GzipByteSource`` (gzip) share.
final class ZlibInflateStream {
    let pointer = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)

    /// Raw deflate, as zip members hold it (RFC 1951).
    static let rawDeflate = -MAX_WBITS
    /// Deflate inside gzip's header and trailer (RFC 1952), their CRC-32 and size checked by zlib.
    static let gzip = 16 + MAX_WBITS

    /// A stream before its first byte.
    /// - Parameter windowBits: ``rawDeflate`` or ``gzip``.
    /// - Throws: ``FormatError`` when zlib cannot set up (out of memory).
    init(windowBits: Int32) throws(FormatError) {
        pointer.initialize(to: z_stream())
        let code = inflateInit2_(pointer, windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard code == Z_OK else {
            pointer.deinitialize(count: 1)
            pointer.deallocate()
            throw FormatError(.unsupported, "zlib could not start inflating (code \(code))")
        }
    }

    deinit {
        inflateEnd(pointer)
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}

import FuzzSupport

@testable import MediaFormats

/// The front-to-back zip reader (a zip without its central directory) on the bytes, reading the data of every other
/// member in small chunks and passing over the rest; a member's data never exceeds what its sizes allow.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var reader = ZipStreamReader(MemoryByteSource(Array(UnsafeBufferPointer(start: data, count: size))))
    var index = 0
    while let entry = try? reader.next() {
        _ = ArchivePath(entry.name).isSafe
        if index % 2 == 0 {
            var count: UInt64 = 0
            do {
                try reader.readData { count += UInt64($0.count) }
            } catch { return 0 }
            if !entry.hasDescriptor, count > entry.uncompressedSize { fatalError("more bytes than the member's size") }
        }
        index += 1
    }
    return 0
}

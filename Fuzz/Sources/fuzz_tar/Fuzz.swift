import FuzzSupport

@testable import MediaFormats

/// The tar reader on the bytes as a `.tar`, then as a `.tgz` (through the gzip source), reading every entry's data
/// in small chunks or skipping it, and each entry's name through the path check.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    walk(TarReader(MemoryByteSource(bytes)), readEvery: 1)
    if let gzip = try? GzipByteSource(MemoryByteSource(bytes), readSize: 97) {
        walk(TarReader(gzip), readEvery: 2)
    }
    return 0
}

/// Every entry, reading the data of one in `readEvery` and skipping the rest; stops at the first error.
private func walk<S>(_ reader: TarReader<S>, readEvery: Int) {
    var reader = reader
    var index = 0
    while let entry = try? reader.next() {
        _ = ArchivePath(entry.name).isSafe
        if index % readEvery == 0 {
            var count: Int64 = 0
            do {
                try reader.readData(chunkSize: 333) { count += Int64($0.count) }
            } catch { return }
            guard count <= entry.size else { fatalError("more bytes than the entry's size") }
        }
        index += 1
    }
}

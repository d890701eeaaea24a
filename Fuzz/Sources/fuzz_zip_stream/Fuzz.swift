import FuzzSupport

@testable import MediaFormats

/// A zip read without its central directory, both ways, on the bytes: the streaming reader (reading the data of every
/// other member in small chunks and passing over the rest; a member's data never exceeds what its sizes allow), and the
/// walk a browser makes by the local headers alone, a few headers at a time (every member it gives starts after the
/// last, and each step goes forward), with where each member's data lies, as its directory would be read too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var reader = ZipStreamReader(MemoryByteSource(bytes))
    var index = 0
    while let entry = try? reader.next() {
        _ = ArchivePath(entry.name).isSafe
        if index % 2 == 0 {
            var count: UInt64 = 0
            do {
                try reader.readData { count += UInt64($0.count) }
            } catch { break }
            if !entry.hasDescriptor, count > entry.uncompressedSize { fatalError("more bytes than the member's size") }
        }
        index += 1
    }
    let file = RandomAccessFile(joining: [.bytes(bytes)], name: "fuzz.zip")
    var from: Int64 = 0
    var last: UInt64?
    for _ in 0..<64 {
        let walk = ZipDirectory.membersFromTheFront(of: file, from: from, count: 3)
        for member in walk.members {
            if let last, member.localHeaderOffset <= last { fatalError("a member found before the one before it") }
            last = member.localHeaderOffset
            _ = try? ZipDirectory.dataRange(of: member, in: file)
        }
        guard let next = walk.next else { break }
        if next <= from || next > file.size { fatalError("a walk that does not go forward within the file") }
        from = next
    }
    if let members = try? ZipDirectory.members(of: file, maxCount: 1000) {
        for member in members { _ = try? ZipDirectory.dataRange(of: member, in: file) }
    }
    return 0
}

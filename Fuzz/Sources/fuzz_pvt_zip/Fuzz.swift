import Foundation
import FuzzSupport
import LivePhotoKit
import MediaFormats

/// The `.pvt.zip` reader: `inspect` and `split` of a fuzzed archive (entries, names, sizes, compression, zip bombs);
/// then the zip writer: the members the directory reader found, written again (their bytes stored, or inflated and
/// deflated again), must read back with the same names, kinds, checksums and sizes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let path = FuzzFile.write(data, size, name: "input.pvt.zip") else { return 0 }
    let out = "\(FuzzFile.folder)/split"
    try? FileManager.default.removeItem(atPath: out)
    runBlocking {
        _ = await LivePhotoInspector.inspect([path])
        _ = try? await LivePhotoSplitter.split([path], options: SplitOptions(outputDirectory: out, force: true))
    }
    rewrite(path)
    return 0
}

/// Writes the members of the archive at `path` with `ZipWriter` and checks what its reader makes of the result.
func rewrite(_ path: String) {
    guard let file = try? RandomAccessFile(path: path), let members = try? ZipDirectory.members(of: file, maxCount: 64)
    else { return }
    var writer = ZipWriter(output: ZipBuffer())
    var expected: [(name: String, crc32: UInt32, size: UInt64)] = []
    for member in members {
        let time = member.modificationTime ?? 0
        if member.kind == .directory {
            guard (try? writer.addDirectory(member.name, modificationTime: time)) != nil else { fatalError("a folder not written") }
            let name = member.name.hasSuffix("/") ? member.name : member.name + "/"
            expected.append((name, 0, 0))
            continue
        }
        guard let range = try? ZipDirectory.dataRange(of: member, in: file),
            let stored = try? file.read(at: range.lowerBound, count: range.count)
        else { continue }
        // Deflated members are inflated (at most 1 MB) and deflated again; those that do not inflate are skipped.
        var bytes = stored
        if member.compression == .deflated {
            guard let inflater = try? Inflater() else { continue }
            var inflated: [UInt8] = []
            let ok =
                (try? inflater.inflate(stored, chunkSize: 64 * 1024) { chunk in
                    inflated += chunk
                    if inflated.count > 1 << 20 { throw FormatError(.unsupported, "too large") }
                }) != nil
            guard ok, inflater.isFinished else { continue }
            bytes = inflated
        }
        // A name that reads back as a folder's ('/' at its end) is a file only in name: skip it.
        guard !member.name.hasSuffix("/") else { continue }
        var given = false
        let method: ZipEntry.Method = member.compression == .deflated ? .deflated : .stored
        do {
            try writer.addFile(member.name, method: method, modificationTime: time, expectedSize: UInt64(bytes.count)) { _ in
                defer { given = true }
                return given ? [] : bytes
            }
        } catch {
            fatalError("a member not written: \(error)")
        }
        expected.append((member.name, CRC32.of(bytes), UInt64(bytes.count)))
    }
    guard let archive = try? writer.finish().bytes,
        let written = archive.withUnsafeBufferPointer({ FuzzFile.write($0.baseAddress!, $0.count, name: "rewritten.zip") }),
        let reread = try? ZipDirectory.members(of: try RandomAccessFile(path: written), maxCount: 64)
    else { fatalError("the rewritten archive does not read back") }
    guard reread.count == expected.count else { fatalError("\(reread.count) members read back, not \(expected.count)") }
    for (member, want) in zip(reread, expected) {
        guard member.name == want.name, member.crc32 == want.crc32, member.uncompressedSize == want.size,
            member.kind == (want.name.hasSuffix("/") ? .directory : .file)
        else { fatalError("'\(want.name)' read back as \(member)") }
    }
}

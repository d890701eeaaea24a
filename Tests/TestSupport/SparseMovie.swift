import Foundation
import MediaFormats

/// Large test movies that cost no disk: a small clip's samples placed after a hole in the file.
public enum SparseMovie {
    /// Writes `clip` again with a hole of `gap` zero bytes at the start of its mdat (no disk used for it), and
    /// its chunk offsets moved to match (`co64` once they pass 4 GiB).
    public static func write(from clip: String, to path: String, gap: Int64) throws {
        let file = try RandomAccessFile(path: clip)
        let movie = try Movie(file: file)
        guard let mdat = movie.mediaDataBoxes.first else { throw FormatError(.malformed, "no mdat") }
        guard let ftyp = movie.topLevel.first(where: { $0.type == "ftyp" }) else { throw FormatError(.malformed, "no ftyp") }
        let newPayloadStart = ftyp.size + 16 + gap
        let shift = newPayloadStart - mdat.payloadOffset
        var moov = movie.moov
        moov.modifyChildren("trak") { trak in
            trak.modifyChildren("mdia") { mdia in
                mdia.modifyChildren("minf") { minf in
                    minf.modifyChildren("stbl") { stbl in
                        guard let tables = try? SampleTables(stbl: stbl) else { return }
                        let moved = tables.chunkOffsets.map { UInt64(Int64($0) + shift) }
                        stbl.setChildren(
                            stbl.children.map { $0.type == "stco" || $0.type == "co64" ? SampleTables.chunkOffsetAtom(moved) : $0 })
                    }
                }
            }
        }
        guard FileManager.default.createFile(atPath: path, contents: nil) else { throw FileError(path: path, reason: "cannot create") }
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? out.close() }
        var head = try file.read(at: ftyp.offset, count: Int(ftyp.size))
        var w = ByteWriter()
        w.appendUInt32(1); w.appendFourCC("mdat"); w.appendUInt64(UInt64(16 + gap + mdat.payloadSize))
        head += w.bytes
        try out.write(contentsOf: head)
        try out.truncate(atOffset: UInt64(newPayloadStart))  // the gap stays a hole: no disk used
        try out.seek(toOffset: UInt64(newPayloadStart))
        try out.write(contentsOf: try file.read(at: mdat.payloadOffset, count: Int(mdat.payloadSize)))
        try out.write(contentsOf: moov.serialized())
    }

}

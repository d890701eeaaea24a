import MediaFormats
import TestSupport
import Testing

/// The fixed date fields of `mvhd`, `tkhd` and `mdhd`, found and patched in place (docs/formats/takeout.md#what-is-written-into-the-files).
@Suite("Movie date fields")
struct MovieDateFieldsTests {
    /// `ftyp`, then a `moov` with an `mvhd` (version `movieVersion`, creation time `created`) and one `trak` holding a
    /// version-0 `tkhd` and an `mdia` with a version-1 `mdhd`, then an empty `mdat`.
    func movie(movieVersion: UInt8, created: UInt64) throws -> RandomAccessFile {
        func fullBox(_ type: FourCC, version: UInt8, times: [UInt64], rest: Int) -> [UInt8] {
            var w = ByteWriter()
            w.appendFullBox(type, version: version, flags: 0) { w in
                for t in times { version == 1 ? w.appendUInt64(t) : w.appendUInt32(UInt32(t)) }
                w.append([UInt8](repeating: 0, count: rest))
            }
            return w.bytes
        }
        var w = ByteWriter()
        w.appendBox("ftyp", payload: Array("qt  ".utf8) + [0, 0, 0, 0] + Array("qt  ".utf8))
        let mvhd = fullBox("mvhd", version: movieVersion, times: [created, created], rest: 90)
        let tkhd = fullBox("tkhd", version: 0, times: [0, 0], rest: 72)
        let mdhd = fullBox("mdhd", version: 1, times: [0, 0], rest: 16)
        var mdia = ByteWriter()
        mdia.appendBox("mdia", payload: mdhd)
        var trak = ByteWriter()
        trak.appendBox("trak", payload: tkhd + mdia.bytes)
        w.appendBox("moov", payload: mvhd + trak.bytes)
        w.appendBox("mdat", payload: [])
        let workspace = try Workspace()
        return try RandomAccessFile(path: try workspace.write(w.bytes, to: "dates.mov"))
    }

    @Test("each box's times are found with their width; placeholders are patched, real times kept")
    func findsAndPatches() throws {
        let real = UInt64(1_692_043_914 + MovieDateFields.secondsFrom1904To1970)
        let fields = try MovieDateFields(file: movie(movieVersion: 0, created: real))
        #expect(fields.fields.map(\.box) == ["mvhd", "tkhd", "mdhd"])
        #expect(fields.fields.map(\.width) == [4, 4, 8])
        #expect(fields.creationSecondsSince1970 == 1_692_043_914)
        let patches = fields.patches(secondsSince1970: 1_700_000_000, replacingReal: false)
        // tkhd's and mdhd's two times each; mvhd's real ones stay.
        #expect(patches.count == 4)
        #expect(patches.allSatisfy { $0.offset > fields.fields[0].offset })
        #expect(patches.map(\.bytes.count) == [4, 4, 8, 8])
        #expect(fields.patches(secondsSince1970: 1_700_000_000, replacingReal: true).count == 6)
        // Nothing to write when every time already holds the value.
        #expect(fields.patches(secondsSince1970: 1_692_043_914, replacingReal: true).count == 4)
    }

    @Test("a 1904 creation time is no date; a time past 2040 is not written into 32-bit fields")
    func placeholdersAndRange() throws {
        let fields = try MovieDateFields(file: movie(movieVersion: 1, created: 0))
        #expect(fields.creationSecondsSince1970 == nil)
        let far = fields.patches(secondsSince1970: 2_300_000_000, replacingReal: false)
        // The 64-bit mvhd and mdhd take it; the 32-bit tkhd does not.
        #expect(far.map(\.bytes.count) == [8, 8, 8, 8])
    }
}

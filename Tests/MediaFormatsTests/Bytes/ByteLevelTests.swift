import MediaFormats
import Testing

@Suite("byte reader and box headers")
struct ByteLevelTests {
    @Test("reads past the end throw with the offset, never trap")
    func readerBounds() throws {
        var r = ByteReader([1, 2, 3], baseOffset: 100)
        #expect(try r.readInteger(UInt16.self) == 0x0102)
        #expect(throws: FormatError.self) { try r.readInteger(UInt32.self) }
        do {
            _ = try r.readInteger(UInt16.self)
            Issue.record("expected an error")
        } catch let e as FormatError {
            #expect(e.kind == .truncated)
            #expect(e.offset == 102)
        }
        #expect(try r.readInteger(UInt8.self) == 3)
        #expect(r.isAtEnd)
    }

    @Test("a reader of part of a buffer cannot seek before that part; codes print every byte as two hex digits")
    func seekAndCodes() throws {
        var r = ByteReader([1, 2, 3, 4, 5, 6], range: 2..<6, baseOffset: 100)
        #expect(throws: FormatError.self) { try r.seek(to: 1) }
        try r.seek(to: 4)
        #expect(try r.readInteger(UInt8.self, "byte") == 5)
        #expect(FourCC(rawValue: 0x6D_6F_6F_05).description == "moo\\x05")
    }

    @Test("file signatures: the compatible brands end with ftyp; a mif1 file with AV1 brands is AVIF, with HEVC ones HEIC")
    func signatures() {
        func ftyp(_ major: String, _ brands: [String], then next: String = "meta") -> [UInt8] {
            let body = Array(major.utf8) + [0, 0, 0, 0] + brands.flatMap { Array($0.utf8) }
            return [0, 0, 0, UInt8(8 + body.count)] + Array("ftyp".utf8) + body + [0, 0, 0, 8] + Array(next.utf8)
        }
        #expect(FileSignature.identify(ftyp("mif1", ["mif1", "avif"])) == .avif)
        #expect(FileSignature.identify(ftyp("mif1", ["mif1", "heic"])) == .heic)
        #expect(FileSignature.identify(ftyp("isom", ["isom", "mp41"])) == .mp4)
        // The next box's type is not a brand.
        #expect(FileSignature.identify(ftyp("isom", ["isom"], then: "heic")) == .mp4)
    }

    @Test("counts are checked against the remaining bytes before allocating")
    func countCheck() throws {
        let r = ByteReader([UInt8](repeating: 0, count: 40))
        try r.checkCount(5, elementSize: 8, "table")
        #expect(throws: FormatError.self) { try r.checkCount(6, elementSize: 8, "table") }
        #expect(throws: FormatError.self) { try r.checkCount(UInt64(UInt32.max), elementSize: 4, "table") }
    }

    @Test("box headers: 32-bit, 64-bit, to-end, and lies")
    func boxHeaders() throws {
        let small = try BoxHeader.parse([0, 0, 0, 16] + Array("free".utf8), at: 0, limit: 100)
        #expect(small.size == 16 && small.headerSize == 8 && small.type == "free")
        let large = try BoxHeader.parse([0, 0, 0, 1] + Array("mdat".utf8) + [0, 0, 0, 1, 0, 0, 0, 0], at: 0, limit: 1 << 40)
        #expect(large.size == 1 << 32 && large.headerSize == 16)
        let toEnd = try BoxHeader.parse([0, 0, 0, 0] + Array("mdat".utf8), at: 10, limit: 110)
        #expect(toEnd.size == 100)
        #expect(throws: FormatError.self) { try BoxHeader.parse([0, 0, 0, 200] + Array("moov".utf8), at: 0, limit: 100) }
        #expect(throws: FormatError.self) { try BoxHeader.parse([0, 0, 0, 4] + Array("moov".utf8), at: 0, limit: 100) }
        #expect(throws: FormatError.self) {
            try BoxHeader.parse([0, 0, 0, 1] + Array("mdat".utf8) + [0xFF, 0, 0, 0, 0, 0, 0, 0], at: 0, limit: 100)
        }
        #expect(throws: FormatError.self) { try BoxHeader.parse([0, 0, 0], at: 0, limit: 100) }
    }

    @Test("a deeply nested box tree is refused, not recursed into forever")
    func nesting() throws {
        var box: [UInt8] = []
        for _ in 0..<40 {
            let size = UInt32(box.count + 8)
            box = [UInt8(size >> 24), UInt8((size >> 16) & 0xFF), UInt8((size >> 8) & 0xFF), UInt8(size & 0xFF)] + Array("trak".utf8) + box
        }
        #expect(throws: FormatError.self) { try Atom.parse(box) }
    }

    @Test("chunk offsets switch to co64 only when 32 bits no longer reach")
    func chunkOffsetWidth() throws {
        let narrow = SampleTables.chunkOffsetAtom([8, UInt64(UInt32.max)])
        #expect(narrow.type == "stco")
        #expect(narrow.data.count == 8 + 2 * 4)
        let wide = SampleTables.chunkOffsetAtom([8, UInt64(UInt32.max) + 1])
        #expect(wide.type == "co64")
        #expect(wide.data.count == 8 + 2 * 8)
        let stbl = Atom(
            type: "stbl",
            children: [
                Atom(type: "stts", data: [0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1]),
                Atom(type: "stsc", data: [0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]),
                Atom(type: "stsz", data: [0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 2]),
                wide,
            ])
        let tables = try SampleTables(stbl: stbl)
        #expect(tables.chunkOffsets == [8, UInt64(UInt32.max) + 1])
        #expect(try tables.chunkSizes() == [4, 4])
        #expect(try tables.sampleLocation(1).offset == UInt64(UInt32.max) + 1)
    }

    @Test("a time table that describes more samples than the size table holds times only the samples that exist")
    func timeTablePastSampleCount() throws {
        // 655,487 samples of time (a 2 KB fuzzed movie made a 94 MB Live Photo of them), 10 of size, then the other
        // way round.
        func tables(timed: UInt32, sized: UInt32) throws -> SampleTables {
            func be(_ v: UInt32) -> [UInt8] { withUnsafeBytes(of: v.bigEndian) { Array($0) } }
            return try SampleTables(
                stbl: Atom(
                    type: "stbl",
                    children: [
                        Atom(type: "stts", data: [0, 0, 0, 0] + be(1) + be(timed) + be(512)),
                        Atom(type: "stsc", data: [0, 0, 0, 0] + be(1) + be(1) + be(sized) + be(1)),
                        Atom(type: "stsz", data: [0, 0, 0, 0] + be(16) + be(sized)),
                        SampleTables.chunkOffsetAtom([8]),
                    ]))
        }
        let long = try tables(timed: 655_487, sized: 10)
        #expect(long.timedSampleCount == 10)
        #expect(try long.decodeTimes(limit: 100) == (0..<10).map { Int64($0 * 512) })
        #expect(try long.presentationTimes(limit: 100).count == 10)
        // A constant sample size lets the size table claim any count: the chunks say how many are stored (one
        // chunk of 10 here, against 1.6 billion claimed, from another fuzzed movie).
        let constant = try SampleTables(
            stbl: Atom(
                type: "stbl",
                children: [
                    Atom(type: "stts", data: [0, 0, 0, 0, 0, 0, 0, 1, 0x00, 0x0A, 0x00, 0x7F, 0, 0, 2, 0]),
                    Atom(type: "stsc", data: [0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 10, 0, 0, 0, 1]),
                    Atom(type: "stsz", data: [0, 0, 0, 0, 0, 0, 0, 82, 0x61, 0x6E, 0x67, 0x65]),
                    SampleTables.chunkOffsetAtom([8]),
                ]))
        #expect(constant.sampleCount == 1_634_625_381 && constant.sampleCountInChunks == 10 && constant.timedSampleCount == 10)
        let short = try tables(timed: 3, sized: 10)
        #expect(short.timedSampleCount == 3)
        #expect(try short.decodeTimes(limit: 100) == [0, 512, 1024])
    }

    @Test("edit lists move to version 1 when a value needs 64 bits")
    func editListVersions() throws {
        let list = EditList(entries: [.init(segmentDuration: 540, mediaTime: -1), .init(segmentDuration: 1, mediaTime: 0)])
        #expect(list.atom.data.count == 8 + 2 * 12)
        #expect(try EditList(list.atom) == list)
        let long = EditList(entries: [.init(segmentDuration: UInt64(UInt32.max) + 5, mediaTime: 0)])
        #expect(long.atom.data[0] == 1)
        #expect(try EditList(long.atom) == long)
    }
}

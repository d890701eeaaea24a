/// A member's local file header (PKWARE APPNOTE 4.3.7), which precedes its data: its name and, unless the member was
/// written as a stream (general purpose flag bit 3), its sizes and CRC-32. A zip whose central directory is gone is
/// read by these headers alone (docs/formats/archives.md#a-zip-without-its-directory).
public struct ZipLocalHeader: Sendable, Equatable {
    /// Its path, '/'-separated (UTF-8 when flagged or valid, else code page 437).
    public var name: String
    /// Whether the name's bytes were valid UTF-8.
    public var nameIsUTF8: Bool
    /// How its data is stored (the header's compression method).
    public var compression: ZipMember.Compression
    /// Whether its data is encrypted (general purpose flag bit 0).
    public var isEncrypted: Bool
    /// Whether the sizes and CRC follow the data (flag bit 3) rather than the header.
    public var hasDescriptor: Bool
    /// The CRC-32 of its uncompressed bytes, as the header gives it (usually 0 with ``hasDescriptor``).
    public var crc32: UInt32
    /// The size of its data in the archive, from the header or its Zip64 block (usually 0 with ``hasDescriptor``).
    public var compressedSize: UInt64
    /// The size of its data once extracted, from the header or its Zip64 block (usually 0 with ``hasDescriptor``).
    public var uncompressedSize: UInt64
    /// Whether the header carried Zip64 sizes (and so does its data descriptor).
    public var isZip64: Bool
    /// The header's length, its name and extra field included: where its data starts, from the header's start.
    public var length: Int

    /// A folder entry: its name ends with `/`.
    public var isDirectory: Bool { name.hasSuffix("/") }

    /// Whether the header gives the member's sizes: it was not written as a stream, or its writer knew them anyway.
    public var sizesKnown: Bool { !hasDescriptor || compressedSize > 0 }

    /// The fixed part of a header: the 26 bytes after its signature, which say how long its name and extra field are.
    struct Fixed {
        var flags: UInt16
        var method: UInt16
        var crc32: UInt32
        var compressedSize: UInt64
        var uncompressedSize: UInt64
        var nameLength: Int
        var extraLength: Int

        /// Reads the 26 bytes after the signature of a header that starts at `start` (for errors).
        init(_ bytes: [UInt8], at start: Int64) throws(FormatError) {
            var header = ByteReader(bytes, baseOffset: start + 4)
            try header.skip(2, "version needed")
            flags = try header.readInteger(UInt16.self, .littleEndian, "flags")
            method = try header.readInteger(UInt16.self, .littleEndian, "compression method")
            try header.skip(4, "modification time and date")
            crc32 = try header.readInteger(UInt32.self, .littleEndian, "CRC-32")
            compressedSize = UInt64(try header.readInteger(UInt32.self, .littleEndian, "compressed size"))
            uncompressedSize = UInt64(try header.readInteger(UInt32.self, .littleEndian, "uncompressed size"))
            nameLength = Int(try header.readInteger(UInt16.self, .littleEndian, "file name length"))
            extraLength = Int(try header.readInteger(UInt16.self, .littleEndian, "extra field length"))
        }

        /// The whole header, with its name's and extra field's bytes.
        func header(name nameBytes: [UInt8], extra extraBytes: [UInt8]) throws(FormatError) -> ZipLocalHeader {
            var compressed = compressedSize, uncompressed = uncompressedSize
            var extra = ByteReader(extraBytes)
            var zip64 = false
            while extra.remaining >= 4 {
                let id = try extra.readInteger(UInt16.self, .littleEndian, "extra block ID")
                let size = Int(try extra.readInteger(UInt16.self, .littleEndian, "extra block size"))
                guard size <= extra.remaining else { break }
                var block = ByteReader(try extra.readBytes(size, "extra block"))
                if id == ZipDirectory.zip64ExtraID {
                    zip64 = true
                    // In a local header the Zip64 block holds both sizes, uncompressed first (APPNOTE 4.5.3).
                    if block.remaining >= 16 {
                        uncompressed = try block.readInteger(UInt64.self, .littleEndian, "Zip64 uncompressed size")
                        compressed = try block.readInteger(UInt64.self, .littleEndian, "Zip64 compressed size")
                    }
                }
            }
            let name = ZipDirectory.decodeName(nameBytes, flaggedUTF8: flags & 0x0800 != 0)
            let compression = ZipMember.Compression(method: method)
            return ZipLocalHeader(
                name: name, nameIsUTF8: Array(name.utf8) == nameBytes, compression: compression, isEncrypted: flags & 1 != 0,
                hasDescriptor: flags & 8 != 0, crc32: crc32, compressedSize: compressed, uncompressedSize: uncompressed,
                isZip64: zip64, length: ZipDirectory.localHeaderSize + nameLength + extraLength)
        }
    }

    /// What a four-byte signature starts: a member's header, the end of the members (the central directory, its end
    /// record or Zip64's), or neither.
    static func starts(_ word: UInt32) -> Bool? {
        if word == ZipDirectory.localHeaderSignature { return true }
        if [ZipDirectory.centralHeaderSignature, ZipDirectory.endRecordSignature, ZipDirectory.zip64EndRecordSignature].contains(word) {
            return false
        }
        return nil
    }
}

extension ZipDirectory {
    /// What a walk from the front found (``membersFromTheFront(of:from:count:)``).
    public struct FrontWalk {
        /// The members found, in order, each as its local header (and its data descriptor) gives it.
        public var members: [ZipMember] = []
        /// Where the next header starts, when the walk stopped at `count` members; nil when the members are over.
        public var next: Int64?
        /// Why the walk stopped before the members were over: a header damaged or cut short, or a member whose end
        /// only inflating it would find.
        public var stop: FormatError?
    }

    /// Up to `count` members of the archive in `file`, from the local header at `offset` on, by their local headers
    /// alone (docs/formats/archives.md#a-zip-without-its-directory): for a zip whose central directory cannot be read.
    /// Nothing is inflated, so a member written as a stream without its sizes in its header stops the walk; a member
    /// whose data runs past the file's end is the last one.
    public static func membersFromTheFront(of file: RandomAccessFile, from offset: Int64, count: Int) -> FrontWalk {
        var walk = FrontWalk()
        var position = offset
        do throws(FormatError) {
            while walk.members.count < count {
                guard file.size - position >= 4 else { return walk }
                let signature = try file.read(at: position, count: 4)
                let word = UInt32(signature[0]) | UInt32(signature[1]) << 8 | UInt32(signature[2]) << 16 | UInt32(signature[3]) << 24
                switch ZipLocalHeader.starts(word) {
                case true?: break
                case false?: return walk
                case nil: throw FormatError(.malformed, "no local file header where one should start", at: position)
                }
                func exactly(_ at: Int64, _ length: Int, _ what: String) throws(FormatError) -> [UInt8] {
                    guard length <= file.size - at else {
                        throw FormatError(.truncated, "the archive ends inside a \(what)", at: file.size)
                    }
                    return try file.read(at: at, count: length)
                }
                let fixed = try ZipLocalHeader.Fixed(try exactly(position + 4, localHeaderSize - 4, "local header"), at: position)
                let name = try exactly(position + Int64(localHeaderSize), fixed.nameLength, "file name")
                let extra = try exactly(position + Int64(localHeaderSize + fixed.nameLength), fixed.extraLength, "extra field")
                let header = try fixed.header(name: name, extra: extra)
                guard header.sizesKnown else {
                    let how = header.compression == .stored ? "stored" : "deflated"
                    throw FormatError(
                        .unsupported,
                        "'\(header.name)' is \(how) with its size after its data: its end cannot be found without the directory or inflating it"
                    )
                }
                let dataStart = position + Int64(header.length)
                var member = ZipMember(
                    name: header.name, nameIsUTF8: header.nameIsUTF8, kind: header.name.hasSuffix("/") ? .directory : .file,
                    compression: header.compression, isEncrypted: header.isEncrypted, crc32: header.crc32,
                    compressedSize: header.compressedSize, uncompressedSize: header.uncompressedSize,
                    localHeaderOffset: UInt64(position))
                guard header.compressedSize <= UInt64(file.size - dataStart) else {
                    // Cut short: the member is listed (reading it says so), and nothing follows it.
                    walk.members.append(member)
                    return walk
                }
                position = dataStart + Int64(header.compressedSize)
                if header.hasDescriptor {
                    // The optional signature, then the CRC and the two sizes (eight bytes each for Zip64).
                    if try exactly(position, 4, "data descriptor") == [0x50, 0x4B, 0x07, 0x08] { position += 4 }
                    var descriptor = ByteReader(
                        try exactly(position, header.isZip64 ? 20 : 12, "data descriptor"), baseOffset: position)
                    let crc = try descriptor.readInteger(UInt32.self, .littleEndian, "CRC-32")
                    let size: UInt64
                    if header.isZip64 {
                        _ = try descriptor.readInteger(UInt64.self, .littleEndian, "compressed size")
                        size = try descriptor.readInteger(UInt64.self, .littleEndian, "uncompressed size")
                    } else {
                        _ = try descriptor.readInteger(UInt32.self, .littleEndian, "compressed size")
                        size = UInt64(try descriptor.readInteger(UInt32.self, .littleEndian, "uncompressed size"))
                    }
                    member = ZipMember(
                        name: member.name, nameIsUTF8: member.nameIsUTF8, kind: member.kind, compression: member.compression,
                        isEncrypted: member.isEncrypted, crc32: crc, compressedSize: member.compressedSize, uncompressedSize: size,
                        localHeaderOffset: member.localHeaderOffset)
                    position += Int64(header.isZip64 ? 20 : 12)
                }
                walk.members.append(member)
            }
            walk.next = position
        } catch {
            walk.stop = error
        }
        return walk
    }
}

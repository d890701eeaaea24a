/// A binary property list (`bplist00`), read defensively: Apple writes one as a timed-metadata key's `cfgv` (docs/formats/wallpaper.md#gates).
///
/// Layout: the 8-byte header, the objects, a table of each object's offset, and a 32-byte trailer that gives the
/// table's place, its integers' width, the width of an object reference, the object count and the top object.
/// Every offset and count is checked against the data before it is used; nesting is bounded; an object of a type
/// this reader does not model is ``PropertyListValue/other``.
public struct BinaryPropertyList: Sendable, Equatable {
    /// The top object.
    public let top: PropertyListValue

    static let header = Array("bplist00".utf8)
    /// How deep arrays and dictionaries may nest, and how many objects one list may hold.
    static let maxDepth = 16
    static let maxObjects = 100_000

    /// Reads `bytes`.
    /// - Throws: ``FormatError``: not a binary property list, or a trailer, offset or object that does not fit.
    public init(bytes: [UInt8]) throws(FormatError) {
        guard bytes.count >= Self.header.count + 32, Array(bytes.prefix(8)) == Self.header else {
            throw FormatError(.notRecognized, "not a binary property list (no bplist00 header)")
        }
        var trailer = ByteReader(bytes, range: (bytes.count - 32)..<bytes.count)
        try trailer.skip(6, "the property list's trailer")
        let offsetWidth = Int(try trailer.readInteger(UInt8.self, "the offset width"))
        let referenceWidth = Int(try trailer.readInteger(UInt8.self, "the reference width"))
        let count = try trailer.readInteger(UInt64.self, "the object count")
        let topIndex = try trailer.readInteger(UInt64.self, "the top object")
        let tableOffset = try trailer.readInteger(UInt64.self, "the offset table's offset")
        guard (1...8).contains(offsetWidth), (1...8).contains(referenceWidth) else {
            throw FormatError(.malformed, "the property list's offsets are \(offsetWidth) and references \(referenceWidth) bytes wide")
        }
        guard count > 0, count <= UInt64(Self.maxObjects), topIndex < count,
            tableOffset >= 8, tableOffset <= UInt64(bytes.count - 32),
            count * UInt64(offsetWidth) <= UInt64(bytes.count - 32) - tableOffset
        else { throw FormatError(.malformed, "the property list's trailer does not fit its \(bytes.count) bytes") }
        var table = ByteReader(bytes, range: Int(tableOffset)..<(bytes.count - 32))
        var offsets: [Int] = []
        for _ in 0..<count {
            let offset = try table.readUInt(width: offsetWidth, "an object offset")
            guard offset >= 8, offset < tableOffset else {
                throw FormatError(.malformed, "an object offset \(offset) lies outside the objects")
            }
            offsets.append(Int(offset))
        }
        let reader = ObjectReader(bytes: bytes, objectsEnd: Int(tableOffset), offsets: offsets, referenceWidth: referenceWidth)
        top = try reader.value(Int(topIndex), depth: 0)
    }

    /// Reads objects by their index in the offset table, each once: a list whose containers refer to one object many
    /// times (or to one another, nested) is read in time linear in its objects, never followed reference by reference.
    final class ObjectReader {
        let bytes: [UInt8]
        let objectsEnd: Int
        let offsets: [Int]
        let referenceWidth: Int
        private var read: [Int: PropertyListValue] = [:]
        /// Container entries visited: bounded, whatever the references say.
        private var visits = 0

        init(bytes: [UInt8], objectsEnd: Int, offsets: [Int], referenceWidth: Int) {
            self.bytes = bytes
            self.objectsEnd = objectsEnd
            self.offsets = offsets
            self.referenceWidth = referenceWidth
        }

        func value(_ index: Int, depth: Int) throws(FormatError) -> PropertyListValue {
            if let known = read[index] { return known }
            let value = try parse(index, depth: depth)
            read[index] = value
            return value
        }

        private func visit() throws(FormatError) {
            visits += 1
            guard visits <= BinaryPropertyList.maxObjects else {
                throw FormatError(.malformed, "the property list's containers refer to more than \(BinaryPropertyList.maxObjects) objects")
            }
        }

        private func parse(_ index: Int, depth: Int) throws(FormatError) -> PropertyListValue {
            guard depth <= BinaryPropertyList.maxDepth else {
                throw FormatError(.malformed, "the property list nests deeper than \(BinaryPropertyList.maxDepth)")
            }
            guard index >= 0, index < offsets.count else { throw FormatError(.malformed, "an object reference \(index) is out of range") }
            var r = ByteReader(bytes, range: offsets[index]..<objectsEnd)
            let marker = try r.readInteger(UInt8.self, "an object marker")
            let kind = marker >> 4, low = marker & 0x0F
            switch kind {
            case 0x0:
                return low == 0x8 ? .bool(false) : low == 0x9 ? .bool(true) : .other
            case 0x1:
                guard low <= 3 else { return .other }
                let width = 1 << Int(low)
                let raw = try r.readUInt(width: width, "an integer")
                // 1, 2 and 4 bytes are unsigned; 8 bytes are signed.
                return .integer(width == 8 ? Int64(bitPattern: raw) : Int64(raw))
            case 0x2:
                switch low {
                case 2: return .real(Double(Float(bitPattern: UInt32(try r.readUInt(width: 4, "a real")))))
                case 3: return .real(Double(bitPattern: try r.readUInt(width: 8, "a real")))
                default: return .other
                }
            case 0x4:
                return .data(try r.readBytes(try length(low, &r), "data"))
            case 0x5:
                return .string(String(decoding: try r.readBytes(try length(low, &r), "a string"), as: UTF8.self))
            case 0x6:
                let units = try length(low, &r)
                try r.checkCount(UInt64(units), elementSize: 2, "a UTF-16 string")
                var utf16: [UInt16] = []
                for _ in 0..<units { utf16.append(try r.readInteger(UInt16.self, "a UTF-16 string")) }
                return .string(String(decoding: utf16, as: UTF16.self))
            case 0xA:
                let n = try length(low, &r)
                try r.checkCount(UInt64(n), elementSize: referenceWidth, "an array")
                var items: [PropertyListValue] = []
                for _ in 0..<n {
                    try visit()
                    items.append(try value(Int(clamping: try r.readUInt(width: referenceWidth, "a reference")), depth: depth + 1))
                }
                return .array(items)
            case 0xD:
                let n = try length(low, &r)
                try r.checkCount(UInt64(n) * 2, elementSize: referenceWidth, "a dictionary")
                var keys: [Int] = []
                for _ in 0..<n { keys.append(Int(clamping: try r.readUInt(width: referenceWidth, "a key reference"))) }
                var entries: [(key: String, value: PropertyListValue)] = []
                for key in keys {
                    try visit()
                    let valueIndex = Int(clamping: try r.readUInt(width: referenceWidth, "a value reference"))
                    guard case .string(let name) = try value(key, depth: depth + 1) else { return .other }
                    entries.append((name, try value(valueIndex, depth: depth + 1)))
                }
                return .dictionary(entries)
            default:
                return .other
            }
        }

        /// An object's count: the marker's low nibble, or (15) the integer object that follows it.
        func length(_ low: UInt8, _ r: inout ByteReader) throws(FormatError) -> Int {
            guard low == 0x0F else { return Int(low) }
            let marker = try r.readInteger(UInt8.self, "a count")
            guard marker >> 4 == 0x1, marker & 0x0F <= 3 else { throw FormatError(.malformed, "a count is not an integer") }
            let raw = try r.readUInt(width: 1 << Int(marker & 0x0F), "a count")
            guard raw <= UInt64(Int32.max) else { throw FormatError(.malformed, "a count of \(raw)") }
            return Int(raw)
        }
    }
}

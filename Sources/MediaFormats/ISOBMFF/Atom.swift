/// A box held in memory as a tree: containers have children, every other box keeps its payload bytes.
///
/// Boxes nobody models are written back unchanged, so parse-then-serialise is byte-identical for every
/// box whose size fits the header it had (see ``serialized()``).
public struct Atom: Sendable, Equatable {
    /// What a box holds: its payload bytes, or child boxes.
    public enum Content: Sendable, Equatable {
        /// A leaf: the payload after the header, verbatim.
        case data([UInt8])
        /// A container: `prefix` holds bytes before the first child (a full box's version and flags,
        /// `stsd`'s entry count), then the children.
        case children(prefix: [UInt8], [Atom])
    }

    /// The box's four-character type.
    public var type: FourCC
    /// The payload bytes or the children.
    public var content: Content

    /// A leaf box with `data` as its payload.
    public init(type: FourCC, data: [UInt8]) {
        self.type = type
        content = .data(data)
    }

    /// A container holding `children` after `prefix` (a full box's version and flags, an entry count).
    public init(type: FourCC, prefix: [UInt8] = [], children: [Atom]) {
        self.type = type
        content = .children(prefix: prefix, children)
    }

    /// Boxes that hold only boxes, in the movie header and its tracks.
    public static let plainContainers: Set<FourCC> = [
        "moov", "trak", "mdia", "minf", "stbl", "edts", "dinf", "tref", "gmhd", "udta", "mvex",
    ]

    // MARK: - Parsing

    static let nestingMessage = "boxes nested more than 32 deep"

    /// Parses a whole box (header included) from `bytes`.
    /// - Parameters:
    ///   - bytes: the box, header included.
    ///   - baseOffset: the absolute offset of `bytes[0]`, for error messages.
    public static func parse(_ bytes: [UInt8], baseOffset: Int64 = 0) throws(FormatError) -> Atom {
        let header = try BoxHeader.parse(bytes, at: baseOffset, limit: baseOffset + Int64(bytes.count))
        guard header.size == Int64(bytes.count) else {
            throw FormatError(.malformed, "box '\(header.type)' size \(header.size) but \(bytes.count) bytes given", at: baseOffset)
        }
        return try parseBody(type: header.type, bytes, range: header.headerSize..<bytes.count, baseOffset: baseOffset, depth: 0)
    }

    /// Parses consecutive boxes filling `range` of `bytes`.
    public static func parseSequence(_ bytes: [UInt8], range: Range<Int>, baseOffset: Int64, depth: Int) throws(FormatError) -> [Atom] {
        guard depth < 32 else { throw FormatError(.malformed, nestingMessage, at: baseOffset + Int64(range.lowerBound)) }
        var atoms: [Atom] = []
        var i = range.lowerBound
        while i < range.upperBound {
            let remaining = range.upperBound - i
            // QuickTime allows a 32-bit zero terminator at the end of some containers (udta).
            if remaining < 8 {
                if bytes[i..<range.upperBound].allSatisfy({ $0 == 0 }) { break }
                throw FormatError(.truncated, "\(remaining) stray bytes inside a box", at: baseOffset + Int64(i))
            }
            let head = Array(bytes[i..<min(i + 16, range.upperBound)])
            let header = try BoxHeader.parse(head, at: baseOffset + Int64(i), limit: baseOffset + Int64(range.upperBound))
            let end = i + Int(header.size)
            atoms.append(
                try parseBody(type: header.type, bytes, range: (i + header.headerSize)..<end, baseOffset: baseOffset, depth: depth + 1))
            i = end
        }
        return atoms
    }

    static func parseBody(type: FourCC, _ bytes: [UInt8], range: Range<Int>, baseOffset: Int64, depth: Int) throws(FormatError) -> Atom {
        if plainContainers.contains(type) {
            do throws(FormatError) {
                return Atom(type: type, children: try parseSequence(bytes, range: range, baseOffset: baseOffset, depth: depth))
            } catch {
                // Some udta children are not boxes: keep such a udta verbatim. Other containers must hold boxes.
                guard type == "udta", error.message != nestingMessage else { throw error }
                return Atom(type: type, data: Array(bytes[range]))
            }
        }
        if type == "meta" {
            // QuickTime's meta has no version/flags; ISO's does. Peek for the handler box (docs/formats/live-photo.md#quicktime-meta-has-no-version).
            let prefixLength = isQuickTimeStyleMeta(bytes, range: range) ? 0 : 4
            if range.count >= prefixLength,
                let children = try? parseSequence(
                    bytes, range: (range.lowerBound + prefixLength)..<range.upperBound, baseOffset: baseOffset, depth: depth)
            {
                return Atom(type: type, prefix: Array(bytes[range.lowerBound..<range.lowerBound + prefixLength]), children: children)
            }
        }
        return Atom(type: type, data: Array(bytes[range]))
    }

    static func isQuickTimeStyleMeta(_ bytes: [UInt8], range: Range<Int>) -> Bool {
        guard range.count >= 8 else { return false }
        let typeAt4 = bytes.loadUInt32(at: range.lowerBound + 4, .bigEndian)
        return typeAt4 == FourCC("hdlr").rawValue
    }

    // MARK: - Access

    /// The children, or empty for a leaf.
    public var children: [Atom] {
        if case .children(_, let c) = content { return c }
        return []
    }

    /// The payload bytes of a leaf, or empty for a container.
    public var data: [UInt8] {
        if case .data(let d) = content { return d }
        return []
    }

    /// The first child of `type`, or nil.
    public func child(_ type: FourCC) -> Atom? { children.first { $0.type == type } }
    /// Every child of `type`, in order.
    public func children(_ type: FourCC) -> [Atom] { children.filter { $0.type == type } }

    /// Follows a path of child types, taking the first match at each level.
    public func find(_ path: [FourCC]) -> Atom? {
        var node = self
        for type in path {
            guard let next = node.child(type) else { return nil }
            node = next
        }
        return node
    }

    /// Replaces the children (keeping the prefix); a leaf becomes a container.
    public mutating func setChildren(_ newChildren: [Atom]) {
        if case .children(let prefix, _) = content {
            content = .children(prefix: prefix, newChildren)
        } else {
            content = .children(prefix: [], newChildren)
        }
    }

    /// Applies `transform` to every child of `type` in place.
    public mutating func modifyChildren<E: Error>(_ type: FourCC, _ transform: (inout Atom) throws(E) -> Void) throws(E) {
        var c = children
        for i in c.indices where c[i].type == type { try transform(&c[i]) }
        setChildren(c)
    }

    // MARK: - Writing

    /// The payload size (without header).
    public var payloadSize: Int {
        switch content {
        case .data(let d): return d.count
        case .children(let prefix, let c): return prefix.count + c.reduce(0) { $0 + $1.size }
        }
    }

    /// The size of the serialised box, header included.
    public var size: Int {
        let p = payloadSize
        return p + (UInt64(p) + 8 > UInt64(UInt32.max) ? 16 : 8)
    }

    /// The whole box, header included, as bytes.
    public func serialized() -> [UInt8] {
        var w = ByteWriter()
        write(to: &w)
        return w.bytes
    }

    /// Appends the whole box, header included, to `w`; the header is 64-bit when the box passes 4 GiB.
    public func write(to w: inout ByteWriter) {
        w.append(BoxHeader.encoded(type, payloadSize: UInt64(payloadSize)))
        switch content {
        case .data(let d): w.append(d)
        case .children(let prefix, let c):
            w.append(prefix)
            for child in c { child.write(to: &w) }
        }
    }
}

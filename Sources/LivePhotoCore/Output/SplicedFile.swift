import MediaFormats

/// An output planned as it will be written: runs copied from the inputs as they are, and bytes made here, in order.
///
/// Every lossless operation ends in these: natively a staged file copies the runs with `copy_file_range`; in a
/// browser the pieces become a `Blob` of the new bytes and `slice()`s of the input files, and nothing is copied.
package struct SplicedFile {
    package enum Piece {
        case copy(RandomAccessFile, offset: Int64, length: Int64)
        case bytes([UInt8])
    }

    package var pieces: [Piece] = []

    package init(pieces: [Piece] = []) { self.pieces = pieces }

    /// A movie's layout (``MovieLayout``), whose runs are all of `source`.
    package init(_ layout: MovieLayout, from source: RandomAccessFile) {
        pieces = layout.pieces.map { piece in
            switch piece {
            case .bytes(let bytes): .bytes(bytes)
            case .copy(let offset, let length): .copy(source, offset: offset, length: length)
            }
        }
    }

    /// The bytes copied from inputs (what progress counts).
    package var copiedBytes: Int64 {
        pieces.reduce(0) { total, piece in
            if case .copy(_, _, let length) = piece { return total + length }
            return total
        }
    }

    package var size: Int64 {
        pieces.reduce(0) { total, piece in
            switch piece {
            case .copy(_, _, let length): return total + length
            case .bytes(let b): return total + Int64(b.count)
            }
        }
    }

    package mutating func append(_ bytes: [UInt8]) {
        if !bytes.isEmpty { pieces.append(.bytes(bytes)) }
    }

    package mutating func append(_ other: SplicedFile) { pieces += other.pieces }

    /// `source[range]` with `replacements` (sorted, non-overlapping, inside the range) written over it.
    package static func copying(_ source: RandomAccessFile, range: Range<Int64>, replacing replacements: [(offset: Int64, bytes: [UInt8])])
        -> SplicedFile
    {
        var out = SplicedFile()
        var position = range.lowerBound
        for r in replacements.sorted(by: { $0.offset < $1.offset })
        where r.offset >= position && r.offset + Int64(r.bytes.count) <= range.upperBound {
            out.pieces.append(.copy(source, offset: position, length: r.offset - position))
            out.pieces.append(.bytes(r.bytes))
            position = r.offset + Int64(r.bytes.count)
        }
        out.pieces.append(.copy(source, offset: position, length: range.upperBound - position))
        return out
    }

    /// The same output with every run of a joined file (``asFile(named:)``) replaced by the runs of the files it joins:
    /// what is copied then comes from the inputs themselves.
    package func flattened() -> SplicedFile {
        var out = SplicedFile()
        for piece in pieces {
            switch piece {
            case .bytes(let bytes): out.append(bytes)
            case .copy(let file, let offset, let length):
                for run in file.runs(at: offset, length: length) {
                    switch run {
                    case .bytes(let bytes): out.append(bytes)
                    case .file(let source, let from, let count): out.pieces.append(.copy(source, offset: from, length: count))
                    }
                }
            }
        }
        return out
    }

    /// The output read as a file, named `name` in errors, without writing it: the input of a next step.
    package func asFile(named name: String) -> RandomAccessFile {
        RandomAccessFile(
            joining: pieces.map { piece in
                switch piece {
                case .bytes(let bytes): .bytes(bytes)
                case .copy(let file, let offset, let length): .file(file, offset: offset, length: length)
                }
            }, name: name)
    }

    /// The bytes of `range` of the output, read from the inputs (a header made of pieces, to parse it again).
    /// - Throws: ``FormatError`` when an input cannot be read.
    package func read(_ range: Range<Int64>) throws(FormatError) -> [UInt8] {
        var out: [UInt8] = []
        var position: Int64 = 0
        for piece in pieces {
            let length: Int64
            switch piece {
            case .copy(_, _, let n): length = n
            case .bytes(let b): length = Int64(b.count)
            }
            let start = max(position, range.lowerBound), end = min(position + length, range.upperBound)
            if start < end {
                switch piece {
                case .copy(let file, let offset, _): out += try file.read(at: offset + start - position, length: end - start)
                case .bytes(let b): out += b[Int(start - position)..<Int(end - position)]
                }
            }
            position += length
            if position >= range.upperBound { break }
        }
        return out
    }
}

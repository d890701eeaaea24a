import MediaFormats

/// An output made of runs copied from source files and bytes made here, streamed in order.
struct SplicedFile {
    enum Piece {
        case copy(RandomAccessFile, offset: Int64, length: Int64)
        case bytes([UInt8])
    }

    var pieces: [Piece] = []

    var copiedBytes: Int64 {
        pieces.reduce(0) { total, piece in
            if case .copy(_, _, let length) = piece { return total + length }
            return total
        }
    }

    var size: Int64 {
        pieces.reduce(0) { total, piece in
            switch piece {
            case .copy(_, _, let length): return total + length
            case .bytes(let b): return total + Int64(b.count)
            }
        }
    }

    /// `source[range]` with `replacements` (sorted, non-overlapping, inside the range) written over it.
    static func copying(_ source: RandomAccessFile, range: Range<Int64>, replacing replacements: [(offset: Int64, bytes: [UInt8])])
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

    func write(to out: StagedFile, progress: (Int64) -> Void) throws(LivePhotoError) {
        for piece in pieces {
            switch piece {
            case .copy(let file, let offset, let length):
                if length > 0 { try out.copy(from: file, offset: offset, length: length, progress: progress) }
            case .bytes(let b): try out.write(b)
            }
        }
    }
}

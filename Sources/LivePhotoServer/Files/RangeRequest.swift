/// What a `Range` header asks of a file (RFC 9110 §14.2): one range is sent as asked; a header that is malformed
/// or asks for several ranges is ignored (the whole file is sent, as the RFC allows); a range that starts at or past
/// the end, a suffix of 0 bytes, or any range of an empty file cannot be satisfied.
enum RangeRequest: Equatable {
    case whole
    /// The first and last byte to send.
    case part(ClosedRange<Int64>)
    case unsatisfiable

    init(_ header: String?, size: Int64) {
        guard let header, let (first, last) = Self.single(header) else {
            self = .whole
            return
        }
        switch (first, last) {
        case (nil, let n?): self = n > 0 && size > 0 ? .part(max(0, size - n)...(size - 1)) : .unsatisfiable
        case (let start?, let end):
            if let end, end < start {
                self = .whole
            } else if start >= size {
                self = .unsatisfiable
            } else {
                self = .part(start...min(size - 1, end ?? size - 1))
            }
        case (nil, nil): self = .whole
        }
    }

    /// `bytes=a-b` as (a, b), `bytes=a-` as (a, nil), `bytes=-n` as (nil, n); nil for anything else.
    static func single(_ header: String) -> (Int64?, Int64?)? {
        guard header.hasPrefix("bytes="), !header.contains(",") else { return nil }
        let spec = header.dropFirst(6).split(separator: "-", omittingEmptySubsequences: false)
        guard spec.count == 2, !(spec[0].isEmpty && spec[1].isEmpty) else { return nil }
        let first = spec[0].isEmpty ? nil : Int64(spec[0]), last = spec[1].isEmpty ? nil : Int64(spec[1])
        guard spec[0].isEmpty || (first ?? -1) >= 0, spec[1].isEmpty || (last ?? -1) >= 0 else { return nil }
        return (first, last)
    }
}

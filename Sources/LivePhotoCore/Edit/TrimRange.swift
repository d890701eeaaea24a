import MediaFormats

/// `edit --trim START..END`: the range of the movie kept, either side optional.
package enum TrimRange {
    /// The start and end `text` gives, in seconds.
    /// - Returns: the pair, or the reason it is not a range (the command line's words).
    package static func parse(_ text: String) -> Result<(start: Double?, end: Double?), TrimRangeError> {
        let utf8 = Array(text.utf8)
        guard let dots = utf8.firstOccurrence(of: "..".utf8), utf8[dots.upperBound...].firstOccurrence(of: "..".utf8) == nil else {
            return .failure(TrimRangeError("--trim takes START..END in seconds, like 0.5..2.5, ..2 or 1.."))
        }
        func time(_ part: ArraySlice<UInt8>) -> Result<Double?, TrimRangeError> {
            let s = String(decoding: part, as: UTF8.self).trimmingASCIIWhitespace()
            guard !s.isEmpty else { return .success(nil) }
            guard let t = Double(s), t.isFinite, t >= 0 else {
                return .failure(TrimRangeError("--trim: '\(s)' is not a time in seconds, 0 or more"))
            }
            return .success(t)
        }
        let start: Double?, end: Double?
        switch time(utf8[..<dots.lowerBound]) {
        case .success(let t): start = t
        case .failure(let e): return .failure(e)
        }
        switch time(utf8[dots.upperBound...]) {
        case .success(let t): end = t
        case .failure(let e): return .failure(e)
        }
        guard start != nil || end != nil else { return .failure(TrimRangeError("--trim needs a start, an end or both")) }
        if let start, let end, end <= start {
            return .failure(TrimRangeError("--trim \(text) is an empty range: its end is not after its start"))
        }
        return .success((start, end))
    }
}

/// Why a `--trim` value is not a range, in the command line's words.
package struct TrimRangeError: Error {
    package let message: String
    init(_ message: String) { self.message = message }
}

#if hasFeature(Embedded)
    @_extern(c, "memchr")
    func memchr(_ bytes: UnsafeRawPointer, _ value: Int32, _ count: Int) -> UnsafeMutableRawPointer?
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension UnsafeBufferPointer where Element == UInt8 {
    /// The index of the first `value` at or after `start`: the C library's `memchr`, which scans a word at a time (a
    /// JPEG's image data is searched for its next marker this way).
    func firstIndex(of value: UInt8, from start: Int) -> Int? {
        guard let base = baseAddress, start >= 0, start < count else { return nil }
        guard let hit = memchr(base + start, Int32(value), count - start) else { return nil }
        return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
    }
}

extension Collection where Element == UInt8 {
    /// Where `pattern` first occurs, or nil: a plain search (the standard library's `firstRange(of:)` is not there in
    /// Embedded Swift).
    public func firstOccurrence(of pattern: some Collection<UInt8>) -> Range<Index>? {
        guard let head = pattern.first else { return startIndex..<startIndex }
        var i = startIndex
        while let found = self[i...].firstIndex(of: head) {
            var a = found, b = pattern.startIndex
            while a != endIndex, b != pattern.endIndex, self[a] == pattern[b] {
                formIndex(after: &a)
                pattern.formIndex(after: &b)
            }
            if b == pattern.endIndex { return found..<a }
            if a == endIndex { return nil }
            i = index(after: found)
        }
        return nil
    }
}

extension String {
    /// Whether `text` occurs in the string, byte for byte in UTF-8.
    public func containsText(_ text: String) -> Bool { utf8.firstOccurrence(of: text.utf8) != nil }

    /// The string with ASCII letters in lower case, every other character as it is: enough for the names and tags of
    /// file formats, without Unicode's case tables.
    public func asciiLowercased() -> String {
        String(decoding: utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    /// The string with ASCII letters in upper case, every other character as it is.
    public func asciiUppercased() -> String {
        String(decoding: utf8.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
    }
}

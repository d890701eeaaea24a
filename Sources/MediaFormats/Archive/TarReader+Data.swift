extension TarReader {
    /// Hands the rest of the current entry's bytes to `body`, in pieces of at most `chunkSize`.
    /// - Parameters:
    ///   - chunkSize: the most bytes handed over at once.
    ///   - body: receives each piece.
    /// - Throws: ``FormatError`` (truncated) naming the entry when the archive ends inside its data; what `body`
    ///   throws.
    public mutating func readData(chunkSize: Int = 256 * 1024, _ body: ([UInt8]) throws -> Void) throws {
        while true {
            let bytes = try read(upTo: chunkSize)
            if bytes.isEmpty { return }
            try body(bytes)
        }
    }
}

extension MovieLayout {
    /// Bytes written in place of the same number of the source's bytes as they are copied: a sample rewritten at its
    /// own size (a timed-metadata value turned with the frames), so that no chunk moves.
    public struct Overlay: Sendable, Equatable {
        /// Where the replaced bytes start in the source.
        public var sourceOffset: Int64
        /// The bytes written instead.
        public var bytes: [UInt8]

        /// `bytes` written where the source's bytes at `sourceOffset` would be copied.
        public init(sourceOffset: Int64, bytes: [UInt8]) {
            self.sourceOffset = sourceOffset
            self.bytes = bytes
        }
    }

    /// The layout with each overlay's bytes written in place of the source's bytes it covers.
    /// - Throws: ``FormatError`` (malformed) when an overlay does not lie within one run copied from the source, or two
    ///   overlap.
    public func overlaying(_ overlays: [Overlay]) throws(FormatError) -> MovieLayout {
        let sorted = overlays.filter { !$0.bytes.isEmpty }.sorted { $0.sourceOffset < $1.sourceOffset }
        for (a, b) in zip(sorted, sorted.dropFirst()) where a.sourceOffset + Int64(a.bytes.count) > b.sourceOffset {
            throw FormatError(.malformed, "two rewritten samples overlap at byte \(b.sourceOffset)")
        }
        var placed = 0
        var result: [Piece] = []
        for piece in pieces {
            guard case .copy(let offset, let length) = piece else {
                result.append(piece)
                continue
            }
            var position = offset
            let end = offset + length
            for overlay in sorted where overlay.sourceOffset >= position && overlay.sourceOffset + Int64(overlay.bytes.count) <= end {
                if overlay.sourceOffset > position { result.append(.copy(offset: position, length: overlay.sourceOffset - position)) }
                result.append(.bytes(overlay.bytes))
                position = overlay.sourceOffset + Int64(overlay.bytes.count)
                placed += 1
            }
            if position < end { result.append(.copy(offset: position, length: end - position)) }
        }
        guard placed == sorted.count else {
            throw FormatError(.malformed, "a rewritten sample does not lie within the media data that is copied")
        }
        var layout = self
        layout.pieces = result
        return layout
    }
}

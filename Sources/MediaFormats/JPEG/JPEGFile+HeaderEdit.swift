extension JPEGFile {
    /// One edit of a JPEG's header: a range of it (empty to insert) and the bytes that take its place.
    public typealias HeaderChange = (range: Range<Int>, bytes: [UInt8])

    /// `header` (this file's bytes from its start to the first scan) with `changes` made, and the Multi-Picture Format
    /// index kept true: the primary image's size grows with the header, and a later image's offset (an Ultra HDR gain
    /// map) with what was added after the index.
    ///
    /// Changes are made from the back, so that each range means the bytes of the header as given; changes at one place
    /// end up in the reverse of their order in `changes`. An index that does not read is left as the camera wrote it.
    public func editedHeader(_ header: [UInt8], changes: [HeaderChange], in file: RandomAccessFile) throws(FormatError) -> [UInt8] {
        var edited = header
        for change in changes {
            guard change.range.lowerBound >= 0, change.range.upperBound <= header.count else {
                throw FormatError(.malformed, "a header edit at \(change.range) lies outside the \(header.count)-byte header")
            }
        }
        let order = changes.indices.sorted { (changes[$0].range.lowerBound, -$0) > (changes[$1].range.lowerBound, -$1) }
        for i in order { edited.replaceSubrange(changes[i].range, with: changes[i].bytes) }
        if let mpf = try mpfSegment(in: file) {
            func growth(_ change: HeaderChange) -> Int64 { Int64(change.bytes.count - change.range.count) }
            let before = changes.filter { $0.range.upperBound <= Int(mpf.offset) }.reduce(Int64(0)) { $0 + growth($1) }
            let after = changes.filter { $0.range.lowerBound >= Int(mpf.end) }.reduce(Int64(0)) { $0 + growth($1) }
            if before + after != 0 {
                try? Self.adjustingMPF(&edited, segment: mpf, at: Int(mpf.offset + before), growth: before + after, after: after)
            }
        }
        return edited
    }
}

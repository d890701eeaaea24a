extension JPEGFile {
    /// The bytes from the start of the file to the first scan with a new Exif TIFF stream and/or a new standard XMP
    /// packet (docs/formats/takeout.md#what-is-written-into-the-files): each replaces its APP1 segment, or is inserted
    /// where cameras put it (Exif after SOI and any JFIF APP0, XMP after the Exif). Every other segment is copied as it
    /// is, Extended XMP included, and the Multi-Picture Format index follows the growth (``editedHeader(_:changes:in:)``).
    ///
    /// The rest of the file, from ``scanOffset`` (the image data and anything after it, such as a Motion Photo's video),
    /// follows unchanged: a Motion Photo's `Item:Length` counts from the end, so it stays true.
    /// - Parameters:
    ///   - tiff: the new Exif TIFF stream, or nil to keep the Exif as it is.
    ///   - xmp: the new XMP packet, or nil to keep the XMP as it is.
    ///   - file: this JPEG.
    /// - Throws: when a payload is larger than a segment holds, or the file cannot be read.
    public func headerReplacingMetadata(tiff: [UInt8]?, xmp: [UInt8]?, in file: RandomAccessFile) throws(FormatError) -> [UInt8] {
        let header = try file.read(at: 0, length: scanOffset)
        var changes: [HeaderChange] = []
        if let xmp {
            changes.append((try xmpSegmentRange(in: file), try Self.xmpSegment(packet: xmp)))
        }
        if let tiff {
            let range = try exifSegment(in: file).map { Int($0.offset)..<Int($0.end) } ?? exifInsertionPoint..<exifInsertionPoint
            changes.append((range, try Self.app1Segment(Self.exifHeader + tiff, holding: "Exif data")))
        }
        return try editedHeader(header, changes: changes, in: file)
    }
}

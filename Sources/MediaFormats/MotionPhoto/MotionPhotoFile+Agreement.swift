extension MotionPhotoFile {
    /// Where the two ways Android galleries find a Motion Photo's video put it: Google's rule (the XMP
    /// `Container:Directory`, the video item being the last `Length` bytes of the file) and Samsung's SEF trailer (a
    /// JPEG's `MotionPhoto_Data` record holds the MP4; a HEIC's names its offset and length, `mpv2`).
    public struct VideoLocations: Sendable, Equatable {
        /// The MP4's first byte by Google's rule; nil when the XMP has no video item or its lengths do not fit the file.
        public var google: Int64?
        /// The MP4's first byte and its length by Samsung's trailer; nil without a readable trailer naming the video.
        public var samsung: Span?

        /// False when both are there and they differ: galleries of the two kinds would play different bytes (or one
        /// none at all).
        public var agree: Bool {
            guard let google, let samsung else { return true }
            return google == samsung.offset
        }
    }

    /// The video's start by each rule, read from what this file holds.
    public func videoLocations(in file: RandomAccessFile) -> VideoLocations {
        var locations = VideoLocations()
        if let xmp, xmp.directory.contains(where: { $0.isVideo }),
            let (span, _) = try? Self.walkDirectory(xmp.directory, fileSize: file.size)
        {
            locations.google = span.offset
        }
        if let trailer = samsungTrailer {
            switch container {
            case .heic:
                if let (offset, length) = try? trailer.heicVideoLocation(in: file) {
                    locations.samsung = Span(offset: offset, length: length)
                }
            case .jpeg:
                if let record = trailer.motionPhotoData { locations.samsung = Span(offset: record.dataOffset, length: record.dataLength) }
            }
        }
        return locations
    }
}

import MediaFormats

extension InputFile {
    /// True when the still holds an HDR gain map: a HEIC's auxiliary image, a JPEG's second image (MPF). A new key
    /// photo cannot keep the old one's.
    package var hasGainMap: Bool {
        switch kind {
        case .heic: return (try? HEIFFile(file: file))?.hasGainMap ?? false
        case .jpeg:
            guard let jpeg = try? JPEGFile(file: file) else { return false }
            return ((try? jpeg.mpfSegment(in: file)) ?? nil) != nil
        default: return false
        }
    }
}

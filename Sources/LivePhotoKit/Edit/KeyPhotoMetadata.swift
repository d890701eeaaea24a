import MediaFormats
internal import PortableFoundation

/// A new key photo keeps the old still's metadata: its Exif (dates, GPS, the camera, the MakerNote with the
/// identifier) moves onto the new frame, with what no longer holds made true (upright, the new pixel size, sRGB as the
/// frame is, no old thumbnail), and its XMP without the properties bound to the old image's bytes (a gain map's, an
/// embedded item's). The old ICC profile (the old pixels' colours) is not carried.
enum KeyPhotoMetadata {
    /// A copy of the JPEG `frame`, in `work`, carrying `old`'s Exif; `frame` itself when `old` has none.
    /// - Parameter removingIdentifier: leave the Apple content identifier out (a still that is not a Live Photo's).
    static func carry(from old: String, into frame: String, work: String, removingIdentifier: Bool = false) throws(LivePhotoError)
        -> String
    {
        let oldInput = try InputFile(path: old), frameFile = try InputFile(path: frame).file
        let oldFile = oldInput.file
        let (tiff, xmp): ([UInt8]?, [UInt8]?) = try naming(old) {
            switch oldInput.kind {
            case .jpeg:
                let jpeg = try JPEGFile(file: oldFile)
                return (try jpeg.exifTIFF(in: oldFile), try jpeg.xmpPacket(in: oldFile)?.bytes)
            case .heic:
                let heif = try HEIFFile(file: oldFile)
                return (
                    try heif.exifTIFF(in: oldFile),
                    try heif.primaryXMPItem.map { try heif.itemData($0.id, in: oldFile, limit: XMPPacket.maxSize) }
                )
            default: return (nil, nil)
            }
        }
        guard var tiff else { return frame }
        if removingIdentifier, let stripped = try naming(old, { try ExifTIFF.removingAppleContentIdentifier(tiff) }) {
            tiff = stripped.tiff
        }
        let output = "\(work)/\(URL(fileURLWithPath: frame).deletingPathExtension().lastPathComponent)-with-metadata.jpg"
        try naming(frame) {
            let jpeg = try JPEGFile(file: frameFile)
            var exif = try ExifTIFF(bytes: tiff)
            try exif.describeNewPixels(width: jpeg.width ?? 0, height: jpeg.height ?? 0)
            let header = try jpeg.headerReplacingExif(with: exif.bytes, in: frameFile)
            let rest = try frameFile.read(at: jpeg.scanOffset, count: Int(frameFile.size - jpeg.scanOffset))
            var bytes = header + rest
            // The XMP where cameras put it (after the Exif), unless it does not read (then it is left out).
            if let xmp, let packet = try? XMPPacket(bytes: xmp),
                let segment = try? JPEGFile.xmpSegment(packet: packet.blanking(namespaces: XMPPacket.imageBoundNamespaces))
            {
                try Data(bytes).write(to: URL(fileURLWithPath: output))
                let written = try InputFile(path: output).file
                let at = try JPEGFile(file: written).xmpSegmentRange(in: written)
                bytes.replaceSubrange(at, with: segment)
            }
            try Data(bytes).write(to: URL(fileURLWithPath: output))
        }
        return output
    }
}

import MediaFormats

/// A new key photo keeps the old still's metadata: its Exif (dates, GPS, the camera, the MakerNote with the
/// identifier) moves onto the new frame, with what no longer holds made true (upright, the new pixel size, sRGB as the
/// frame is, no old thumbnail), and its XMP without the properties bound to the old image's bytes (a gain map's, an
/// embedded item's). The old ICC profile (the old pixels' colours) is not carried.
package enum KeyPhotoMetadata {
    /// The JPEG `frame` carrying `old`'s Exif and XMP: a new header, then the frame's image data; nil when `old` has no
    /// Exif (the frame is then used as it is).
    /// - Parameter removingIdentifier: leave the Apple content identifier out (a still that is not a Live Photo's).
    package static func carried(from old: InputFile, into frame: InputFile, removingIdentifier: Bool = false) throws(LivePhotoError)
        -> SplicedFile?
    {
        let (oldFile, oldPath) = (old.file, old.path)
        var tiff: [UInt8]?, xmp: [UInt8]?
        switch old.kind {
        case .jpeg:
            let jpeg = try naming(oldPath, try JPEGFile(file: oldFile))
            tiff = try naming(oldPath, try jpeg.exifTIFF(in: oldFile))
            xmp = try naming(oldPath, try jpeg.xmpPacket(in: oldFile))?.bytes
        case .heic:
            let heif = try naming(oldPath, try HEIFFile(file: oldFile))
            tiff = try naming(oldPath, try heif.exifTIFF(in: oldFile))
            if let item = heif.primaryXMPItem {
                xmp = try naming(oldPath, try heif.itemData(item.id, in: oldFile, limit: XMPPacket.maxSize))
            }
        default: break
        }
        guard var tiff else { return nil }
        if removingIdentifier, let stripped = try naming(oldPath, try ExifTIFF.removingAppleContentIdentifier(tiff)) {
            tiff = stripped.tiff
        }
        let (frameFile, framePath) = (frame.file, frame.path)
        let jpeg = try naming(framePath, try JPEGFile(file: frameFile))
        var exif = try naming(framePath, try ExifTIFF(bytes: tiff))
        try naming(framePath, try exif.describeNewPixels(width: jpeg.width ?? 0, height: jpeg.height ?? 0))
        var header = try naming(framePath, try jpeg.headerReplacingExif(with: exif.bytes, in: frameFile))
        let imageData = SplicedFile.Piece.copy(frameFile, offset: jpeg.scanOffset, length: frameFile.size - jpeg.scanOffset)
        // The XMP where cameras put it (after the Exif), unless it does not read (then it is left out).
        if let xmp, let packet = try? XMPPacket(bytes: xmp),
            let segment = try? JPEGFile.xmpSegment(packet: packet.blanking(namespaces: XMPPacket.imageBoundNamespaces))
        {
            let written = SplicedFile(pieces: [.bytes(header), imageData]).asFile(named: framePath)
            let at = try naming(framePath, try JPEGFile(file: written).xmpSegmentRange(in: written))
            header.replaceSubrange(at, with: segment)
        }
        return SplicedFile(pieces: [.bytes(header), imageData])
    }
}

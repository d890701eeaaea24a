import LivePhotoMedia
internal import PortableFoundation

/// How an Exif thumbnail of another shape than its photo holds the picture (docs/guide/repair.md#stills-shown-right):
/// fitted inside it with bars (the Exif standard's 160×120 of a 16:9 photo, right) or stretched to fill it (a 160×90
/// thumbnail of a 4:3 photo, wrong: shown squashed). The shape alone cannot tell the two apart, so the pixels do:
/// the thumbnail is compared, through ffmpeg's thumbnails, with the photo stretched to its shape and with the photo
/// fitted into it, the bars the colour the thumbnail's own bars have, and the closer one wins. The comparison is made
/// on the pixels as stored: a thumbnail is stored in its photo's stored orientation, not turned by its `Orientation`.
enum RepairThumbnailFit {
    enum Fit: Equatable {
        case stretched
        case fitted
    }

    /// How far the two comparisons must lie apart (of 255) before the stretched one wins: pictures with little in
    /// them (one colour) look alike both ways, and those are left alone.
    static let margin = 2.0

    /// How the thumbnail `jpeg` of the photo at `photo` holds the picture; nil when ffmpeg cannot decode the two, or
    /// the comparison does not tell.
    /// - Parameters:
    ///   - photoSize: the photo's size as stored.
    ///   - thumbnailSize: the thumbnail's size as stored.
    static func fit(
        of jpeg: [UInt8], thumbnailSize: (width: Int, height: Int), photo: String, photoSize: (width: Int, height: Int),
        ffmpegPath: String?
    ) async -> Fit? {
        guard let tool = try? FFmpeg.locate(explicitPath: ffmpegPath) else { return nil }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("livephoto-repair-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: work) }
        let thumbnailPath = "\(work)/thumbnail.jpg"
        do {
            try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
            try Data(jpeg).write(to: URL(fileURLWithPath: thumbnailPath))
        } catch {
            return nil
        }
        // Both as stored: an Exif thumbnail is stored in its photo's stored orientation and turned with it by the
        // photo's `Orientation`, which ffmpeg applies to a JPEG it decodes in some versions and not in others.
        guard let shown = try? await tool.thumbnail(ofImage: thumbnailPath, work: work, asStored: true),
            let stretched = try? await tool.thumbnail(ofImage: photo, work: work, asStored: true)
        else { return nil }
        let fitted = letterboxed(stretched, photo: photoSize, into: thumbnailSize, barsLike: shown)
        guard let toStretched = shown.difference(from: stretched), let toFitted = fitted.flatMap({ shown.difference(from: $0) }) else {
            return nil
        }
        return toStretched + margin < toFitted ? .stretched : .fitted
    }

    /// `stretched` (the whole photo stretched to ffmpeg's thumbnail size) as the photo fitted into a thumbnail of
    /// `thumbnail`'s shape would look at that size: the picture in the middle, its proportions kept, and bars of the
    /// mean colour of the same place in `barsLike`. nil when the sizes make no picture.
    static func letterboxed(
        _ stretched: Thumbnail, photo: (width: Int, height: Int), into thumbnail: (width: Int, height: Int), barsLike: Thumbnail
    ) -> Thumbnail? {
        let (w, h) = FFmpeg.thumbnailSize
        guard photo.width > 0, photo.height > 0, thumbnail.width > 0, thumbnail.height > 0, stretched.pixels.count == w * h * 3,
            barsLike.pixels.count == w * h * 3
        else { return nil }
        // The picture's place in the thumbnail, as fractions of its sides.
        let scale = min(Double(thumbnail.width) / Double(photo.width), Double(thumbnail.height) / Double(photo.height))
        let width = Double(photo.width) * scale / Double(thumbnail.width)
        let height = Double(photo.height) * scale / Double(thumbnail.height)
        let (left, top) = ((1 - width) / 2, (1 - height) / 2)
        func place(_ x: Int, _ y: Int) -> (u: Double, v: Double)? {
            let u = ((Double(x) + 0.5) / Double(w) - left) / width
            let v = ((Double(y) + 0.5) / Double(h) - top) / height
            return (0..<1).contains(u) && (0..<1).contains(v) ? (u, v) : nil
        }
        var bars = [0, 0, 0]
        var barCount = 0
        for y in 0..<h {
            for x in 0..<w where place(x, y) == nil {
                for c in 0..<3 { bars[c] += Int(barsLike.pixels[(y * w + x) * 3 + c]) }
                barCount += 1
            }
        }
        let barColour = bars.map { UInt8(barCount > 0 ? $0 / barCount : 0) }
        var pixels = [UInt8](repeating: 0, count: w * h * 3)
        for y in 0..<h {
            for x in 0..<w {
                let at = (y * w + x) * 3
                guard let (u, v) = place(x, y) else {
                    for c in 0..<3 { pixels[at + c] = barColour[c] }
                    continue
                }
                let from = (min(h - 1, Int(v * Double(h))) * w + min(w - 1, Int(u * Double(w)))) * 3
                for c in 0..<3 { pixels[at + c] = stretched.pixels[from + c] }
            }
        }
        var fitted = stretched
        fitted.pixels = pixels
        return fitted
    }
}

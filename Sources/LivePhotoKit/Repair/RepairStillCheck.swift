import MediaFormats

/// A still shown differently from viewer to viewer (docs/guide/repair.md#stills-shown-right): an Exif thumbnail whose
/// shape disagrees with the photo (its sides swapped, or the picture stretched to another shape), and a HEIC whose
/// Exif `Orientation` states another turn than its `irot`/`imir`.
/// A JPEG's pixels are never touched; the thumbnail is unlinked and the orientation value rewritten where it is.
enum RepairStillCheck {
    /// How close a thumbnail's proportions must come to the photo's with its sides swapped to be taken for a thumbnail
    /// left unturned when the pixels were turned.
    static let swappedTolerance = 0.03

    /// - Parameter ffmpegPath: the ffmpeg that compares a thumbnail of another shape with the photo (nil: on the PATH).
    static func check(_ path: String, ffmpegPath: String?, into plan: inout RepairDiagnosis.Plan) async {
        guard let input = try? InputFile(path: path) else { return }
        let tiff: ExifTIFF?
        let size: (width: Int, height: Int)?
        var heifTransform: ImageTransform?
        switch input.kind {
        case .jpeg:
            guard let jpeg = try? JPEGFile(file: input.file) else { return }
            tiff = (try? jpeg.exifTIFF(in: input.file)).flatMap { $0 }.flatMap { try? ExifTIFF(bytes: $0) }
            size = jpeg.width.flatMap { w in jpeg.height.map { (w, $0) } }
        case .heic:
            guard let heif = try? HEIFFile(file: input.file) else { return }
            tiff = (try? heif.exifTIFF(in: input.file)).flatMap { $0 }.flatMap { try? ExifTIFF(bytes: $0) }
            size = heif.primaryImageSize
            heifTransform = heif.primaryImageTransform
        default:
            return
        }
        guard let tiff else { return }
        if let size, let jpeg = tiff.thumbnailJPEG, let thumbnail = JPEGFile.frameSize(of: jpeg) {
            var mismatch = shapeMismatch(photo: size, thumbnail: thumbnail)
            if mismatch == nil {
                mismatch = await stretched(jpeg, thumbnail: thumbnail, photo: path, size: size, ffmpegPath: ffmpegPath)
            }
            if let mismatch {
                thumbnailProblem(
                    path, thumbnail: thumbnail, size: size, shown: heifTransform ?? tiff.statedTransform, mismatch: mismatch, into: &plan)
            }
        }
        if let heifTransform, let stated = tiff.statedTransform, stated != heifTransform {
            plan.problems.append(
                LibraryRepair.Problem(
                    kind: .orientationContradiction, file: path,
                    detail: "Exif Orientation \(stated.exifOrientation) says \(stated), but irot/imir show it \(heifTransform)",
                    repair: "write Exif Orientation \(heifTransform.exifOrientation), as irot/imir show it"))
            plan.changeStill(path) { $0.orientation = heifTransform }
        }
    }

    /// Reports the thumbnail of `path` and plans to unlink it.
    /// - Parameters:
    ///   - size: the photo's size as stored, which the thumbnail's shape is judged against.
    ///   - shown: the turn the photo's Exif `Orientation` states, when it states one: a photo shown with its sides
    ///     swapped has its shown size named too.
    static func thumbnailProblem(
        _ path: String, thumbnail: (width: Int, height: Int), size: (width: Int, height: Int), shown: ImageTransform? = nil,
        mismatch: String, into plan: inout RepairDiagnosis.Plan
    ) {
        let stored = shown?.swapsSides == true ? " as stored, shown \(size.height)×\(size.width)" : ""
        plan.problems.append(
            LibraryRepair.Problem(
                kind: .thumbnailShape, file: path,
                detail:
                    "the Exif thumbnail is \(thumbnail.width)×\(thumbnail.height) for a \(size.width)×\(size.height) photo\(stored) "
                    + "(\(mismatch))",
                repair: "unlink the Exif thumbnail (viewers then draw their own from the photo)"))
        plan.changeStill(path) { $0.dropsThumbnail = true }
    }

    /// How a thumbnail's shape disagrees with its photo's (both as stored); nil when it agrees. The shape alone tells
    /// one disagreement: the thumbnail has the photo's proportions with its sides swapped (a tool turned the pixels
    /// and not the thumbnail). Any other shape may be right (cameras write the Exif standard's 160×120 thumbnail,
    /// letterboxed, for photos of every shape: 16:9, panoramas, squares) or a picture stretched to fill it
    /// (``stretched(_:thumbnail:photo:size:ffmpegPath:)`` tells which).
    static func shapeMismatch(photo: (width: Int, height: Int), thumbnail: (width: Int, height: Int)) -> String? {
        guard photo.width > 0, photo.height > 0, thumbnail.width > 0, thumbnail.height > 0, photo.width != photo.height else { return nil }
        let swapped = Double(photo.height) / Double(photo.width)
        let ratio = Double(thumbnail.width) / Double(thumbnail.height)
        guard abs(ratio / swapped - 1) <= swappedTolerance else { return nil }
        return photo.width > photo.height ? "a portrait thumbnail of a landscape photo" : "a landscape thumbnail of a portrait photo"
    }

    /// Why a thumbnail of another shape than its photo is wrong: the picture stretched to fill it, rather than
    /// fitted inside it with bars (``RepairThumbnailFit``); nil when it is fitted, has the photo's proportions, or
    /// ffmpeg cannot tell.
    static func stretched(
        _ jpeg: [UInt8], thumbnail: (width: Int, height: Int), photo path: String, size: (width: Int, height: Int), ffmpegPath: String?
    ) async -> String? {
        guard size.width > 0, size.height > 0, thumbnail.width > 0, thumbnail.height > 0 else { return nil }
        let ratio = (Double(thumbnail.width) / Double(thumbnail.height)) / (Double(size.width) / Double(size.height))
        guard abs(ratio - 1) > swappedTolerance else { return nil }
        let fit = await RepairThumbnailFit.fit(of: jpeg, thumbnailSize: thumbnail, photo: path, photoSize: size, ffmpegPath: ffmpegPath)
        return fit == .stretched ? "the picture stretched to the thumbnail's shape, so it is shown squashed" : nil
    }
}

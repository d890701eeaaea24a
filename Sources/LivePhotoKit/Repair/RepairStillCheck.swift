import MediaFormats

/// A still shown differently from viewer to viewer (docs/guide/repair.md#stills-shown-right): an Exif thumbnail whose
/// shape disagrees with the photo, and a HEIC whose Exif `Orientation` states another turn than its `irot`/`imir`.
/// A JPEG's pixels are never touched; the thumbnail is unlinked and the orientation value rewritten where it is.
enum RepairStillCheck {
    /// How much a thumbnail's aspect ratio may differ from the photo's: the Exif standard's 160×120 thumbnail of a
    /// 16:9 photo (letterboxed, 4:3 against 16:9) is right.
    static let aspectTolerance = 1.4

    static func check(_ path: String, into plan: inout RepairDiagnosis.Plan) {
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
        if let size, let thumbnail = tiff.thumbnailJPEG.flatMap(JPEGFile.frameSize(of:)),
            let mismatch = shapeMismatch(photo: size, thumbnail: thumbnail)
        {
            plan.problems.append(
                LibraryRepair.Problem(
                    kind: .thumbnailShape, file: path,
                    detail:
                        "the Exif thumbnail is \(thumbnail.width)×\(thumbnail.height) for a \(size.width)×\(size.height) photo (\(mismatch))",
                    repair: "unlink the Exif thumbnail (viewers then draw their own from the photo)"))
            plan.changeStill(path) { $0.dropsThumbnail = true }
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

    /// How a thumbnail's shape disagrees with its photo's (both as stored); nil when it agrees.
    static func shapeMismatch(photo: (width: Int, height: Int), thumbnail: (width: Int, height: Int)) -> String? {
        guard photo.width > 0, photo.height > 0, thumbnail.width > 0, thumbnail.height > 0 else { return nil }
        let a = Double(photo.width) / Double(photo.height)
        let b = Double(thumbnail.width) / Double(thumbnail.height)
        func shape(_ ratio: Double) -> String { ratio > 1.05 ? "landscape" : ratio < 0.95 ? "portrait" : "square" }
        if (a > 1.05 && b < 0.95) || (a < 0.95 && b > 1.05) { return "a \(shape(b)) thumbnail of a \(shape(a)) photo" }
        if max(a, b) / min(a, b) > aspectTolerance { return "its proportions differ from the photo's" }
        return nil
    }
}

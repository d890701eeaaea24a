import MediaFormats

/// The files each operation writes, named in one place: the operations name their outputs with these, and batches
/// say what an item will become (`--dry-run`, resuming, shares) with the same functions, never by working names out
/// again.
package enum PlannedOutputs {
    /// `make`'s: the pair (`STEM.JPG` or `STEM.HEIC`, and `STEM.MOV`), the `.pvt` folder, or the `.pvt.zip`.
    package static func make(stem: String, folder: String, packaging: Packaging, photoFormat: PhotoFormat) -> [String] {
        switch packaging {
        case .pair: [pairPhoto(stem: stem, folder: folder, format: photoFormat), pairMovie(stem: stem, folder: folder)]
        case .bundle: [bundle(stem: stem, folder: folder, zipped: false)]
        case .zippedBundle: [bundle(stem: stem, folder: folder, zipped: true)]
        }
    }

    /// A pair's file names: `STEM.JPG` (or `STEM.HEIC`) and `STEM.MOV`, as an iPhone names them.
    package static func pairNames(stem: String, format: PhotoFormat) -> (photo: String, movie: String) {
        ("\(stem).\(format == .heic ? "HEIC" : "JPG")", "\(stem).MOV")
    }

    package static func pairPhoto(stem: String, folder: String, format: PhotoFormat) -> String {
        path(pairNames(stem: stem, format: format).photo, in: folder)
    }

    package static func pairMovie(stem: String, folder: String) -> String { path(pairNames(stem: stem, format: .jpeg).movie, in: folder) }

    package static func bundle(stem: String, folder: String, zipped: Bool) -> String {
        path("\(stem).pvt" + (zipped ? ".zip" : ""), in: folder)
    }

    /// `convert --to motion`'s: `STEM.MP.jpg`, or `STEM.MP.heic` for a HEIC photo.
    package static func motionPhoto(stem: String, folder: String, photoKind: FileKind) -> String {
        path("\(stem).MP.\(photoKind == .heic ? "heic" : "jpg")", in: folder)
    }

    /// `split`'s photo: the input's extension when it fits the format (`.jpeg` stays), else the format's.
    package static func splitPhoto(of input: String, stem: String, folder: String, kind: FileKind) -> String {
        path("\(stem).\(fileExtension(input, kind: kind))", in: folder)
    }

    /// `split`'s movie: a Motion Photo's MP4, or a Live Photo's movie under its own extension.
    package static func splitMovie(of input: String?, stem: String, folder: String) -> String {
        guard let input else { return path("\(stem).mp4", in: folder) }
        return path("\(stem).\(fileExtension(input, kind: .quicktime))", in: folder)
    }

    /// `convert --to motion --flavor vivo-pair`'s two files: `STEM.jpg` and `STEM.mp4`.
    package static func vivoPair(stem: String, folder: String) -> [String] {
        [path("\(stem).jpg", in: folder), path("\(stem).mp4", in: folder)]
    }

    /// `name` in `folder`; `name` alone when there is no folder (a browser's outputs).
    package static func path(_ name: String, in folder: String) -> String { folder.isEmpty ? name : "\(folder)/\(name)" }

    /// `name` as the stem of outputs, when it can be one: not empty, no folder, not `.` or `..`.
    package static func checkedStem(_ name: String) throws(LivePhotoError) -> String {
        guard !name.isEmpty, !name.containsText("/"), name != ".", name != ".." else {
            throw .invalidArgument("'\(name)' cannot be used as an output name")
        }
        return name
    }

    /// The input's name without its extension, and without a Motion Photo's `.MP`/`_MP` mark.
    package static func baseStem(_ path: String) -> String {
        var stem = PathName.stem(path)
        for mark in [".MP", "_MP", ".mp"] where stem.hasSuffix(mark) && stem.count > mark.count { stem.removeLast(mark.count) }
        return stem
    }

    package static func bundleStem(_ path: String) -> String {
        var name = PathName.lastComponent(path)
        for suffix in [".zip", ".ZIP", ".pvt", ".PVT"] where name.hasSuffix(suffix) && name.count > suffix.count {
            name.removeLast(suffix.count)
        }
        return name
    }

    /// The input's own extension when it names the format, else the format's usual one.
    package static func fileExtension(_ path: String, kind: FileKind) -> String {
        let ext = PathName.pathExtension(path)
        // A movie keeps any movie's extension: QuickTime and MP4 files are copied alike.
        let fits = kind.isMovie ? MediaExtensions.movies : Set(MediaExtensions.names(of: kind))
        if fits.contains(ext.asciiLowercased()) { return ext }
        return kind == .jpeg || kind == .heic ? MediaExtensions.names(of: kind)[0] : "mov"
    }
}

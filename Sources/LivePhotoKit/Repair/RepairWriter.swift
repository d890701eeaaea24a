import MediaFormats
internal import PortableFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a diagnosis's edits (docs/guide/repair.md#how-files-are-written): each file through a staged copy beside
/// its destination, renamed over the original (or into the `--out` folder) once every file of the item is written,
/// with the original's modification time and permissions. Every byte the repair does not change is copied as it is;
/// image and media data are never decoded.
enum RepairWriter {
    /// Where mended files go.
    struct Destination: Sendable {
        /// nil: over the originals.
        var outputDirectory: String?
        var force: Bool
        var ffmpegPath: String?
    }

    static func write(_ diagnosis: LibraryRepair.Diagnosis, to destination: Destination) async -> LibraryRepair.Entry {
        var entry = diagnosis.entry
        guard !diagnosis.edits.isEmpty else { return entry }
        var placed: [String] = []
        var staged: [(file: StagedFile, source: String)] = []
        do throws(LivePhotoError) {
            for edit in diagnosis.edits {
                try checkUnchanged(edit.path, since: diagnosis.stamps[edit.path])
                guard let target = try target(of: edit, root: diagnosis.root, destination: destination) else { continue }
                let out = try StagedFile(destination: target, datedLike: edit.path)
                try await write(edit, to: out, ffmpegPath: destination.ffmpegPath)
                staged.append((out, edit.path))
            }
            // Written from what was read: a file that changed meanwhile keeps its change, and the item fails.
            for edit in diagnosis.edits { try checkUnchanged(edit.path, since: diagnosis.stamps[edit.path]) }
            if InterruptHandling.requested { throw LivePhotoError.interrupted }
            for (out, source) in staged {
                // The mode first, so that the file is never seen with another.
                if let mode = permissions(of: source) { chmod(out.temporaryPath, mode) }
                placed.append(try out.commit())
            }
            PendingOutputs.shared.finish(placed)
            entry.status = .mended
            entry.written = placed
        } catch {
            entry.status = .failed
            entry.reason = error.description
            if destination.outputDirectory != nil {
                PendingOutputs.shared.rollBack(placed)
            } else {
                PendingOutputs.shared.finish(placed)
                entry.written = placed
                // A pair whose first file was renamed over its original when the second could not be.
                if !placed.isEmpty {
                    let names = placed.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", ")
                    entry.reason = "\(names) mended, the rest left as it was: \(error.description)"
                }
            }
        }
        return entry
    }

    /// Throws when the file at `path` is not the one diagnosed, in the state it was.
    static func checkUnchanged(_ path: String, since stamp: RepairFileStamp?) throws(LivePhotoError) {
        guard let stamp else { return }
        guard let now = RepairFileStamp(path: path), now == stamp else {
            throw .badInput(file: path, reason: "it changed since it was checked; run repair again")
        }
    }

    /// Where `edit`'s file goes: the original itself, or its place below the output folder; nil for an unchanged
    /// half mended in place.
    /// - Throws: when the original is read-only (in place), or the place below the output folder is the original
    ///   itself, through whatever path, or holds a file already (without `force`).
    static func target(of edit: RepairEdit, root: String?, destination: Destination) throws(LivePhotoError) -> String? {
        let path = edit.path
        guard let folder = destination.outputDirectory else {
            if case .unchanged = edit { return nil }
            // A file marked read-only is left as it is, even for a user who could replace it (root).
            var info = stat()
            guard access(path, W_OK) == 0, stat(path, &info) == 0, info.st_mode & S_IWUSR != 0 else {
                throw .badInput(file: path, reason: "the file is read-only; it is left as it is")
            }
            // A file named through a link is mended where it is; the link stays a link.
            let isLink = lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
            return isLink ? URL(fileURLWithPath: path).resolvingSymlinksInPath().path : path
        }
        var relative = URL(fileURLWithPath: path).lastPathComponent
        if let root {
            let prefix = root.hasSuffix("/") ? root : root + "/"
            if path.hasPrefix(prefix) { relative = String(path.dropFirst(prefix.count)) }
        }
        let target = URL(fileURLWithPath: folder).appendingPathComponent(relative).path
        if let there = RepairFileStamp(path: target), let original = RepairFileStamp(path: path), there.isSameFile(as: original) {
            throw .refused(file: path, reason: "the output folder holds the original itself", remedy: .chooseAnotherOutput)
        }
        do {
            try FileManager.default.createDirectory(
                atPath: URL(fileURLWithPath: target).deletingLastPathComponent().path, withIntermediateDirectories: true)
        } catch {
            throw .writeFailed(path: target, reason: "cannot create its folder")
        }
        if !destination.force, FileManager.default.fileExists(atPath: target) { throw .outputExists(path: target) }
        return target
    }

    static func permissions(of path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    static func write(_ edit: RepairEdit, to out: StagedFile, ffmpegPath: String?) async throws(LivePhotoError) {
        let input = try InputFile(path: edit.path)
        switch edit {
        case .unchanged: try out.copy(from: input.file, offset: 0, length: input.file.size, progress: { _ in })
        case .still(_, let changes):
            switch input.kind {
            case .jpeg: try writeJPEG(input, changes, to: out)
            case .heic: try writeHEIC(input, changes, to: out)
            default: throw .unsupported(file: input.path, reason: "only JPEG and HEIC stills are mended")
            }
        case .movie(_, let changes):
            if let bake = changes.bake {
                try await RepairRotation.write(input, changes, bake: bake, ffmpegPath: ffmpegPath, to: out)
            } else if let mend = changes.stillImageTime {
                try await RepairStillImageTime.write(input, changes, mend: mend, ffmpegPath: ffmpegPath, to: out)
            } else {
                try writeMovie(input, changes, to: out)
            }
        }
    }

    /// The Exif TIFF with `changes` made; nil when they change nothing in it.
    static func editedTIFF(_ existing: [UInt8]?, size: (width: Int, height: Int)?, changes: RepairEdit.StillChanges, path: String)
        throws -> ExifTIFF?
    {
        guard changes.changesExif else { return nil }
        guard let bytes = existing ?? (changes.identifier != nil ? ExifTIFF.minimal(width: size?.width, height: size?.height) : nil) else {
            return nil
        }
        var tiff = try ExifTIFF(bytes: bytes)
        if let identifier = changes.identifier {
            try TaggedStill.tagTIFF(&tiff, identifier: identifier, replaceForeignMakerNote: false, file: path)
        }
        if changes.dropsThumbnail { try tiff.removeThumbnail() }
        if let orientation = changes.orientation { try tiff.setOrientation(orientation) }
        return tiff
    }

    /// The Motion Photo XMP packet with its directory set to `spans`.
    static func editedPacket(_ bytes: [UInt8], spans: [(length: Int64, padding: Int64)]) throws -> [UInt8] {
        try MotionPhotoXMP.packet(try XMPPacket(bytes: bytes), settingDirectory: spans)
    }

    /// A JPEG: a new header (its Exif and XMP segments), then the file from its first scan on, as it is.
    static func writeJPEG(_ input: InputFile, _ changes: RepairEdit.StillChanges, to out: StagedFile) throws(LivePhotoError) {
        let file = input.file
        let (header, tail) = try naming(input.path) { () throws -> ([UInt8], Int64) in
            let jpeg = try JPEGFile(file: file)
            let size = jpeg.width.flatMap { w in jpeg.height.map { (w, $0) } }
            let tiff = try editedTIFF(try jpeg.exifTIFF(in: file), size: size, changes: changes, path: input.path)
            var xmp: [UInt8]?
            if let spans = changes.directory {
                guard let packet = try jpeg.xmpPacket(in: file) else { throw FormatError(.malformed, "the XMP packet is gone") }
                xmp = try editedPacket(packet.bytes, spans: spans)
            }
            return (try jpeg.headerReplacingMetadata(tiff: tiff?.bytes, xmp: xmp, in: file), jpeg.scanOffset)
        }
        try out.write(header)
        try out.copy(from: file, offset: tail, length: file.size - tail, progress: { _ in })
    }

    /// A HEIC: the Exif item's and the primary XMP item's payloads rewritten. A payload of the old length (an
    /// orientation, an unlinked thumbnail, a directory fitted into the packet's padding) is written over the old one
    /// and nothing else moves; a longer Exif payload (a MakerNote added) goes into a new `mdat` at the end, which a
    /// Motion Photo (its video box must stay last) refuses.
    static func writeHEIC(_ input: InputFile, _ changes: RepairEdit.StillChanges, to out: StagedFile) throws(LivePhotoError) {
        let file = input.file
        let path = input.path
        if changes.relaysVideo {
            let pieces = try naming(path) { () throws -> [MovieLayout.Piece] in
                let heif = try HEIFFile(file: file)
                var exif: [UInt8]?
                if changes.changesExif, let item = heif.exifItem {
                    let payload = try heif.itemData(item.id, in: file)
                    if let start = HEIFFile.tiffStart(inExifItem: payload),
                        let tiff = try editedTIFF(Array(payload[start...]), size: heif.primaryImageSize, changes: changes, path: path)
                    {
                        exif = Array(payload[..<start]) + tiff.bytes
                    }
                }
                return try RepairHEICLayout.pieces(file, heif: heif, exif: exif)
            }
            try out.write(pieces, from: file)
            return
        }
        let edit = try naming(path) { () throws -> HEIFItemRewrite in
            let heif = try HEIFFile(file: file)
            var replacements: [(offset: Int64, length: Int64, bytes: [UInt8])] = []
            var appended: [UInt8] = []
            var metaChanged = false
            if changes.changesExif {
                if let item = heif.exifItem {
                    let payload = try heif.itemData(item.id, in: file)
                    guard let start = HEIFFile.tiffStart(inExifItem: payload) else {
                        throw FormatError(.malformed, "the Exif item holds no TIFF header")
                    }
                    if let tiff = try editedTIFF(Array(payload[start...]), size: heif.primaryImageSize, changes: changes, path: path) {
                        let newPayload = Array(payload[..<start]) + tiff.bytes
                        let rewrite = try heif.rewritingItem(item.id, payload: newPayload, fileSize: file.size)
                        if newPayload.count != payload.count {
                            guard !heif.hasMotionPhotoBoxes || rewrite.appended.isEmpty else {
                                throw FormatError(
                                    .unsupported, "the Exif item cannot grow in a Motion Photo, whose video must end the file")
                            }
                            metaChanged = true
                            replacements += rewrite.replacements
                            appended = rewrite.appended
                        } else {
                            replacements += rewrite.replacements.filter { $0.offset != heif.metaHeader.offset }
                        }
                    }
                } else if let identifier = changes.identifier {
                    let tagged = try TaggedHEIC.addingExifItem(heif: heif, source: file, identifier: identifier)
                    metaChanged = true
                    replacements += tagged.replacements
                    appended = tagged.appended
                }
            }
            if let spans = changes.directory {
                guard let item = heif.primaryXMPItem else { throw FormatError(.malformed, "the XMP item is gone") }
                let payload = try heif.itemData(item.id, in: file, limit: XMPPacket.maxSize)
                guard let fitted = XMPPacket.resized(try editedPacket(payload, spans: spans), to: payload.count) else {
                    throw FormatError(
                        .unsupported, "the new directory does not fit in the XMP packet's padding, and a Motion Photo's boxes cannot move")
                }
                let rewrite = try heif.rewritingItem(item.id, payload: fitted, fileSize: file.size)
                replacements += rewrite.replacements.filter { $0.offset != heif.metaHeader.offset || !metaChanged }
            }
            return HEIFItemRewrite(replacements: replacements.sorted { $0.offset < $1.offset }, appended: appended)
        }
        try out.write(edit, from: file, path: path)
    }

    /// A movie: a new `moov` (the identifier set, a `live-photo-info` track added), the media data copied as it is.
    static func writeMovie(_ input: InputFile, _ changes: RepairEdit.MovieChanges, to out: StagedFile) throws(LivePhotoError) {
        let file = input.file
        let layout = try naming(input.path) { () throws -> MovieLayout in
            let movie = try Movie(file: file)
            var rewrite = try MovieRewrite(movie: movie, fileType: movie.fileType ?? .quickTime)
            rewrite.keepsOtherTopLevelBoxes = true
            if let identifier = changes.identifier {
                rewrite.metadata = MovieRewrite.MetadataEdit(
                    setting: [(AppleMovieMetadata.contentIdentifierKey, .utf8(identifier.rawValue))], newMetadataPlace: .movieBox,
                    refusesOtherMetadata: true)
            }
            if changes.addsLivePhotoInfo, let video = movie.videoTrack {
                rewrite.livePhotoInfoVideo = video
                rewrite.updatesHeader = true
            }
            try rewrite.checkSupported()
            return try rewrite.layout(sourceOffset: file.fileOffset(0))
        }
        try out.write(layout.pieces, from: file)
    }
}

import MediaFormats

/// A JPEG still carrying the content identifier in its Apple MakerNote (docs/formats/live-photo.md#writing-the-identifier-into-a-still).
///
/// Only the Exif APP1 segment changes; every other segment and the compressed image data are copied verbatim.
package struct TaggedStill {
    package let source: RandomAccessFile
    package let head: [UInt8]
    package let tailOffset: Int64
    /// The maker whose MakerNote was replaced by Apple's (IFD0 `Make`), when one was.
    package let replacedMakerNote: String?
    /// Bytes between the source's segments that are no segment, kept where they lie
    /// (docs/formats/live-photo.md#stray-bytes-between-segments).
    package var strayBytes: [JPEGFile.StrayBytes] = []

    package var copiedBytes: Int64 { source.size - tailOffset }

    /// The tagged JPEG: the new header, then the image data as it is.
    package var output: SplicedFile {
        SplicedFile(pieces: [.bytes(head), .copy(source, offset: tailOffset, length: source.size - tailOffset)])
    }

    /// - Parameter replaceForeignMakerNote: replace a MakerNote that is not Apple's (otherwise an error).
    package static func plan(source input: InputFile, identifier: ContentIdentifier, replaceForeignMakerNote: Bool) throws(LivePhotoError)
        -> TaggedStill
    {
        let (source, path) = (input.file, input.path)
        guard input.kind == .jpeg else {
            let head = try naming(path, try source.readUpTo(at: 0, count: 8))
            throw .badInput(file: path, reason: "not a JPEG image: \(JPEGFile.notJPEGReason(head: head))")
        }
        let jpeg = try naming(path, try JPEGFile(file: source))
        let exif = try naming(path, try jpeg.exifTIFF(in: source))
        var tiff = try naming(path, try ExifTIFF(bytes: exif ?? ExifTIFF.minimal(width: jpeg.width, height: jpeg.height)))
        let replaced = try tagTIFF(&tiff, identifier: identifier, replaceForeignMakerNote: replaceForeignMakerNote, file: path)
        let head = try naming(path, try jpeg.headerReplacingExif(with: tiff.bytes, in: source))
        return TaggedStill(
            source: source, head: head, tailOffset: jpeg.scanOffset, replacedMakerNote: replaced, strayBytes: jpeg.strayBytes)
    }

    /// Puts the identifier in the Apple MakerNote of `tiff` (creating the MakerNote when there is none).
    /// - Returns: the maker (IFD0 `Make`, or "another camera maker") whose MakerNote was replaced, if one was.
    @discardableResult
    package static func tagTIFF(_ tiff: inout ExifTIFF, identifier: ContentIdentifier, replaceForeignMakerNote: Bool, file: String)
        throws(LivePhotoError) -> String?
    {
        var makerNote: AppleMakerNote
        var replaced: String?
        if let existing = tiff.makerNote {
            if AppleMakerNote.isApple(existing) {
                makerNote = try naming(file, try AppleMakerNote(bytes: existing))
            } else {
                let make = tiff.string(ifd0Tag: ExifTIFF.makeTag)?.trimmingASCIIWhitespace() ?? ""
                let maker = make.isEmpty ? "another camera maker" : make
                guard replaceForeignMakerNote else {
                    throw .refused(
                        file: file, reason: "the photo has a MakerNote from \(maker), not Apple's", remedy: .replaceForeignMakerNote)
                }
                makerNote = .empty()
                replaced = maker
            }
        } else {
            makerNote = .empty()
        }
        try naming(file, try makerNote.setString(identifier.rawValue, for: AppleMakerNote.contentIdentifierTag))
        try naming(file, try tiff.setMakerNote(makerNote.bytes))
        return replaced
    }
}

/// The still as it will be written: the tagged JPEG, the tagged HEIC, or a file already encoded (natively, by heif-enc
/// in the work folder).
package enum StillOutput {
    case jpeg(TaggedStill)
    case heic(TaggedHEIC)
    case encoded(RandomAccessFile)

    /// The maker whose MakerNote was replaced by Apple's, when one was.
    package var replacedMakerNote: String? {
        switch self {
        case .jpeg(let still): return still.replacedMakerNote
        case .heic(let still): return still.replacedMakerNote
        case .encoded: return nil
        }
    }

    package var copiedBytes: Int64 { output.copiedBytes }

    package var output: SplicedFile {
        switch self {
        case .jpeg(let still): return still.output
        case .heic(let still): return still.output
        case .encoded(let file): return SplicedFile(pieces: [.copy(file, offset: 0, length: file.size)])
        }
    }
}

import LivePhotoMedia
import MediaFormats
internal import PortableFoundation

/// A JPEG still carrying the content identifier in its Apple MakerNote (docs/formats/live-photo.md#writing-the-identifier-into-a-still).
///
/// Only the Exif APP1 segment changes; every other segment and the compressed image data are copied verbatim.
struct TaggedStill {
    let source: RandomAccessFile
    let head: [UInt8]
    let tailOffset: Int64
    /// The maker whose MakerNote was replaced by Apple's (IFD0 `Make`), when one was.
    let replacedMakerNote: String?

    var copiedBytes: Int64 { source.size - tailOffset }

    /// - Parameter replaceForeignMakerNote: replace a MakerNote that is not Apple's (otherwise an error).
    static func plan(source input: InputFile, identifier: ContentIdentifier, replaceForeignMakerNote: Bool) throws(LivePhotoError)
        -> TaggedStill
    {
        let (source, path) = (input.file, input.path)
        return try naming(path) {
            switch input.kind {
            case .jpeg: break
            default:
                throw LivePhotoError.badInput(
                    file: path, reason: "not a JPEG image: \(JPEGFile.notJPEGReason(head: try source.readUpTo(at: 0, count: 8)))")
            }
            let jpeg = try JPEGFile(file: source)
            var tiff = try ExifTIFF(bytes: try jpeg.exifTIFF(in: source) ?? ExifTIFF.minimal(width: jpeg.width, height: jpeg.height))
            let replaced = try tagTIFF(&tiff, identifier: identifier, replaceForeignMakerNote: replaceForeignMakerNote, file: path)
            let head = try jpeg.headerReplacingExif(with: tiff.bytes, in: source)
            return TaggedStill(source: source, head: head, tailOffset: jpeg.scanOffset, replacedMakerNote: replaced)
        }
    }

    /// Puts the identifier in the Apple MakerNote of `tiff` (creating the MakerNote when there is none).
    /// - Returns: the maker (IFD0 `Make`, or "another camera maker") whose MakerNote was replaced, if one was.
    @discardableResult
    static func tagTIFF(_ tiff: inout ExifTIFF, identifier: ContentIdentifier, replaceForeignMakerNote: Bool, file: String) throws
        -> String?
    {
        var makerNote: AppleMakerNote
        var replaced: String?
        if let existing = tiff.makerNote {
            if AppleMakerNote.isApple(existing) {
                makerNote = try AppleMakerNote(bytes: existing)
            } else if replaceForeignMakerNote {
                makerNote = .empty()
                let make = tiff.string(ifd0Tag: ExifTIFF.makeTag)?.trimmingWhitespace() ?? ""
                replaced = make.isEmpty ? "another camera maker" : make
            } else {
                throw LivePhotoError.refused(
                    file: file, reason: "the photo has a MakerNote from another camera maker", remedy: .replaceForeignMakerNote)
            }
        } else {
            makerNote = .empty()
        }
        try makerNote.setString(identifier.rawValue, for: AppleMakerNote.contentIdentifierTag)
        try tiff.setMakerNote(makerNote.bytes)
        return replaced
    }

    func write(to out: StagedFile, progress: (Int64) -> Void) throws(LivePhotoError) {
        try out.write(head)
        try out.copy(from: source, offset: tailOffset, length: source.size - tailOffset, progress: progress)
    }
}

/// The still as it will be written: the tagged JPEG, the tagged HEIC, or a file already encoded in the work folder.
enum StillOutput {
    case jpeg(TaggedStill)
    case heic(TaggedHEIC)
    case encoded(RandomAccessFile)

    /// The maker whose MakerNote was replaced by Apple's, when one was.
    var replacedMakerNote: String? {
        switch self {
        case .jpeg(let still): return still.replacedMakerNote
        case .heic(let still): return still.replacedMakerNote
        case .encoded: return nil
        }
    }

    var copiedBytes: Int64 {
        switch self {
        case .jpeg(let still): return still.copiedBytes
        case .heic(let still): return still.copiedBytes
        case .encoded(let file): return file.size
        }
    }

    func write(to out: StagedFile, progress: (Int64) -> Void) throws(LivePhotoError) {
        switch self {
        case .jpeg(let still): try still.write(to: out, progress: progress)
        case .heic(let still): try still.write(to: out, progress: progress)
        case .encoded(let file): try out.copy(from: file, offset: 0, length: file.size, progress: progress)
        }
    }
}

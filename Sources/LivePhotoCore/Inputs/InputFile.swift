import MediaFormats

/// A file the user gave, opened once and identified once: what every operation asks of an input before it reads it.
///
/// Its ``kind`` comes from the first bytes (never the name). A still's Motion Photo reading (its video, its XMP, the
/// makers' trailers and tails, vivo's footer) is done the first time it is asked for, and kept. Every error names
/// ``path``, the user's file.
package final class InputFile {
    /// The file as the user named it: what errors and notes say.
    package let path: String
    /// The open file (for a movie read inside a Motion Photo, that slice of it).
    package let file: RandomAccessFile
    /// What the file is, from its first bytes.
    package let kind: FileKind
    /// The Motion Photo reading, once it was done.
    private var motionReading: Result<MotionPhotoFile, LivePhotoError>?

    /// Identifies a file already open (natively, `InputFile(path:)` opens one; in a browser, the page's file; a movie
    /// inside a Motion Photo, a slice of it), named `path` in errors.
    package init(opened file: RandomAccessFile, path: String) throws(LivePhotoError) {
        self.path = path
        self.file = file
        kind = try naming(path, try FileKind(FileSignature.identify(file)))
    }

    /// The still's Motion Photo reading (a JPEG or HEIC): where its video is, if it holds one, and its makers' marks.
    /// Read the first time it is asked for.
    /// - Throws: ``LivePhotoError`` naming ``path``: the still is broken, or its metadata names a video that is not there.
    package func motionPhoto() throws(LivePhotoError) -> MotionPhotoFile {
        if let motionReading { return try motionReading.get() }
        do {
            let motion = try naming(path, try MotionPhotoFile(file: file))
            motionReading = .success(motion)
            return motion
        } catch {
            motionReading = .failure(error)
            throw error
        }
    }

    /// The Motion Photo reading when the still holds a video; nil for a plain still, a movie, or a file that cannot be
    /// read as a Motion Photo.
    package var motionPhotoWithVideo: MotionPhotoFile? {
        guard kind.isStill, let motion = try? motionPhoto(), motion.isMotionPhoto else { return nil }
        return motion
    }

    /// True for a still that holds its video (a Motion Photo of any maker).
    package var isMotionPhoto: Bool { motionPhotoWithVideo != nil }

    /// The pairing id of a vivo pair's photo: a JPEG that ends with vivo's footer and holds no video of its own.
    package var vivoPairingID: String? {
        guard kind.isStill, let motion = try? motionPhoto(), !motion.isMotionPhoto else { return nil }
        return motion.vivoFooter?.pairingID
    }

    /// Whose Motion Photo the still is, judged by its marks; nil when it holds no video.
    package var motionFamily: PhotoFamily? { motionPhotoWithVideo.flatMap(PhotoFamily.init(recognising:)) }
}

extension FileKind {
    /// The kind a file signature names.
    package init(_ signature: FileSignature) {
        switch signature {
        case .jpeg: self = .jpeg
        case .heic: self = .heic
        case .avif: self = .avif
        case .quickTime: self = .quicktime
        case .mp4: self = .mp4
        case .zip: self = .zip
        case .unknown: self = .unknown
        }
    }
}

import LivePhotoCore

extension StagedFile {
    /// Streams `file`'s pieces: its bytes as they are, its runs copied from their inputs.
    func write(_ file: SplicedFile, progress: (Int64) -> Void) throws(LivePhotoError) {
        for piece in file.flattened().pieces {
            switch piece {
            case .copy(let source, let offset, let length):
                if length > 0 { try copy(from: source, offset: offset, length: length, progress: progress) }
            case .bytes(let b): try write(b)
            }
        }
    }
}

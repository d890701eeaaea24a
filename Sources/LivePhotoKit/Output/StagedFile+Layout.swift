import MediaFormats

extension StagedFile {
    /// Streams a layout's `pieces` (a movie's, a re-laid HEIF's): its bytes as they are, its runs copied from `source`.
    func write(_ pieces: [MovieLayout.Piece], from source: RandomAccessFile, progress: (Int64) -> Void = { _ in }) throws(LivePhotoError) {
        for piece in pieces {
            switch piece {
            case .bytes(let bytes): try write(bytes)
            case .copy(let offset, let length): try copy(from: source, offset: offset, length: length, progress: progress)
            }
        }
    }
}

import MediaFormats

extension StagedFile {
    /// Streams `source` with `edit` made: its replacements written over the ranges they replace, then the bytes it
    /// appends. `path` names the file in errors.
    func write(_ edit: HEIFItemRewrite, from source: RandomAccessFile, path: String) throws(LivePhotoError) {
        var position: Int64 = 0
        for (offset, length, bytes) in edit.replacements {
            guard offset >= position else { throw .badInput(file: path, reason: "two edits of the file overlap at byte \(offset)") }
            try copy(from: source, offset: position, length: offset - position, progress: { _ in })
            try write(bytes)
            position = offset + length
        }
        try copy(from: source, offset: position, length: source.size - position, progress: { _ in })
        try write(edit.appended)
    }
}

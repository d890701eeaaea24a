extension ExifTIFF {
    /// The TIFF in `bytes` with the Apple MakerNote's content identifier (tag 0x0011) removed at the same size, and
    /// the identifier it held.
    /// - Returns: nil when the TIFF has no Apple MakerNote or the MakerNote no identifier.
    /// - Throws: ``FormatError`` when the TIFF or the MakerNote cannot be read, or the edit would change the size.
    public static func removingAppleContentIdentifier(_ bytes: [UInt8]) throws(FormatError) -> (tiff: [UInt8], identifier: String?)? {
        var tiff = try ExifTIFF(bytes: bytes)
        guard let note = tiff.makerNote, AppleMakerNote.isApple(note) else { return nil }
        var makerNote = try AppleMakerNote(bytes: note)
        let identifier = makerNote.string(AppleMakerNote.contentIdentifierTag).flatMap { $0.isEmpty ? nil : $0 }
        guard try makerNote.removeTag(AppleMakerNote.contentIdentifierTag) else { return nil }
        try tiff.setMakerNote(makerNote.bytes)
        guard tiff.bytes.count == bytes.count else { throw FormatError(.unsupported, "the Exif data changed size") }
        return (tiff.bytes, identifier)
    }
}

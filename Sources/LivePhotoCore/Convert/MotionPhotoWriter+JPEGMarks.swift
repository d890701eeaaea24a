import MediaFormats

extension MotionPhotoWriter {
    /// What a maker's flavour adds to a JPEG's XMP and Exif: its declared ``MakerMark``s, as bytes.
    package struct JPEGMarks {
        var xmp: [XMPPropertyGroup] = []
        var microVideoOffset: Int64?
        var exif: [MakerMarks.ExifTag] = []
        /// The byte order the maker's Exif should have, when it has one.
        var exifOrder: ByteOrder?

        package init() {}

        /// The `marks` of a flavour, for an MP4 of `videoLength` bytes whose cover is at `timestampUs`.
        init(_ marks: [MakerMark], videoLength: Int64, timestampUs: Int64) {
            for mark in marks {
                switch mark {
                case .oppoFields: xmp.append(MakerMarks.oppoProperties(videoLength: videoLength, timestampUs: timestampUs))
                case .oppoUserComment: exif += MakerMarks.oppoExif()
                case .exifByteOrder(let order): exifOrder = order
                case .vivoFields: xmp.append(MakerMarks.vivoProperties())
                case .vivoUserComment: exif += MakerMarks.vivoExif()
                case .microVideoFields: microVideoOffset = videoLength
                case .xiaomiExifTag: exif += MakerMarks.xiaomiExif()
                }
            }
        }
    }
}

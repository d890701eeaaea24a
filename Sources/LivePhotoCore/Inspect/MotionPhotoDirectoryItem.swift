import MediaFormats

extension InspectionReport {
    /// One item of a Motion Photo's XMP `Container:Directory`, as written.
    public struct MotionPhotoDirectoryItem: Sendable, Equatable, Codable {
        public var mime: String
        public var semantic: String
        /// Bytes the item occupies; 0 or absent for the primary image.
        public var length: Int64
        /// Bytes between the end of the item and the next one; Google applies it to the primary only.
        public var padding: Int64

        package init(_ item: MotionPhotoXMP.Item) {
            mime = item.mime
            semantic = item.semantic
            length = item.length
            padding = item.padding
        }
    }
}

import MediaFormats

/// The boxes of a file, for people debugging their files (`inspect --boxes`): every box of a movie or HEIF image,
/// or of the video inside a JPEG Motion Photo, with the fields of the boxes the project edits.
public struct BoxListing: Sendable, Codable, Equatable {
    public struct Box: Sendable, Codable, Equatable {
        /// 0 for a top-level box (of the file, or of the embedded video).
        public var depth: Int
        public var type: String
        public var offset: Int64
        public var size: Int64
        /// Name and value of each field, in order, for the boxes declared field by field.
        public var fields: [Field]
        /// What could not be read in it, if anything.
        public var problem: String?
    }

    public struct Field: Sendable, Codable, Equatable {
        public var name: String
        public var value: String
    }

    public var path: String
    /// Where the boxes are: "file", or "embedded video" for a JPEG Motion Photo.
    public var scope: String
    public var boxes: [Box]

    /// Lists the boxes of the file at `path`.
    /// - Throws: ``LivePhotoError`` when the file cannot be opened, or holds no boxes (a JPEG without a video).
    public static func read(_ path: String) throws(LivePhotoError) -> BoxListing {
        let file = try LivePhotoMaker.open(path)
        let (scope, boxes) = try naming(path) { try BoxWalker.walkFile(file) }
        return BoxListing(
            path: path, scope: scope.rawValue,
            boxes: boxes.map { box in
                Box(
                    depth: box.depth, type: box.type.description, offset: box.offset, size: box.size,
                    fields: box.fields.map { Field(name: $0.name, value: $0.value) }, problem: box.problem)
            })
    }
}

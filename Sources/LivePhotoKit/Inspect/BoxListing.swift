import MediaFormats

/// The boxes of a file, for people debugging their files (`inspect --boxes`): every box of a movie or HEIF image,
/// or of the video inside a JPEG Motion Photo, with the fields of the boxes the project edits.
package struct BoxListing: Sendable, Codable, Equatable {
    package struct Box: Sendable, Codable, Equatable {
        /// 0 for a top-level box (of the file, or of the embedded video).
        package var depth: Int
        package var type: String
        package var offset: Int64
        package var size: Int64
        /// Name and value of each field, in order, for the boxes declared field by field.
        package var fields: [Field]
        /// What could not be read in it, if anything.
        package var problem: String?
    }

    package struct Field: Sendable, Codable, Equatable {
        package var name: String
        package var value: String
    }

    package var path: String
    /// Where the boxes are: "file", or "embedded video" for a JPEG Motion Photo.
    package var scope: String
    package var boxes: [Box]

    /// Lists the boxes of the file at `path`.
    /// - Throws: `LivePhotoError` when the file cannot be opened, or holds no boxes (a JPEG without a video).
    package static func read(_ path: String) throws(LivePhotoError) -> BoxListing {
        let file = try InputFile(path: path).file
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

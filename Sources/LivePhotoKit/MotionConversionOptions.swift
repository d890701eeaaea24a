/// Where and how ``LivePhotoConverter/toMotionPhoto(photo:movie:options:progress:)`` writes.
public struct MotionConversionOptions: Sendable {
    /// The folder the Motion Photo goes to; created when missing.
    public var outputDirectory: String
    /// The output's stem (`STEM.MP.jpg`); defaults to the photo's.
    public var name: String?
    /// Overwrite an existing output, and accept the parts of two different Live Photos.
    public var force: Bool

    public init(outputDirectory: String = ".", name: String? = nil, force: Bool = false) {
        self.outputDirectory = outputDirectory
        self.name = name
        self.force = force
    }
}

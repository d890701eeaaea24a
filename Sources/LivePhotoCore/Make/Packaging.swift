/// How `make` packages its output.
public enum Packaging: String, Sendable, Codable, CaseIterable {
    /// `STEM.JPG` and `STEM.MOV` side by side: import both into Photos on a Mac.
    case pair
    /// A `STEM.pvt` folder bundle.
    case bundle = "pvt"
    /// `STEM.pvt.zip`: the bundle zipped, the form the Files app on an iPhone opens.
    case zippedBundle = "pvt-zip"
}

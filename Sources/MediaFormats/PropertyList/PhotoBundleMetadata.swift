/// The `metadata.plist` of a `.pvt` bundle (docs/formats/bundles.md#the-pvt-folder): the property list makelive
/// writes and Photos reads beside the still and the movie.
public enum PhotoBundleMetadata {
    /// The file's name in the bundle.
    public static let fileName = "metadata.plist"

    /// The property list, as text.
    public static let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>PFVideoComplementMetadataVersionKey</key>
        \t<string>1</string>
        </dict>
        </plist>

        """

    /// The property list's bytes (UTF-8).
    public static var bytes: [UInt8] { Array(text.utf8) }
}

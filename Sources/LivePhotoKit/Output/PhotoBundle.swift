/// The `.pvt` bundle (docs/formats/bundles.md#the-pvt-folder): a folder with the still, the movie and `metadata.plist`.
enum PhotoBundle {
    static let metadataFileName = "metadata.plist"

    /// The property list makelive writes and Photos reads from a `.pvt` bundle.
    static let metadataPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>PFVideoComplementMetadataVersionKey</key>
        \t<string>1</string>
        </dict>
        </plist>

        """
}

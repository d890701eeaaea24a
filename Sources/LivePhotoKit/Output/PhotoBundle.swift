import MediaFormats

/// The `.pvt` bundle (docs/formats/bundles.md#the-pvt-folder): a folder with the still, the movie and `metadata.plist`
/// (MediaFormats' ``PhotoBundleMetadata``).
enum PhotoBundle {
    static let metadataFileName = PhotoBundleMetadata.fileName

    /// The property list makelive writes and Photos reads from a `.pvt` bundle.
    static let metadataPlist = PhotoBundleMetadata.text
}

// Where a HEIC Motion Photo's video box lies among the top-level boxes (docs/formats/samsung.md#heic-layouts): the
// `mpvd` box holds the MP4 and must end the file, followed at most by Samsung's `sefd` trailer and padding.
extension HEIFFile {
    /// The top-level box that holds a HEIC Motion Photo's video.
    public static let motionPhotoVideoBoxType: FourCC = "mpvd"

    /// The top-level boxes that may follow the video box: Samsung's trailer (`sefd`) and padding (`free`, `skip`).
    public static let boxTypesAfterMotionPhotoVideo: Set<FourCC> = [SamsungTrailerWriter.sefdBoxType, "free", "skip"]

    /// The first top-level video box (`mpvd`); nil when the file has none.
    public var motionPhotoVideoBox: BoxHeader? { topLevel.first { $0.type == Self.motionPhotoVideoBoxType } }

    /// The first top-level box after the last video box that may not follow it (the video must end the file); nil
    /// when the video ends the file, or there is no video box.
    public var boxAfterMotionPhotoVideo: BoxHeader? {
        guard let index = topLevel.lastIndex(where: { $0.type == Self.motionPhotoVideoBoxType }) else { return nil }
        return topLevel[(index + 1)...].first { !Self.boxTypesAfterMotionPhotoVideo.contains($0.type) }
    }
}

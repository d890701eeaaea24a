/// Where a flavour puts the MP4 and what it writes around it: what each maker's reader follows to the video
/// (docs/formats/motion-photo.md, docs/formats/samsung.md, docs/formats/makers.md).
package enum MotionPhotoLayout: Sendable, Equatable {
    /// Google's: the still with the Motion Photo XMP, whose directory names the MP4 behind the image (in a HEIC,
    /// inside an `mpvd` box), then `trailer`.
    case directory(trailer: VideoTrailer)
    /// HUAWEI's: the still as it is, the MP4, then the 60-byte `LIVE_` tail with this version tag. HarmonyOS's
    /// galleries place the cover by the MP4's `com.openharmony.covertime`, and its media library takes 10 s at most.
    case movingPhotoTail(version: Int)
    /// vivo's up to the X200: two files, the photo and the MP4, each ending with vivo's footer carrying one pairing id.
    case vivoPair

    /// What follows the MP4 in Google's layout.
    package enum VideoTrailer: Sendable, Equatable {
        /// Nothing: the MP4 ends the file.
        case none
        /// Samsung's SEF trailer naming the same bytes: in a JPEG, a `MotionPhoto_Data` record's header before the MP4
        /// and the trailer after it; in a HEIC, a `sefd` box after the `mpvd`.
        case samsung
    }
}

import LivePhotoCore
import LivePhotoMedia

extension LivePhotoCore.VideoCodec {
    /// The same codec, as the ffmpeg layer names it.
    var media: LivePhotoMedia.VideoCodec {
        switch self {
        case .h264: .h264
        case .hevc: .hevc
        }
    }
}

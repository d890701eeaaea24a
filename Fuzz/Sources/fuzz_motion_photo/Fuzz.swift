import FuzzSupport

@testable import MediaFormats

/// The Motion Photo locator (directory, MicroVideoOffset, Samsung trailer, `mpvd`, HUAWEI's `LIVE_` tail, other makers'
/// XMP and Exif marks) on JPEG and HEIC files.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let file = FuzzFile.with(data, size) else { return 0 }
    if let motion = try? MotionPhotoFile(file: file), let video = motion.video {
        _ = try? EmbeddedMovie.length(in: file, start: video.offset, limit: video.end)
        _ = motion.maker
        _ = motion.coverTimeUs
        _ = EmbeddedMovie.metadata(in: file, span: video)
    }
    if let tail = try? HuaweiMovingPhotoTail(file: file) {
        _ = HuaweiMovingPhotoTail.encoded(
            version: tail.version ?? 6, frameIndex: tail.frameIndex ?? 0, coverMilliseconds: tail.coverMilliseconds ?? 0,
            videoLength: max(0, tail.videoEnd - tail.imageEnd))
    }
    if let trailer = try? SamsungTrailer(file: file, endingAt: file.size) {
        _ = try? trailer.heicVideoLocation(in: file)
    }
    return 0
}

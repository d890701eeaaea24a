import FuzzSupport
@testable import MediaFormats

/// The Motion Photo locator (directory, MicroVideoOffset, Samsung trailer, `mpvd`) on JPEG and HEIC files.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let file = FuzzFile.with(data, size) else { return 0 }
    if let motion = try? MotionPhotoFile(file: file), let video = motion.video {
        _ = try? EmbeddedMovie.length(in: file, start: video.offset, limit: video.end)
    }
    if let trailer = try? SamsungTrailer(file: file, endingAt: file.size) {
        _ = try? trailer.heicVideoLocation(in: file)
    }
    return 0
}

import FuzzSupport

@testable import MediaFormats

/// The Motion Photo locator (directory, MicroVideoOffset, Samsung trailer, `mpvd`, HUAWEI's `LIVE_` tail, other makers'
/// XMP and Exif marks) on JPEG and HEIC files, and what `repair` writes of them: the directory set to the video's true
/// range, the video found by its `ftyp`, Samsung's `mpv2` offset moved.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let file = FuzzFile.with(data, size) else { return 0 }
    if let motion = try? MotionPhotoFile(file: file), let video = motion.video {
        _ = try? EmbeddedMovie.length(in: file, start: video.offset, limit: video.end)
        for mark in [MotionPhotoFile.Mark.movingPhotoTail(version: 2), .samsungTrailerAlone, .oppoUserComment, .xiaomiExifTag] {
            _ = motion.carries(mark)
        }
        _ = motion.coverTimeUs
        _ = EmbeddedMovie.metadata(in: file, span: video)
        if let xmp = motion.xmp, let span = motion.xmpSpan,
            let bytes = try? file.read(at: span.offset, count: Int(min(span.length, 1 << 20))),
            let packet = try? XMPPacket(bytes: bytes)
        {
            let spans = xmp.directory.map { _ in (length: Int64(video.length), padding: Int64(7)) }
            if let edited = try? MotionPhotoXMP.packet(packet, settingDirectory: spans) {
                // What was set reads back.
                guard let items = try? MotionPhotoXMP(packet: XMPPacket(bytes: edited)).directory,
                    items.map(\.length) == spans.map(\.length), items.map(\.padding) == spans.map(\.padding)
                else { fatalError("a directory edit did not read back") }
            }
        }
        _ = try? motion.samsungTrailer?.heicVideoOffsetField(video.offset)
    }
    _ = EmbeddedMovie.search(in: file, from: 0, searchLength: 1 << 16)
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

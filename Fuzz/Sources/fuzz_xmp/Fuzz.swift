import FuzzSupport

@testable import MediaFormats

/// The XMP scanner, the Motion Photo properties and directory, and the writers that edit a packet.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let packet = try? XMPPacket(bytes: bytes) else { return 0 }
    if let motion = try? MotionPhotoXMP(packet: packet) {
        _ = try? MotionPhotoFile.walkDirectory(motion.directory, fileSize: 1 << 20)
    }
    _ = MotionPhotoXMP.blankingMotionProperties(in: packet)
    _ = try? MotionPhotoXMPWriter.packet(
        existing: packet, primaryMime: "image/jpeg", primaryPadding: 0, videoLength: 1000, timestampUs: 500_000)
    return 0
}

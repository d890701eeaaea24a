import Foundation
import MediaFormats

/// A new key photo keeps the old still's metadata: its Exif (dates, GPS, the camera, the MakerNote with the
/// identifier) moves onto the new frame, with what no longer holds made true (upright, the new pixel size, sRGB as the
/// frame is, no old thumbnail). The old ICC profile and XMP (which may describe a gain map) are not carried.
enum KeyPhotoMetadata {
    /// A copy of the JPEG `frame`, in `work`, carrying `old`'s Exif; `frame` itself when `old` has none.
    /// - Parameter removingIdentifier: leave the Apple content identifier out (a still that is not a Live Photo's).
    static func carry(from old: String, into frame: String, work: String, removingIdentifier: Bool = false) throws(LivePhotoError)
        -> String
    {
        let oldFile = try LivePhotoMaker.open(old), frameFile = try LivePhotoMaker.open(frame)
        let tiff: [UInt8]? = try naming(old) {
            switch try FileKind.detect(oldFile) {
            case .jpeg: try JPEGFile(file: oldFile).exifTIFF(in: oldFile)
            case .heic: try HEIFFile(file: oldFile).exifTIFF(in: oldFile)
            default: nil
            }
        }
        guard var tiff else { return frame }
        if removingIdentifier, let stripped = try naming(old, { try ExifTIFF.removingAppleContentIdentifier(tiff) }) {
            tiff = stripped.tiff
        }
        let output = "\(work)/\(URL(fileURLWithPath: frame).deletingPathExtension().lastPathComponent)-with-metadata.jpg"
        try naming(frame) {
            let jpeg = try JPEGFile(file: frameFile)
            var exif = try ExifTIFF(bytes: tiff)
            try exif.describeNewPixels(width: jpeg.width ?? 0, height: jpeg.height ?? 0)
            let header = try jpeg.headerReplacingExif(with: exif.bytes, in: frameFile)
            let rest = try frameFile.read(at: jpeg.scanOffset, count: Int(frameFile.size - jpeg.scanOffset))
            try Data(header + rest).write(to: URL(fileURLWithPath: output))
        }
        return output
    }
}

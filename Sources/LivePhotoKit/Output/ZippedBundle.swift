import Foundation
import ZIPFoundation

/// A `.pvt.zip` (docs/formats/bundles.md#the-pvt-folder): the bundle's folder, its still and movie stored (media is
/// compressed already) and `metadata.plist` deflated, written by ZIPFoundation.
enum ZippedBundle {
    /// Writes the zip at `zipPath` (a hidden name the caller renames into place).
    /// - Parameters:
    ///   - bundleName: the folder inside the zip, `STEM.pvt`.
    ///   - members: each file's name in the bundle and where it is now.
    ///   - date: every entry's modification time.
    ///   - destination: the zip's final path, which errors name.
    ///   - counter: counts the members' bytes.
    static func write(
        to zipPath: String, bundleName: String, members: [(name: String, path: String)], date: Date, destination: String,
        counter: ProgressCounter
    ) throws(LivePhotoError) {
        do {
            let archive = try Archive(url: URL(fileURLWithPath: zipPath), accessMode: .create)
            try archive.addEntry(
                with: "\(bundleName)/", type: .directory, uncompressedSize: Int64(0), modificationDate: date, provider: { _, _ in Data() })
            for member in members {
                let url = URL(fileURLWithPath: member.path)
                try archive.addEntry(with: "\(bundleName)/\(member.name)", fileURL: url, compressionMethod: .none)
                counter.add((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int64) ?? 0)
            }
            let plist = Data(PhotoBundle.metadataPlist.utf8)
            try archive.addEntry(
                with: "\(bundleName)/\(PhotoBundle.metadataFileName)", type: .file, uncompressedSize: Int64(plist.count),
                modificationDate: date, compressionMethod: .deflate,
                provider: { position, size in plist.subdata(in: Int(position)..<Int(position) + size) })
        } catch {
            throw .writeFailed(path: destination, reason: "cannot write the zip archive: \(error)")
        }
    }
}

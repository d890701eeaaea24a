import Foundation
import MediaFormats
import ZIPFoundation

/// Finds the still and the movie of a `.pvt` bundle (a folder) or a `.pvt.zip` (FORMAT.md §6).
///
/// A zip is read defensively: entries with absolute paths, `..`, backslashes or links are refused, and only the
/// two media files are extracted, under their own base names, into a folder the caller owns, so nothing can be
/// written anywhere else. Extraction stops at the declared size, and at a compression ratio no photo or movie
/// has (a zip bomb).
enum BundleReader {
    static let maxEntries = 1000
    /// Past this many bytes, an entry that expands more than ``maxRatio`` times is refused. Photos and movies are
    /// compressed already (a camera's HEIC or MOV deflates by a few percent), so 1 MB tells a bomb early: a 16 KB entry
    /// declaring 256 MB stops after about 3 MB, not 16 MB.
    static let ratioFloor: UInt64 = 1 << 20
    static let maxRatio: UInt64 = 200
    static let stillExtensions: Set<String> = ["jpg", "jpeg", "heic", "heif"]
    static let movieExtensions: Set<String> = ["mov", "mp4", "m4v", "qt"]

    /// The still and movie in a bundle folder.
    static func members(ofFolder folder: String) throws(LivePhotoError) -> (still: String, movie: String) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        } catch {
            throw .io(path: folder, reason: "cannot list the folder: \(error.localizedDescription)")
        }
        let (still, movie) = try pick(names.filter { !$0.hasPrefix(".") }, in: folder)
        return ("\(folder)/\(still)", "\(folder)/\(movie)")
    }

    /// Extracts the still and movie of `zip` into `work`.
    static func extract(zip: String, into work: String) throws(LivePhotoError) -> (still: String, movie: String) {
        let archive: Archive
        do {
            archive = try Archive(url: URL(fileURLWithPath: zip), accessMode: .read)
        } catch {
            throw .badInput(file: zip, reason: "not a readable zip archive (\(error))")
        }
        var files: [String: Entry] = [:]
        var count = 0
        for entry in archive {
            count += 1
            guard count <= maxEntries else { throw .badInput(file: zip, reason: "the archive holds more than \(maxEntries) entries") }
            let path = entry.path
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            if path.hasPrefix("/") || path.contains("\\") || parts.contains("..") || path.contains("\0") {
                throw .badInput(file: zip, reason: "the archive holds an unsafe path '\(path)'; nothing was extracted")
            }
            switch entry.type {
            case .symlink: throw .badInput(file: zip, reason: "the archive holds a link ('\(path)'); nothing was extracted")
            case .directory: continue
            case .file: break
            }
            let name = String(parts.last ?? "")
            if name.hasPrefix(".") || parts.contains("__MACOSX") { continue }
            guard files[name] == nil else { throw .badInput(file: zip, reason: "the archive holds two files named '\(name)'") }
            files[name] = entry
        }
        let (stillName, movieName) = try pick(Array(files.keys).sorted(), in: zip)
        var extracted: [String] = []
        for name in [stillName, movieName] {
            guard let entry = files[name] else { continue }
            let destination = "\(work)/\(name)"
            try write(entry, of: archive, to: destination, zip: zip)
            extracted.append(destination)
        }
        return (extracted[0], extracted[1])
    }

    static func write(_ entry: Entry, of archive: Archive, to destination: String, zip: String) throws(LivePhotoError) {
        guard FileManager.default.createFile(atPath: destination, contents: nil), let handle = FileHandle(forWritingAtPath: destination)
        else {
            throw .writeFailed(path: destination, reason: "cannot create the file")
        }
        defer { try? handle.close() }
        let declared = entry.uncompressedSize
        let compressed = max(1, entry.compressedSize)
        var written: UInt64 = 0
        do {
            _ = try archive.extract(entry, skipCRC32: false) { data in
                written += UInt64(data.count)
                guard written <= declared else { throw BombError(reason: "'\(entry.path)' expands past its declared size") }
                guard written <= ratioFloor || written / compressed <= maxRatio else {
                    throw BombError(reason: "'\(entry.path)' expands more than \(maxRatio) times (a zip bomb?)")
                }
                guard !InterruptHandling.requested else { throw BombError(reason: "interrupted") }
                try handle.write(contentsOf: data)
            }
        } catch let error as BombError {
            if error.reason == "interrupted" { throw .interrupted }
            throw .badInput(file: zip, reason: "\(error.reason); extraction stopped")
        } catch {
            throw .badInput(file: zip, reason: "cannot extract '\(entry.path)': \(error)")
        }
        // The member keeps its date in the archive, so what is made of it keeps it too.
        if let date = entry.fileAttributes[.modificationDate] as? Date {
            let seconds = date.timeIntervalSince1970.rounded(.down)
            FileDates.setModificationTime(
                timespec(tv_sec: Int(seconds), tv_nsec: Int((date.timeIntervalSince1970 - seconds) * 1e9)),
                descriptor: handle.fileDescriptor)
        }
    }

    struct BombError: Error { let reason: String }

    /// One still and one movie among `names`, judged by extension.
    static func pick(_ names: [String], in container: String) throws(LivePhotoError) -> (String, String) {
        func ext(_ n: String) -> String { URL(fileURLWithPath: n).pathExtension.lowercased() }
        let stills = names.filter { stillExtensions.contains(ext($0)) }
        let movies = names.filter { movieExtensions.contains(ext($0)) }
        guard stills.count == 1, movies.count == 1 else {
            throw .badInput(
                file: container,
                reason: "a Live Photo bundle holds one photo and one movie; found \(stills.count) photos and \(movies.count) movies")
        }
        return (stills[0], movies[0])
    }
}

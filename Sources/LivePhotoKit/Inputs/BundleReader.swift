import MediaFormats
internal import PortableFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds the still and the movie of a `.pvt` bundle (a folder) or a `.pvt.zip` (docs/formats/bundles.md#the-pvt-folder).
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

    /// The still and movie in a bundle folder.
    static func members(ofFolder folder: String) throws(LivePhotoError) -> (still: String, movie: String) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        } catch {
            throw .io(path: folder, reason: "cannot list the folder: \(String(systemErrorOf: error))")
        }
        let (still, movie) = try pick(names.filter { !$0.hasPrefix(".") }, in: folder)
        return ("\(folder)/\(still)", "\(folder)/\(movie)")
    }

    /// Extracts the still and movie of `zip` into `work`.
    ///
    /// The directory is read by MediaFormats' ``ZipDirectory`` and each member's bytes are copied or inflated from
    /// exactly its own range (a fuzzed archive once made a library's inflate loop read on forever past a stream that
    /// did not end within the file: docs/formats/bundles.md#reading-a-pvtzip-safely).
    static func extract(zip: String, into work: String) throws(LivePhotoError) -> (still: String, movie: String) {
        let file = try InputFile(path: zip).file
        let members: [ZipMember]
        do {
            members = try ZipDirectory.members(of: file, maxCount: maxEntries)
        } catch  where error.kind == .unsupported {
            throw .badInput(file: zip, reason: error.message)
        } catch {
            throw .badInput(file: zip, reason: "not a readable zip archive (\(error))")
        }
        var files: [String: ZipMember] = [:]
        for member in members {
            let path = member.name
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            if path.hasPrefix("/") || path.contains("\\") || parts.contains("..") || path.contains("\0") {
                throw .badInput(file: zip, reason: "the archive holds an unsafe path '\(path)'; nothing was extracted")
            }
            switch member.kind {
            case .symbolicLink: throw .badInput(file: zip, reason: "the archive holds a link ('\(path)'); nothing was extracted")
            case .directory: continue
            case .file: break
            }
            let name = String(parts.last ?? "")
            if name.isEmpty || name.hasPrefix(".") || parts.contains("__MACOSX") { continue }
            guard files[name] == nil else { throw .badInput(file: zip, reason: "the archive holds two files named '\(name)'") }
            files[name] = member
        }
        let (stillName, movieName) = try pick(Array(files.keys).sorted(), in: zip)
        var extracted: [String] = []
        for name in [stillName, movieName] {
            guard let member = files[name] else { continue }
            let destination = "\(work)/\(name)"
            try write(member, of: file, to: destination, zip: zip)
            extracted.append(destination)
        }
        return (extracted[0], extracted[1])
    }

    /// Writes `member`'s bytes to `destination` as MediaFormats' ``ZipMemberReader`` streams them, stopping at the
    /// first sign of damage or a bomb; the reader checks them against the member's size and CRC-32.
    static func write(_ member: ZipMember, of file: RandomAccessFile, to destination: String, zip: String) throws(LivePhotoError) {
        guard !member.isEncrypted else { throw .badInput(file: zip, reason: "'\(member.name)' is encrypted") }
        do {
            _ = try ZipDirectory.dataRange(of: member, in: file)
        } catch {
            throw .badInput(file: zip, reason: "cannot extract '\(member.name)': \(error)")
        }
        let descriptor = open(destination, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .writeFailed(path: destination, reason: "cannot create the file") }
        defer { close(descriptor) }
        do {
            try ZipMemberReader.read(
                member, of: file, ratioLimit: .init(maxRatio: maxRatio, floor: ratioFloor)
            ) { bytes throws(LivePhotoError) in
                guard !InterruptHandling.requested else { throw .interrupted }
                try writeAll(bytes, to: descriptor, path: destination)
            }
        } catch let error as LivePhotoError {
            throw error
        } catch let error as FormatError where error.kind == .malformed || error.kind == .unsupported {
            // A check at the member's end (its size, its CRC-32) found the damage after extraction ran its course.
            let atEnd = error.message.hasSuffix("(damaged?)") || error.message.hasSuffix("(the archive is damaged)")
            throw .badInput(file: zip, reason: atEnd ? error.message : "\(error.message); extraction stopped")
        } catch {
            throw .badInput(file: zip, reason: "cannot extract '\(member.name)': \(error)")
        }
        // The member keeps its date in the archive, so what is made of it keeps it too.
        if let seconds = member.modificationTime {
            FileDates.setModificationTime(timespec(tv_sec: Int(seconds), tv_nsec: 0), descriptor: descriptor)
        }
    }

    /// Writes all of `bytes` to `descriptor`, through short writes and interruptions.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(LivePhotoError) {
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + done, $0.count - done) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .writeFailed(path: path, reason: FileError.systemMessage(errno))
            }
            done += count
        }
    }

    /// One still and one movie among `names`, judged by extension.
    static func pick(_ names: [String], in container: String) throws(LivePhotoError) -> (String, String) {
        func ext(_ n: String) -> String { URL(fileURLWithPath: n).pathExtension.lowercased() }
        let stills = names.filter { MediaExtensions.stills.contains(ext($0)) }
        let movies = names.filter { MediaExtensions.movies.contains(ext($0)) }
        guard stills.count == 1, movies.count == 1 else {
            throw .badInput(
                file: container,
                reason: "a Live Photo bundle holds one photo and one movie; found \(stills.count) photos and \(movies.count) movies")
        }
        return (stills[0], movies[0])
    }
}

/// write(2), out of the reach of ``BundleReader/write(_:of:to:zip:)``'s name.
private func systemWrite(_ descriptor: Int32, _ start: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, start, count)
}

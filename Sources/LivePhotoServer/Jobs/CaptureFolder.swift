internal import PortableFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `serve --captures DIR`: each Camera Live Photo's pair is also kept in a folder of the user's (inside the gallery's
/// folder, the gallery then shows it). Files are copied under a hidden name and linked into place, so a name already
/// there is never replaced and nothing half-written is ever seen; a taken name gets a number (`Live_…-2`).
enum CaptureFolder {
    /// The stem of a capture taken now: `Live_20261125_114012`, in this machine's time zone.
    static func stem(at date: Date = Date()) -> String {
        "Live_\(String(localStampOf: date))"
    }

    /// Copies `files` (the photo and the movie) into `folder` under one free stem.
    /// - Returns: the names they were given.
    static func save(_ files: [String], stem: String, into folder: String) throws -> [String] {
        for attempt in 1...1000 {
            let base = attempt == 1 ? stem : "\(stem)-\(attempt)"
            let names = files.map { "\(base).\(URL(fileURLWithPath: $0).pathExtension)" }
            if try place(files, as: names, in: folder) { return names }
        }
        throw CaptureFolderError(text: "The captures folder has no free name for \(stem).")
    }

    /// Places every file under its name, or none: false when a name is taken.
    private static func place(_ files: [String], as names: [String], in folder: String) throws -> Bool {
        var placed: [String] = []
        for (file, name) in zip(files, names) {
            let final = "\(folder)/\(name)", hidden = "\(folder)/.\(name).livephoto-\(UUID().uuidString.prefix(8))"
            try FileManager.default.copyItem(atPath: file, toPath: hidden)
            defer { unlink(hidden) }
            guard link(hidden, final) == 0 else {
                let taken = errno == EEXIST
                for path in placed { unlink(path) }
                if taken { return false }
                throw CaptureFolderError(
                    text: "The Live Photo could not be saved in the captures folder (\(String(cString: strerror(errno)))).")
            }
            placed.append(final)
        }
        return true
    }
}

/// Why a capture could not be kept in the captures folder, in words for the page (no path).
struct CaptureFolderError: Error, CustomStringConvertible {
    var text: String
    var description: String { text }
}

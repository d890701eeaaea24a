import MediaFormats
internal import PortableFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps album membership the way `--albums` asks, once every file is written: `Albums/TITLE/` of relative links or
/// of copies, or one `albums.json` (`docs/guide/takeout.md#albums`).
enum TakeoutAlbums {
    /// The folder albums go in, under the output folder.
    static let folder = "Albums"
    static let jsonName = "albums.json"

    struct Album: Codable, Equatable {
        var title: String
        /// Files, relative to the output folder.
        var files: [String]
    }

    /// Writes `albums` (title → files, relative to `outputDirectory`); returns problems, one a file that could not be
    /// linked or copied. A link or copy already there from an earlier run is left as it is.
    static func write(_ albums: [String: [String]], mode: LibraryImport.AlbumMode, outputDirectory: String) throws(LivePhotoError)
        -> [String]
    {
        let sorted = albums.keys.sorted().map { Album(title: $0, files: Array(Set(albums[$0] ?? [])).sorted()) }
        var problems: [String] = []
        switch mode {
        case .none:
            return []
        case .json:
            let out = try StagedFile(destination: "\(outputDirectory)/\(jsonName)")
            try out.write(ImportPlan.albumsJSON(albums))
            try out.commit()
        case .links, .copies:
            var usedFolders: Set<String> = []
            for album in sorted {
                var name = ImportPlacement.shortened(ImportPlacement.safeName(album.title))
                if name.isEmpty { name = "Untitled" }
                var unique = name
                var number = 1
                while usedFolders.contains(unique.lowercased()) {
                    number += 1
                    unique = "\(name) (\(number))"
                }
                usedFolders.insert(unique.lowercased())
                let folder = "\(outputDirectory)/\(Self.folder)/\(unique)"
                try OutputLocation.prepareFolder(folder)
                for file in album.files {
                    let target = "../../\(file)"
                    guard let fileName = freeName(for: file, target: target, source: "\(outputDirectory)/\(file)", in: folder) else {
                        continue
                    }
                    let destination = "\(folder)/\(fileName)"
                    if mode == .links {
                        if symlink(target, destination) != 0 {
                            problems.append("\(Self.folder)/\(unique)/\(fileName): cannot link: \(FileError.systemMessage(errno))")
                        }
                    } else {
                        do throws(LivePhotoError) {
                            let source = try naming(file) { try RandomAccessFile(path: "\(outputDirectory)/\(file)") }
                            let out = try StagedFile(destination: destination, datedLike: "\(outputDirectory)/\(file)")
                            try out.copy(from: source, offset: 0, length: source.size, progress: { _ in })
                            try out.commit()
                        } catch {
                            if error.stopsTheRun { throw error }
                            problems.append("\(Self.folder)/\(unique)/\(fileName): cannot copy")
                        }
                    }
                }
            }
        }
        return problems
    }

    /// A name in the album's folder for `file`: its own, else numbered (two files of one name from two months);
    /// nil when the folder already has it (a link to the same target, or a copy of the same size, from an earlier run).
    static func freeName(for file: String, target: String, source: String, in folder: String) -> String? {
        let own = file.split(separator: "/").last.map(String.init) ?? file
        let (stem, ext) = ImportName.splitExtension(own)
        var name = own
        var number = 1
        while OutputLocation.exists("\(folder)/\(name)") {
            let existing = "\(folder)/\(name)"
            if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: existing) {
                if link == target { return nil }
            } else if (try? TakeoutLanding.sameBytes(existing, source)) == true {
                return nil
            }
            number += 1
            name = "\(stem)-\(number)\(ext)"
        }
        return name
    }
}

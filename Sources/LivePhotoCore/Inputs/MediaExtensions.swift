import MediaFormats

/// The file-name extensions of the photos and movies livephoto reads, declared once: which files a folder's walk,
/// a bundle or an import takes for media, what an output keeps as its name, what the server says a file is. A name
/// only ever suggests: what a file is comes from its bytes (``FileKind``); a file named as media whose bytes do not
/// read is worth a word (damaged), one of any other name is not.
package enum MediaExtensions {
    /// Each kind's extensions, in lower case, its usual one first.
    package static let byKind: [(kind: FileKind, names: [String])] = [
        (.jpeg, ["jpg", "jpeg"]), (.heic, ["heic", "heif"]), (.quicktime, ["mov", "qt"]), (.mp4, ["mp4", "m4v"]),
    ]

    /// Other names exports give the same formats (and AVIF's own): a file keeps such a name when its bytes agree, but
    /// one that does not read is not taken for a damaged photo or movie.
    package static let otherNames: [(kind: FileKind, names: [String])] = [
        (.jpeg, ["jpe", "jfif"]), (.heic, ["hif"]), (.avif, ["avif"]), (.mp4, ["3gp", "3g2"]),
    ]

    /// The extensions of stills: `jpg`, `jpeg`, `heic`, `heif`.
    package static let stills: Set<String> = names { $0.isStill }
    /// The extensions of movies: `mov`, `qt`, `mp4`, `m4v`.
    package static let movies: Set<String> = names { $0.isMovie }
    /// Every photo's and movie's extension.
    package static let all: Set<String> = stills.union(movies)

    /// The kind of file `ext` names (in any case); nil for a name livephoto does not read as media.
    package static func kind(ofExtension ext: String) -> FileKind? {
        let lower = ext.asciiLowercased()
        return byKind.first { $0.names.contains(lower) }?.kind
    }

    /// The extensions of `kind`, the usual one first; empty for a kind that is not a photo or a movie livephoto reads.
    package static func names(of kind: FileKind) -> [String] {
        byKind.first { $0.kind == kind }?.names ?? []
    }

    /// The extensions a file of `kind` keeps when its bytes agree: its own (``names(of:)``), then the other names
    /// exports give it (``otherNames``).
    package static func namesKept(for kind: FileKind) -> [String] {
        names(of: kind) + (otherNames.first { $0.kind == kind }?.names ?? [])
    }

    private static func names(where wanted: (FileKind) -> Bool) -> Set<String> {
        Set(byKind.filter { wanted($0.kind) }.flatMap { $0.names })
    }
}

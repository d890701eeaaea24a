import MediaFormats

/// Where each file of an imported library goes: a folder by capture time (`--layout`), the name it came with (Google's
/// copy number taken off, a name Google cut restored from its sidecar's title, the extension its bytes call for), and
/// a number when another item of the folder has the same stem, so that no two items look like one pair
/// (`docs/guide/takeout.md#names-and-folders`). Times are seconds since 1970, UTC.
package struct ImportPlacement {
    /// How the library's folders are laid out by capture time.
    package enum Layout: Sendable, Equatable {
        /// `YYYY/MM`.
        case yearMonth
        /// `YYYY`.
        case year
        /// One folder.
        case flat
    }

    package let layout: Layout
    /// The stems in use in each folder (relative), in lower case: those already there and those given out.
    private var stems: [String: Set<String>] = [:]

    package init(layout: Layout) {
        self.layout = layout
    }

    /// The folder items hidden in Photos go under.
    package static let hiddenFolder = "Hidden"

    /// The folder, relative to the output folder, for a capture time (seconds since 1970, UTC); `Undated` without
    /// one; under ``hiddenFolder`` for an item hidden in Photos.
    package func folder(for seconds: Int64?, hidden: Bool = false) -> String {
        let dated = datedFolder(for: seconds)
        guard hidden else { return dated }
        return dated.isEmpty ? Self.hiddenFolder : "\(Self.hiddenFolder)/\(dated)"
    }

    private func datedFolder(for seconds: Int64?) -> String {
        guard layout != .flat else { return "" }
        guard let seconds else { return "Undated" }
        let (year, month) = Self.yearAndMonth(seconds)
        let yearText = Self.zeroPadded(year, digits: 4)
        return layout == .year ? yearText : "\(yearText)/\(Self.zeroPadded(month, digits: 2))"
    }

    /// `value` in decimal with at least `digits` digits, as `%0Nd` writes it (a minus sign counted among them).
    static func zeroPadded(_ value: Int, digits: Int) -> String {
        let clamped = Int(Int32(clamping: value))
        let magnitude = String(clamped.magnitude)
        let width = clamped < 0 ? digits - 1 : digits
        let padding = String(repeating: "0", count: max(0, width - magnitude.count))
        return (clamped < 0 ? "-" : "") + padding + magnitude
    }

    /// A stem free in `folder` (not already there, not given out), from `wanted`: `IMG_1`, else `IMG_1-2`, `IMG_1-3`…
    /// `existingNames(folder)` lists the names already in the folder (relative to the output folder), asked once a
    /// folder.
    package mutating func reserveStem(_ wanted: String, in folder: String, existingNames: (String) -> [String]) -> String {
        if stems[folder] == nil {
            stems[folder] = Set(existingNames(folder).map { ImportName.splitExtension($0).stem.lowercased() })
        }
        var stem = wanted
        var number = 1
        while stems[folder]?.contains(stem.lowercased()) == true {
            number += 1
            stem = "\(wanted)-\(number)"
        }
        stems[folder, default: []].insert(stem.lowercased())
        return stem
    }

    /// The stem a file is written under: its name's, without Google's `(N)`, or its sidecar's title when Google cut
    /// the name in the archive (the title then starts with what is left).
    /// - Parameter keepsExtension: the name's extension stays in the stem (Pixel's `X.MP`, written `X.MP.mp4`).
    package static func stem(name: String, title: String?, keepsExtension: Bool = false) -> String {
        let (stem, ext) = keepsExtension ? (name, "") : ImportName.splitExtension(name)
        let base = ImportName.splitNumber(stem).base
        var chosen = base
        if let title = title.map(Self.safeName), !title.isEmpty {
            let (titleStem, titleExt) = ImportName.splitExtension(title)
            if titleExt.lowercased() == ext.lowercased(), titleStem.count > base.count, titleStem.hasPrefix(base),
                name.utf16.count >= cutNameUnits
            {
                chosen = titleStem
            }
        }
        let safe = shortened(safeName(chosen))
        return safe.isEmpty ? "untitled" : safe
    }

    /// The most UTF-8 bytes a stem or an album's folder name keeps: file systems take 255 a name, and a number
    /// (`-2`), an extension and a staging prefix must still fit.
    package static let maxNameBytes = 180

    /// `name` cut to ``maxNameBytes`` UTF-8 bytes, at a character's end.
    package static func shortened(_ name: String) -> String {
        guard name.utf8.count > maxNameBytes else { return name }
        var kept = ""
        for character in name {
            guard kept.utf8.count + character.utf8.count <= maxNameBytes else { break }
            kept.append(character)
        }
        return kept
    }

    /// How long a name in the archive is when Google may have cut it (its media names keep 47 UTF-16 units).
    package static let cutNameUnits = 40

    /// `name` without what a file name cannot hold: `/`, NUL and other control characters; leading dots.
    package static func safeName(_ name: String) -> String {
        var text = String(
            String.UnicodeScalarView(name.unicodeScalars.filter { $0 != "/" && $0 != "\\" && $0.value >= 0x20 && $0.value != 0x7F }))
        while text.hasPrefix(".") { text.removeFirst() }
        return text
    }

    /// The extension a file is written with: its own when it fits what its bytes are, else the usual one for them
    /// (a HEIC named `.jpg` becomes `.heic`; Pixel's separate `X.MP` video becomes `X.MP.mp4`, and so keeps its stem).
    package static func fileExtension(name: String, format: FileKind) -> (ext: String, keepsFullName: Bool) {
        let own = ImportName.splitExtension(name).ext.dropFirst()
        let lower = own.lowercased()
        let upper = !own.isEmpty && own == own.uppercased()
        func usual(_ ext: String) -> String { upper ? ext.uppercased() : ext }
        let names = MediaExtensions.namesKept(for: format)
        guard let first = names.first else { return (String(own), false) }
        if names.contains(lower) { return (String(own), false) }
        // Pixel's separate video, `X.MP` (or `X.MV`), and a still named `X.MP`: the full name kept before the extension.
        let keepsFullName = format.isMovie ? ["mp", "mv"].contains(lower) : format == .jpeg && lower == "mp"
        return (usual(first), keepsFullName)
    }

    /// The year and month (1–12) of a time (seconds since 1970), in UTC.
    package static func yearAndMonth(_ seconds: Int64) -> (Int, Int) {
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        let date = ExifDateTime.civil(daysSince1970: Int(clamping: days))
        return (date.year, date.month)
    }
}

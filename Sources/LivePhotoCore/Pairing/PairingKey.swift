/// The name two halves of one Live Photo share whatever an export or a copy did to it: its folder, and its file
/// name without the extension, without a copy number (`IMG_1(1)`, `IMG_1 (1)`), without the `_HEVC` icloudpd gives
/// a HEIC's movie (`IMG_1_HEVC.MOV`, also before a size, `_HEVC-medium`: `docs/formats/icloud.md#icloudpd-folders`),
/// in lower case. Halves that no content identifier pairs pair by this key (``LivePhotoPairing/byName(still:movie:)``);
/// scan keeps it in its index, so it must stay the same for a name from one version to the next.
package struct PairingKey: Hashable, Comparable, Sendable {
    /// The folder, as the caller names it (`.` for a bare name).
    package let folder: String
    /// The folded name.
    package let name: String

    /// The key of `fileName` in `folder`.
    package init(folder: String, fileName: String) {
        self.folder = folder
        self.name = Self.fold(fileName)
    }

    /// The key of the file at `path`: its folder is all before the last `/`, `.` when there is none.
    package init(path: String) {
        guard let slash = path.lastIndex(of: "/") else {
            self.init(folder: ".", fileName: path)
            return
        }
        self.init(folder: String(path[..<slash]), fileName: String(path[path.index(after: slash)...]))
    }

    /// The key as one text, `folder/name`: what scan stores and sorts by.
    package var text: String { folder + "/" + name }

    package static func < (a: PairingKey, b: PairingKey) -> Bool { a.text < b.text }

    /// `fileName` folded: no extension, copy number or `_hevc`, lower case.
    static func fold(_ fileName: String) -> String {
        var stem = Substring(fileName)
        if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = stem[..<dot] }
        var key = stem.lowercased()
        // A copy number: `(N)` at the end, and the space Windows puts before it.
        if key.hasSuffix(")"), let open = key.lastIndex(of: "(") {
            let digits = key[key.index(after: open)..<key.index(before: key.endIndex)]
            if !digits.isEmpty, digits.allSatisfy({ $0.isNumber }) {
                key = String(key[..<open])
                while let last = key.last, last.isWhitespace { key.removeLast() }
            }
        }
        // The last `_hevc`, when it ends the name or comes before a size.
        let marker = Array("_hevc")
        var characters = Array(key)
        if let start = stride(from: characters.count - marker.count, through: 0, by: -1).first(where: {
            Array(characters[$0..<$0 + marker.count]) == marker
        }), start + marker.count == characters.count || characters[start + marker.count] == "-" {
            characters.removeSubrange(start..<start + marker.count)
            key = String(characters)
        }
        return key
    }
}

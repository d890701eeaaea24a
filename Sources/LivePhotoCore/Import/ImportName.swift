/// How exports name files and their JSON sidecars (`docs/formats/takeout.md#sidecar-names`): the pieces a name is
/// taken apart into, and the cut Google applies to a sidecar's name. Import decides by these natively and in a browser.
package enum ImportName {
    /// A sidecar's name keeps this many UTF-16 code units of the media name and suffix, before `(N)` and `.json`.
    package static let sidecarStemUnits = 46
    /// The suffix of the sidecars of recent exports, between the media name and `.json` (and cut with it).
    package static let supplementalSuffix = ".supplemental-metadata"
    /// `name` in Unicode Normalization Form C: Google cut the sidecar names of the NFC names, and an archive
    /// unpacked on macOS gives NFD names, whose UTF-16 counts differ. String comparison treats both forms as equal,
    /// but the cut counts code units, so names are normalized before anything is cut. (FoundationEssentials has no
    /// `precomposedStringWithCanonicalMapping`; the standard library's own NFC view is used instead.)
    package static func nfc(_ name: String) -> String {
        String(decoding: name._nfcCodeUnits, as: UTF8.self)
    }

    /// The first ``sidecarStemUnits`` UTF-16 units of `text`. When that cut would split a surrogate pair, which no
    /// export on record shows, both whole-character cuts are given (45 units, then 47): the folder's names decide.
    package static func cuts(_ text: String) -> [String] {
        let units = Array(text.utf16)
        guard units.count > sidecarStemUnits else { return [text] }
        let end = sidecarStemUnits
        guard UTF16.isLeadSurrogate(units[end - 1]) else { return [String(decoding: units[..<end], as: UTF16.self)] }
        return [String(decoding: units[..<(end - 1)], as: UTF16.self), String(decoding: units[..<(end + 1)], as: UTF16.self)]
    }

    /// `name` split at its last dot: `IMG_1.HEIC` → (`IMG_1`, `.HEIC`); a name without a dot has no extension, and
    /// `.jpg` has an empty stem.
    package static func splitExtension(_ name: String) -> (stem: String, ext: String) {
        guard let dot = name.lastIndex(of: ".") else { return (name, "") }
        return (String(name[..<dot]), String(name[dot...]))
    }

    /// The copy number Google adds to a repeated name, `(N)` at the end of `stem`: `IMG_1(1)` → (`IMG_1`, 1).
    package static func splitNumber(_ stem: String) -> (base: String, number: Int?) {
        guard stem.hasSuffix(")"), let open = stem.lastIndex(of: "(") else { return (stem, nil) }
        let digits = stem[stem.index(after: open)..<stem.index(before: stem.endIndex)]
        guard (1...6).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits)
        else { return (stem, nil) }
        return (String(stem[..<open]), number)
    }

    /// `stem` without an edited copy's suffix (``LivePhotoPairing/editedSuffixes``), or `nil` when it has none:
    /// `IMG_8416-modifié` → `IMG_8416`. The copy has no sidecar of its own and uses its original's.
    package static func removingEditedSuffix(_ stem: String) -> String? {
        let lowered = stem.lowercased()
        for suffix in LivePhotoPairing.editedSuffixes where lowered.hasSuffix(suffix) && lowered.count > suffix.count {
            return String(stem.dropLast(suffix.count))
        }
        return nil
    }
}

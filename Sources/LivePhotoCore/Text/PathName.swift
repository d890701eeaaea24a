/// The parts of a file's name, as Foundation's `URL(fileURLWithPath:)` gives them, without Foundation: outputs are
/// named from their inputs' names the same way natively and in a browser (where a name has no folder).
package enum PathName {
    /// The last component: `b.tar.gz` of `a/b.tar.gz`, `dir` of `dir/`.
    package static func lastComponent(_ path: String) -> String {
        var utf8 = Substring(path).utf8[...]
        while utf8.count > 1, utf8.last == UInt8(ascii: "/") { utf8 = utf8.dropLast() }
        if let slash = utf8.lastIndex(of: UInt8(ascii: "/")), utf8.count > 1 { utf8 = utf8[utf8.index(after: slash)...] }
        return String(Substring(utf8))
    }

    /// The folder: all before the last `/` (`/` for a file at the root), `.` for a bare name.
    package static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The extension: `gz` of `b.tar.gz`; empty for `.bashrc`, `x` and `y.` (a dot that starts or ends the name).
    package static func pathExtension(_ path: String) -> String {
        let name = Array(lastComponent(path).utf8)
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0, dot < name.count - 1 else { return "" }
        return String(decoding: name[(dot + 1)...], as: UTF8.self)
    }

    /// The last component without its extension: `b.tar` of `a/b.tar.gz`.
    package static func stem(_ path: String) -> String {
        let name = lastComponent(path), ext = pathExtension(path)
        guard !ext.isEmpty else { return name }
        return String(decoding: name.utf8.dropLast(ext.utf8.count + 1), as: UTF8.self)
    }

    /// The path without the extension of its last component: `a/b.tar` of `a/b.tar.gz`.
    package static func deletingExtension(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.utf8.count > 1, trimmed.utf8.last == UInt8(ascii: "/") { trimmed = trimmed.dropLast() }
        let ext = pathExtension(path)
        guard !ext.isEmpty else { return String(trimmed) }
        return String(decoding: trimmed.utf8.dropLast(ext.utf8.count + 1), as: UTF8.self)
    }
}

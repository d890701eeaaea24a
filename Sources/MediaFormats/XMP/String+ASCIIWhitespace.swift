extension String {
    /// The text without the spaces, tabs and line breaks (ASCII's) at its ends.
    public func trimmingASCIIWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !" \t\r\n".unicodeScalars.contains($0) }),
            let last = scalars.lastIndex(where: { !" \t\r\n".unicodeScalars.contains($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    /// The text without the spaces and tabs at its ends (Foundation's `.whitespaces`: tab and the space
    /// separators), and with `newlines` without line and paragraph breaks either (`.whitespacesAndNewlines`).
    public func trimmingSpaces(newlines: Bool = false) -> String {
        func isBlank(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.properties.generalCategory {
            case .spaceSeparator: true
            case .lineSeparator, .paragraphSeparator: newlines
            default: scalar == "\t" || (newlines && ((0x0A...0x0D).contains(scalar.value) || scalar.value == 0x85))
            }
        }
        let scalars = Array(unicodeScalars)
        guard let first = scalars.firstIndex(where: { !isBlank($0) }), let last = scalars.lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[first...last])
        return String(result)
    }
}

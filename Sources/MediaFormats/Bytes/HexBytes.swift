/// Bytes as a person reads them in a hex dump, for error messages: `00 00 D8 41…`.
public enum HexBytes {
    /// Two uppercase hex digits per byte, separated by spaces; past `limit` bytes, an ellipsis.
    public static func describe<C: Collection>(_ bytes: C, limit: Int = 8) -> String where C.Element == UInt8 {
        let digits: [Character] = Array("0123456789ABCDEF")
        let shown = bytes.prefix(limit).map { String([digits[Int($0 >> 4)], digits[Int($0 & 0xF)]]) }.joined(separator: " ")
        if bytes.isEmpty { return "nothing" }
        return bytes.count > limit ? shown + "…" : shown
    }
}

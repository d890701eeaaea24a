/// How a gzip stream ends short, in words: the command line's inflater (``GzipByteSource``) says it as it reads, and a
/// browser, whose own inflater tells less, says it the same way of the bytes it could inflate.
public enum GzipStreamEnd {
    /// A stream that holds no compressed bytes at all.
    public static let empty = "the gzip stream is empty"

    /// A stream that ends inside its member `member` (counted from 1).
    public static func cutShort(member: Int) -> String { "the gzip stream is cut short: member \(member) does not end" }
}

/// One share of a library's items, for running a batch on many machines: item `index` of `count` (from 0), chosen
/// by a hash of each item's path relative to its root. The hash is FNV-1a of the path's UTF-8 bytes, the same on
/// every machine and every run, so adding files never moves the others between shares.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    /// `index` must lie in `0..<count`.
    public init?(index: Int, count: Int) {
        guard count >= 1, (0..<count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Reads `I/N`, as `--shard 3/8` gives it.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }

    /// True when the item at `relativePath` belongs to this share.
    public func contains(relativePath: String) -> Bool {
        Int(StableHash.fnv1a(relativePath) % UInt64(count)) == index
    }

}

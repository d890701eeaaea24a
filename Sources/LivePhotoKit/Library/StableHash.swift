/// A hash that is the same on every machine and in every run (Swift's `Hasher` is seeded per process): 64-bit
/// FNV-1a of the UTF-8 bytes. For shares and cache names, never for security.
package enum StableHash {
    package static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}

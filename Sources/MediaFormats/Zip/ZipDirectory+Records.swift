/// Reads a zip archive's central directory (PKWARE APPNOTE 4.3.12–4.3.16, with its Zip64 records) and finds where
/// each member's data starts, so that the caller copies or inflates exactly those bytes and no more.
///
/// Every count, size and offset is checked against the file before it is used: a directory that claims more members
/// than asked for, runs past its own end or points outside the file is an error, never an allocation or a loop.
public enum ZipDirectory {
    static let endRecordSignature: UInt32 = 0x0605_4b50
    static let zip64EndRecordSignature: UInt32 = 0x0606_4b50
    static let zip64LocatorSignature: UInt32 = 0x0706_4b50
    static let centralHeaderSignature: UInt32 = 0x0201_4b50
    static let localHeaderSignature: UInt32 = 0x0403_4b50
    static let endRecordSize = 22
    static let zip64LocatorSize = 20
    static let zip64EndRecordSize = 56
    static let centralHeaderSize = 46
    static let localHeaderSize = 30
    /// The largest central directory read: 1,000 members with names, extras and comments fit many times over.
    static let maxDirectorySize: UInt64 = 64 << 20
    static let zip64ExtraID: UInt16 = 0x0001
    static let extendedTimestampID: UInt16 = 0x5455
    /// The hosts (upper byte of "version made by") whose external attributes hold a Unix mode: Unix and OS X.
    static let unixHosts: Set<UInt16> = [3, 19]
    static let msdosHost: UInt16 = 0
    static let msdosDirectoryAttribute: UInt32 = 0x10

    /// Whether `head`, a file's first bytes, starts a zip: with a local file header, or (an empty archive) the end record.
    public static func startsAZip(_ head: [UInt8]) -> Bool {
        head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || head.starts(with: [0x50, 0x4B, 0x05, 0x06])
    }
}

#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

extension FileManager {
    /// True when `path` names a folder, links followed: `fileExists(atPath:isDirectory:)`, whose flag is a `Bool`
    /// in FoundationEssentials and an `ObjCBool` in Apple's Foundation.
    package func isFolder(atPath path: String) -> Bool {
        #if canImport(FoundationEssentials)
            var isDirectory = false
            return fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory
        #else
            var isDirectory: ObjCBool = false
            return fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        #endif
    }
}

extension FileManager {
    /// The size in bytes of the item at `path` (a link's own), nil when it cannot be read.
    package func sizeOfItem(atPath path: String) -> Int64? {
        (try? attributesOfItem(atPath: path)[.size]).flatMap(Self.integer)
    }

    /// The free bytes of the file system that holds `path`, nil when it cannot be read.
    package func freeSpace(forPath path: String) -> Int64? {
        (try? attributesOfFileSystem(forPath: path)[.systemFreeSize]).flatMap(Self.integer)
    }

    /// A numeric attribute as `Int64`: FoundationEssentials gives `UInt` or `UInt64`, Apple's Foundation an
    /// `NSNumber` (which casts to either), so a cast to `Int64` alone finds nothing on Linux.
    private static func integer(_ value: Any) -> Int64? {
        if let number = value as? UInt64 { return Int64(clamping: number) }
        if let number = value as? UInt { return Int64(clamping: number) }
        if let number = value as? Int64 { return number }
        return (value as? Int).map(Int64.init)
    }
}

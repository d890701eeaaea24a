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

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

/// Standard input, output and error through their descriptors: unbuffered, unlike `print`, so a reader of the pipe
/// sees each line at once.
enum StandardStreams {
    /// Writes `text` to standard error.
    static func error(_ text: String) { write(text, to: .standardError) }

    /// Writes `text` to standard output.
    static func output(_ text: String) { write(text, to: .standardOutput) }

    /// Writes `bytes` to standard output and empties them.
    static func output(bytes: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        _ = try? FileDescriptor.standardOutput.writeAll(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    /// Everything standard input holds, up to its end.
    static func readInput() throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = try chunk.withUnsafeMutableBytes { try FileDescriptor.standardInput.read(into: $0) }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }

    /// A message that cannot be written (a closed descriptor) is dropped.
    private static func write(_ text: String, to descriptor: FileDescriptor) {
        _ = try? descriptor.writeAll(Array(text.utf8))
    }
}

internal import MediaFormats

#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension String {
    /// `format` filled in by C's `vsnprintf`: `%d`, `%.3f`, `%02X` and printf's other conversions, with the C
    /// locale's decimal point, as `String(format:)` writes them (which needs full Foundation). `%@` is not one of
    /// them: strings go in by interpolation.
    package init(cFormat format: String, _ arguments: any CVarArg...) {
        var capacity = 64
        while true {
            let (length, text) = withVaList(arguments) { list in
                withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
                    let length = Int(vsnprintf(buffer.baseAddress, capacity, format, list))
                    return (length, 0 <= length && length < capacity ? String(cString: buffer.baseAddress!) : nil)
                }
            }
            if let text {
                self = text
                return
            }
            // A format C refuses (an encoding error) is shown as written rather than stopping the program.
            guard length >= 0 else {
                self = format
                return
            }
            capacity = length + 1
        }
    }

    /// What went wrong in one of Foundation's file operations (`FileManager`, `Data.write`) in the system's words
    /// (`No such file or directory`); any other error as it describes itself.
    package init(systemErrorOf error: any Error) {
        let cause = (error as? CocoaError)?.underlying ?? error
        if let posix = cause as? POSIXError, let message = strerror(posix.code.rawValue) {
            self = String(cString: message)
        } else {
            self = "\(error)"
        }
    }
}

extension String {
    /// `date` in this machine's time zone as `yyyyMMdd_HHmmss` (`20261125_114012`): the stem of a capture's name.
    package init(localStampOf date: Date) {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        self.init(
            cFormat: "%04d%02d%02d_%02d%02d%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday, parts.tm_hour, parts.tm_min,
            parts.tm_sec)
    }
}

extension StringProtocol {
    /// The text with each occurrence of `target` replaced by `replacement`, matched Unicode scalar by scalar (no
    /// grapheme or normalization rules: a quote before an accent is still a quote), left to right.
    package func replacing(every target: String, with replacement: String) -> String {
        let text = Array(unicodeScalars), pattern = Array(target.unicodeScalars)
        guard !pattern.isEmpty else { return String(self) }
        var result = String.UnicodeScalarView()
        var i = 0
        while i < text.count {
            if i + pattern.count <= text.count, text[i..<i + pattern.count].elementsEqual(pattern) {
                result.append(contentsOf: replacement.unicodeScalars)
                i += pattern.count
            } else {
                result.append(text[i])
                i += 1
            }
        }
        return String(result)
    }

    /// The text without the spaces and tabs at its ends (Foundation's `.whitespaces`: tab and the space
    /// separators), and with `newlines` without line and paragraph breaks either (`.whitespacesAndNewlines`):
    /// MediaFormats' ``trimmingSpaces(newlines:)``, for the modules above it.
    package func trimmingWhitespace(newlines: Bool = false) -> String { String(self).trimmingSpaces(newlines: newlines) }
}

import Dispatch
import Foundation
import LivePhotoKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// On Ctrl-C (or SIGTERM): remove every temporary output, then exit 130.
enum Interrupt {
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    static func install() {
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler {
                TemporaryFiles.shared.removeAll()
                FileHandle.standardError.write(Data("\nlivephoto: interrupted; nothing was written\n".utf8))
                exit(130)
            }
            source.resume()
            sources.append(source)
        }
    }
}

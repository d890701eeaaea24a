import FuzzSupport
import Foundation
import LivePhotoKit

/// The `.pvt.zip` reader: `inspect` and `split` of a fuzzed archive (entries, names, sizes, compression, zip bombs).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let path = FuzzFile.write(data, size, name: "input.pvt.zip") else { return 0 }
    let out = "\(FuzzFile.folder)/split"
    try? FileManager.default.removeItem(atPath: out)
    runBlocking {
        _ = await LivePhotoInspector.inspect([path])
        _ = try? await LivePhotoSplitter.split([path], options: SplitOptions(outputDirectory: out, force: true))
    }
    return 0
}

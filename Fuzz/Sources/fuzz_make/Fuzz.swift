import Foundation
import FuzzSupport
import LivePhotoKit

/// The whole lossless `make` plan on a fuzzed still and movie. The input is a 4-byte little-endian length, the still
/// (that many bytes, or what there is) and the movie (the rest). ffmpeg is out of reach, so only the lossless path
/// runs. The result must be an error, or a pair that `verify` accepts: anything else stops the fuzzer as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 4 else { return 0 }
    let declared = Int(data[0]) | Int(data[1]) << 8 | Int(data[2]) << 16 | Int(data[3]) << 24
    let stillSize = min(declared, size - 4)
    guard let still = FuzzFile.write(data + 4, stillSize, name: "still.jpg"),
        let movie = FuzzFile.write(data + 4 + stillSize, size - 4 - stillSize, name: "movie.mov")
    else { return 0 }
    let out = "\(FuzzFile.folder)/made"
    try? FileManager.default.removeItem(atPath: out)
    let failure: String? = runBlocking {
        let options = MakeOptions(outputDirectory: out, name: "IMG", force: true, ffmpegPath: "/nonexistent/ffmpeg")
        guard let made = try? await LivePhotoMaker.make(photo: still, video: movie, options: options),
            let photo = made.photo, let movie = made.movie
        else { return nil }
        let report = await LivePhotoVerifier.verify(photo: photo, movie: movie)
        guard !report.passed else { return nil }
        return report.checks.filter { !$0.passed }.map { "\($0.id): \($0.detail)" }.joined(separator: "\n")
    }
    if let failure { fatalError("make wrote a pair that verify refuses:\n\(failure)") }
    return 0
}

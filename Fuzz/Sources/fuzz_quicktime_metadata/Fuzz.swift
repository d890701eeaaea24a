import FuzzSupport

@testable import MediaFormats

/// QuickTime `meta` keys and items (docs/formats/live-photo.md#movie-metadata), read and edited as `make` and `split` do.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let atom = try? Atom.parse(bytes), var metadata = try? QuickTimeMetadata(meta: atom) else { return 0 }
    for key in metadata.keys.prefix(32) { _ = metadata.value(for: key.nameString) }
    metadata.set(.float32(1), for: "com.apple.quicktime.live-photo.vitality-score")
    metadata.setString("71DCA213-5710-4A6C-BC6D-CE6306AEB8D8", for: "com.apple.quicktime.content.identifier")
    metadata.removeKey("com.apple.quicktime.content.identifier")
    _ = metadata.metaAtom.serialized()
    return 0
}

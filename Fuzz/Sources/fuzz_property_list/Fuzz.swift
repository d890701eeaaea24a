import FuzzSupport

@testable import MediaFormats

/// Property lists, binary and XML (a timed-metadata key's `cfgv`): every input is read to a value or refused, in
/// time linear in its bytes (a reference bomb is a hang libFuzzer reports as a timeout).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let value = try? PropertyListValue.parse(bytes) {
        _ = value["FrameworkVersions"]?["CMCaptureCore"]
    }
    return 0
}

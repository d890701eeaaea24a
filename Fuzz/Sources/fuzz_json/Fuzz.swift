import FuzzSupport

@testable import MediaFormats

/// JSON, as the browser engine reads its requests: every input is read or refused; what is read is written and read
/// back to the same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let value = try? JSONValue.parse(Array(UnsafeBufferPointer(start: data, count: size))) else { return 0 }
    var written: [UInt8] = []
    value.write(into: &written)
    guard let again = try? JSONValue.parse(written) else { fatalError("JSON this wrote does not read back: \(value.text)") }
    // A number written in its shortest form reads back as the same double; NaN is written as null.
    if again != value, !value.text.contains("null") { fatalError("JSON read back differs: \(value.text) / \(again.text)") }
    return 0
}

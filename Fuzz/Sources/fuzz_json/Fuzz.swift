import FuzzSupport

@testable import MediaFormats

/// JSON, as the browser engine reads its requests (where they lie) and writes its answers (counted, then written into
/// memory of that size): every input is read or refused, read in place as from an array; what is read is counted as
/// long as it is written, written into memory as into an array, and read back to the same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let inPlace = try? JSONValue.parse(UnsafeRawBufferPointer(start: data, count: size))
    guard let value = try? JSONValue.parse(Array(UnsafeBufferPointer(start: data, count: size))) else {
        if inPlace != nil { fatalError("text read in place that an array's copy refuses") }
        return 0
    }
    if inPlace != value { fatalError("text read in place differs from its array's copy") }
    var written: [UInt8] = []
    value.write(into: &written)
    let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: value.utf8Count, alignment: 1)
    defer { memory.deallocate() }
    var buffer = JSONTextBuffer(memory)
    value.write(to: &buffer)
    if buffer.overflowed || buffer.count != written.count || !memory.elementsEqual(written) {
        fatalError("JSON counted or written into memory is not the text written into an array: \(value.text)")
    }
    guard let again = try? JSONValue.parse(written) else { fatalError("JSON this wrote does not read back: \(value.text)") }
    // A number written in its shortest form reads back as the same double; NaN is written as null.
    if again != value, !value.text.contains("null") { fatalError("JSON read back differs: \(value.text) / \(again.text)") }
    return 0
}

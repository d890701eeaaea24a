import FuzzSupport

@testable import MediaFormats

/// CSV, as an Apple data copy's photo details and album lists are read: every input is read or refused; a table read
/// whole holds the rows read one by one, none wider than the bound.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var streamed: [[String]] = []
    guard (try? CSVTable.forEachRow(in: bytes, { streamed.append($0) })) != nil else { return 0 }
    guard let table = try? CSVTable(bytes: bytes) else { fatalError("a table streamed is refused whole") }
    let whole = ([table.header] + table.rows).filter { !$0.isEmpty }
    if whole != streamed.filter({ !$0.isEmpty }) || streamed.contains(where: { $0.count > CSVTable.maxFields }) {
        fatalError("the table read whole differs from its rows read one by one")
    }
    return 0
}

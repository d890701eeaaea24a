// The WebAssembly engine's boundary (docs/guide/javascript.md#the-engine): what the page's JavaScript calls, built by
// scripts/wasm.sh with LivePhotoCore and MediaFormats as Embedded Swift. The host gives the one function the engine
// reads through (`livephoto.read`, declared in MediaFormats' RandomAccessFile+Host.swift).
//
// A request is JSON: `{"operation": "make", "files": [{"name", "size", "lastModified"}], "options": {...}}`, the files
// being the host's handles 0, 1, ... in order. The answer is a buffer: its JSON's length and its bytes' length (two
// little-endian 32-bit words), the JSON, then the new bytes the outputs' pieces point into:
// `{"ok": true, "report": {...}, "files": [{"name", "type", "size", "pieces": [[input, offset, length], ...]}]}`, where
// input -1 is the buffer's bytes; or `{"ok": false, "error": {"message", "code"}}`; or `{"ok": false, "needsFrame":
// {"input", "seconds", "coverTime"}}`.

import LivePhotoCore
import MediaFormats

/// Memory for the host to write a request into (freed with ``release``).
@_cdecl("lp_allocate")
func allocate(_ size: Int32) -> UnsafeMutableRawPointer? {
    guard size >= 0 else { return nil }
    return UnsafeMutableRawPointer.allocate(byteCount: Int(max(size, 1)), alignment: 8)
}

/// Frees what ``allocate`` or ``run`` gave.
@_cdecl("lp_release")
func release(_ pointer: UnsafeMutableRawPointer?) {
    pointer?.deallocate()
}

/// Runs the request of `length` bytes at `request`; returns the answer's buffer.
@_cdecl("lp_run")
func run(_ request: UnsafeRawPointer?, _ length: Int32) -> UnsafeMutableRawPointer? {
    var bytes: [UInt8] = []
    let answer: JSONValue
    do throws(FormatError) {
        // Read where the host wrote it: a library's request (megabytes of JSON) is not copied first.
        let text = UnsafeRawBufferPointer(start: request, count: request == nil ? 0 : Int(max(length, 0)))
        answer = answerJSON(for: try JSONValue.parse(text), bytes: &bytes)
    } catch {
        answer = failure("the request is not JSON: \(error.description)", code: 64)
    }
    return answerBuffer(answer, bytes: bytes)
        ?? answerBuffer(failure("the engine's answer was not written whole", code: 70), bytes: [])
}

/// The buffer the host reads: the JSON's and the bytes' lengths, the JSON, the bytes. The JSON is counted, then written
/// once into the buffer, never held a second time as an array that grows (a library's report is megabytes, and the
/// engine's memory, once grown, stays so). Nil where what was written is not what was counted.
func answerBuffer(_ answer: JSONValue, bytes: [UInt8]) -> UnsafeMutableRawPointer? {
    let jsonCount = answer.utf8Count
    let size = 8 + jsonCount + bytes.count
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
    buffer.storeBytes(of: UInt32(jsonCount).littleEndian, toByteOffset: 0, as: UInt32.self)
    buffer.storeBytes(of: UInt32(bytes.count).littleEndian, toByteOffset: 4, as: UInt32.self)
    var json = JSONTextBuffer(UnsafeMutableRawBufferPointer(start: buffer + 8, count: jsonCount))
    answer.write(to: &json)
    guard !json.overflowed, json.count == jsonCount else {
        buffer.deallocate()
        return nil
    }
    bytes.withUnsafeBytes { if let base = $0.baseAddress { (buffer + 8 + jsonCount).copyMemory(from: base, byteCount: $0.count) } }
    return buffer
}

func failure(_ message: String, code: Int32) -> JSONValue {
    .object([("ok", .bool(false)), ("error", .object([("message", .string(message)), ("code", .integer(Int64(code)))]))])
}

/// The answer to a parsed request; the outputs' new bytes are appended to `bytes`.
func answerJSON(for request: JSONValue, bytes: inout [UInt8]) -> JSONValue {
    guard let operation = request["operation"]?.stringValue, let files = request["files"]?.arrayValue else {
        return failure("a request names an operation and its files", code: 64)
    }
    var inputs: [RandomAccessFile] = []
    var dates: [Int64?] = []
    for (index, file) in files.enumerated() {
        guard let name = file["name"]?.stringValue, let size = file["size"]?.doubleValue, size >= 0, size < 0x1p53 else {
            return failure("file \(index + 1) has no name or size", code: 64)
        }
        inputs.append(RandomAccessFile(hostHandle: Int32(index), name: name, size: Int64(size)))
        dates.append(file["lastModified"]?.doubleValue.flatMap { Int64(exactly: $0.rounded()) })
    }
    // The library engine runs every operation; the first engine a page loads, those on single files alone.
    #if LIBRARY_ENGINE
        let outcome = Engine.run(operation, inputs: inputs, dates: dates, options: request["options"] ?? .null)
    #else
        let outcome = Engine.runFile(operation, inputs: inputs, dates: dates, options: request["options"] ?? .null)
    #endif
    switch outcome {
    case .failed(let message, let code):
        return failure(message, code: code)
    case .needsFrame(let input, let seconds, let coverTime):
        return .object([
            ("ok", .bool(false)),
            ("needsFrame", .object([("input", .integer(Int64(input))), ("seconds", .number(seconds)), ("coverTime", .number(coverTime))])),
        ])
    case .done(let report, let outputs):
        var described: [JSONValue] = []
        for output in outputs {
            var pieces: [JSONValue] = []
            for piece in output.content.pieces {
                switch piece {
                case .bytes(let b):
                    pieces.append(.array([.integer(-1), .integer(Int64(bytes.count)), .integer(Int64(b.count))]))
                    bytes += b
                case .copy(let file, let offset, let length):
                    guard length > 0 else { continue }
                    // A flattened plan copies from the host's files only; -1 would read as new bytes.
                    guard file.hostHandle >= 0 else { return failure("\(output.name): a run of no input file", code: 70) }
                    pieces.append(.array([.integer(Int64(file.hostHandle)), .integer(file.fileOffset(offset)), .integer(length)]))
                }
            }
            var fields: [(key: String, value: JSONValue)] = [
                ("name", .string(output.name)), ("type", .string(output.type)), ("size", .integer(output.content.size)),
                ("pieces", .array(pieces)),
            ]
            if !output.checksums.isEmpty {
                fields.append(("checksums", .array(output.checksums.map { .array([.integer(Int64($0.of)), .integer($0.at)]) })))
            }
            if output.isPart { fields.append(("part", .bool(true))) }
            described.append(.object(fields))
        }
        return .object([("ok", .bool(true)), ("report", report), ("files", .array(described))])
    }
}

import MediaFormats
import Testing

@Suite("JSON: text counted, written into memory, and read where it lies")
struct JSONTextSinkTests {
    /// Values whose text has every kind of byte the writer makes: escapes, numbers, nesting, text past one byte.
    static var values: [JSONValue] {
        [
            .null, .bool(true), .integer(-9_007_199_254_740_993), .number(0.1), .number(.infinity),
            .string("a\"b\\c\n\r\t\u{1} é 😀"),
            .object([
                ("name", .string("IMG_0001.JPG")), ("pieces", .array([.array([.integer(-1), .integer(0), .integer(42)])])),
                ("empty", .object([])), ("list", .array([])),
            ]),
        ]
    }

    @Test("the count is the length of the text an array is given, and the text written into memory is that text")
    func countAndMemory() {
        for value in Self.values {
            var array: [UInt8] = []
            value.write(into: &array)
            #expect(value.utf8Count == array.count, "\(value.text)")
            let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: value.utf8Count, alignment: 1)
            defer { memory.deallocate() }
            var buffer = JSONTextBuffer(memory)
            value.write(to: &buffer)
            #expect(buffer.count == array.count && !buffer.overflowed)
            #expect(Array(memory) == array)
        }
    }

    @Test("memory too small takes what fits and says the rest was not written; nothing past its end is touched")
    func overflow() {
        let value = JSONValue.string("0123456789")
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: 8, alignment: 1)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: 0xEE)
        var buffer = JSONTextBuffer(UnsafeMutableRawBufferPointer(rebasing: memory[0..<4]))
        value.write(to: &buffer)
        #expect(buffer.overflowed && buffer.count == 4)
        #expect(Array(memory) == Array("\"012".utf8) + [0xEE, 0xEE, 0xEE, 0xEE])
    }

    @Test("text read where it lies gives what the same text read from an array gives, and is refused alike")
    func parseInPlace() throws {
        for value in Self.values {
            let text = Array(value.text.utf8)
            let inPlace = try text.withUnsafeBytes { bytes in Result { () throws(FormatError) in try JSONValue.parse(bytes) } }.get()
            #expect(inPlace == (try JSONValue.parse(text)))
        }
        #expect(throws: FormatError.self) { try JSONValue.parse(UnsafeRawBufferPointer(start: nil, count: 0)) }
        for bad in ["{", "[1,]", "\"open", "[1] 2"] {
            let text = Array(bad.utf8)
            #expect(throws: FormatError.self, "\(bad)") {
                try text.withUnsafeBytes { bytes in Result { () throws(FormatError) in try JSONValue.parse(bytes) } }.get()
            }
        }
    }
}

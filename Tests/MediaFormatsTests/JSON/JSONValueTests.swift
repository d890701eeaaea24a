import Foundation
import MediaFormats
import Testing

@Suite("JSON: read and written without Foundation")
struct JSONValueTests {
    @Test("what Foundation writes reads back to the same values; what this writes, Foundation reads back")
    func roundTrips() throws {
        let object: [String: Any] = [
            "name": "IMG_0001 \"quoted\" \\ / é 😀 \u{1}", "cover": 1.5, "count": 42, "big": 9_007_199_254_740_993 as Int64,
            "negative": -0.125, "tiny": 1e-7, "flags": [true, false], "nothing": NSNull(), "nested": ["a": ["b": [1, 2, 3]]],
        ]
        let data = try JSONSerialization.data(withJSONObject: object)
        let value = try JSONValue.parse(Array(data))
        #expect(value["name"]?.stringValue == "IMG_0001 \"quoted\" \\ / é 😀 \u{1}")
        #expect(value["cover"]?.doubleValue == 1.5)
        #expect(value["count"] == .integer(42))
        #expect(value["big"] == .integer(9_007_199_254_740_993))
        #expect(value["negative"]?.doubleValue == -0.125)
        #expect(value["tiny"]?.doubleValue == 1e-7)
        #expect(value["flags"] == .array([.bool(true), .bool(false)]))
        #expect(value["nothing"] == .null)
        let back = try JSONSerialization.jsonObject(with: Data(value.text.utf8)) as? NSDictionary
        #expect(back == (object as NSDictionary))
    }

    @Test("escapes: control characters, quotes and backslashes written as RFC 8259 asks; surrogate pairs read")
    func escapes() throws {
        #expect(JSONValue.string("a\"b\\c\n\t\u{7}").text == #""a\"b\\c\n\t\u0007""#)
        #expect(try JSONValue.parse(Array(#""\ud83d\ude00 \u00e9 \/""#.utf8)) == .string("😀 é /"))
        #expect(JSONValue.number(.nan).text == "null")
        #expect(JSONValue.object([("b", .integer(1)), ("a", .number(0.1))]).text == #"{"b":1,"a":0.1}"#)
    }

    @Test("text that is not JSON is refused with the byte where it stops being JSON; nesting is bounded")
    func refusals() throws {
        for bad in ["", "{", "[1,]", "{\"a\" 1}", "\"open", "tru", "01x", "[1] 2", "\"\\ud800\"", "\"\u{1}\""] {
            #expect(throws: FormatError.self, "\(bad)") { try JSONValue.parse(Array(bad.utf8)) }
        }
        let deep = String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000)
        #expect(throws: FormatError.self) { try JSONValue.parse(Array(deep.utf8)) }
        #expect(try JSONValue.parse(Array((String(repeating: "[", count: 60) + String(repeating: "]", count: 60)).utf8)) != .null)
    }
}

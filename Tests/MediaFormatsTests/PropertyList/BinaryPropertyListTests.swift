import Foundation
import MediaFormats
import Testing

@Suite("property lists, binary and XML, read defensively")
struct BinaryPropertyListTests {
    @Test("a property list Foundation writes: integers, strings, nested dictionaries, arrays, reals, data, booleans")
    func foundationsOwn() throws {
        let plist: [String: Any] = [
            "LivePhotoMetadataSetupDataVersion": 1, "FrameworkVersions": ["CMCaptureCore": "45.1.2", "Other": 7],
            "List": [1, 300, 70000, 5_000_000_000, -1], "Real": 0.5, "Data": Data([1, 2, 3]), "Yes": true, "Unicode": "é😀",
        ]
        let bytes = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        let read = try BinaryPropertyList(bytes: Array(bytes))
        #expect(read.top["LivePhotoMetadataSetupDataVersion"] == .integer(1))
        #expect(read.top["FrameworkVersions"]?["CMCaptureCore"] == .string("45.1.2"))
        #expect(read.top["List"] == .array([.integer(1), .integer(300), .integer(70000), .integer(5_000_000_000), .integer(-1)]))
        #expect(read.top["Real"] == .real(0.5))
        #expect(read.top["Data"] == .data([1, 2, 3]))
        #expect(read.top["Yes"] == .bool(true))
        #expect(read.top["Unicode"] == .string("é😀"))
    }

    @Test("the cfgv iPhones write (and make writes) gives G9's two values")
    func captureSetup() throws {
        let read = try BinaryPropertyList(bytes: AppleTimedMetadata.captureSetupPropertyList)
        #expect(read.top["LivePhotoMetadataSetupDataVersion"] == .integer(1))
        guard case .string(let core)? = read.top["FrameworkVersions"]?["CMCaptureCore"] else {
            Issue.record("no CMCaptureCore")
            return
        }
        #expect(core.hasPrefix("45") || core.hasPrefix("46") || core.hasPrefix("5"))
    }

    @Test("hostile lists: no header, a trailer past the data, offsets outside, a reference loop, huge counts")
    func hostile() throws {
        let good = Array(try PropertyListSerialization.data(fromPropertyList: ["a": ["b": 1]], format: .binary, options: 0))
        #expect(throws: FormatError.self) { try BinaryPropertyList(bytes: Array("<?xml version".utf8)) }
        #expect(throws: FormatError.self) { try BinaryPropertyList(bytes: Array(good.prefix(good.count - 1))) }
        var pastEnd = good
        pastEnd.replaceSubrange((good.count - 8)..<good.count, with: [0, 0, 0, 0, 0x7F, 0xFF, 0xFF, 0xFF])
        #expect(throws: FormatError.self) { try BinaryPropertyList(bytes: pastEnd) }
        var wideCount = good
        wideCount.replaceSubrange((good.count - 24)..<(good.count - 16), with: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
        #expect(throws: FormatError.self) { try BinaryPropertyList(bytes: wideCount) }
        // A dictionary whose value is itself: the nesting bound stops it.
        let loop: [UInt8] =
            Array("bplist00".utf8) + [0xD1, 0x01, 0x00, 0x51, 0x61] + [8, 11]
            + [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 2] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 13]
        #expect(throws: FormatError.self) { try BinaryPropertyList(bytes: loop) }
    }

    @Test("containers that refer to one another many times over are read once each, in linear time")
    func referenceBomb() throws {
        // 15 arrays, each holding 12 references to the next, then an integer: followed reference by reference that is
        // 12^15 visits.
        var objects: [[UInt8]] = (0..<15).map { i in [0xAC] + [UInt8](repeating: UInt8(i + 1), count: 12) }
        objects.append([0x10, 0x07])
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(bytes.count))
            bytes += object
        }
        let table = bytes.count
        bytes += offsets
        bytes +=
            [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, UInt8(objects.count)] + [UInt8](repeating: 0, count: 8)
            + [0, 0, 0, 0, 0, 0, 0, UInt8(table)]
        let started = ContinuousClock.now
        let read = try PropertyListValue.parse(bytes)
        #expect(ContinuousClock.now - started < .seconds(1))
        guard case .array(let first) = read else {
            Issue.record("not an array")
            return
        }
        #expect(first.count == 12)
    }

    @Test("an XML property list gives the same values as a binary one")
    func xml() throws {
        let plist: [String: Any] = [
            "LivePhotoMetadataSetupDataVersion": 1, "FrameworkVersions": ["CMCaptureCore": "45.1"], "Real": 2.5, "On": false,
        ]
        let binary = try PropertyListValue.parse(
            Array(try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)))
        let xml = try PropertyListValue.parse(Array(try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)))
        #expect(xml["LivePhotoMetadataSetupDataVersion"] == .integer(1))
        #expect(xml["FrameworkVersions"]?["CMCaptureCore"] == .string("45.1"))
        for key in ["LivePhotoMetadataSetupDataVersion", "FrameworkVersions", "Real", "On"] { #expect(xml[key] == binary[key], "\(key)") }
        #expect(throws: FormatError.self) { try PropertyListValue.parse(Array("<plist></plist>".utf8)) }
        #expect(throws: FormatError.self) { try PropertyListValue.parse(Array("<plist><dict><integer>1</integer></dict></plist>".utf8)) }
    }
}

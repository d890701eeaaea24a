/// The footer vivo's cameras (up to the X200) append to each file of a two-file live photo (docs/formats/makers.md#vivo-two-file-live-photos): the
/// JPEG ends with it after its EOI; the MP4 ends with a top-level `uuid` box whose user type is `vivoMediaExtInfo`
/// and whose payload is the footer. Both carry the same 28-character pairing id, as an Apple pair shares its
/// content identifier:
///
///     "vivo" | JSON (n bytes) | u32BE n | "cameralbum!" | u32BE 47 | id (28 ASCII) | FF FF FF FF | magic (11 bytes)
///
/// The magic ends `A2 B3` in the files three tools were built from and `A2 B1` in ExifTool's check: both are read,
/// `B3` is written. A portrait variant puts 12 binary bytes before the id; the id is then found from the end.
public struct VivoFooter: Sendable, Equatable {
    /// The MP4's box user type.
    public static let userType = Array("vivoMediaExtInfo".utf8)
    static let magicHead: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0x1B, 0x2A, 0x39, 0x48, 0x57, 0x66, 0x75, 0x84, 0x93, 0xA2]
    static let magicEnds: Set<UInt8> = [0xB3, 0xB1]
    static let marker = Array("cameralbum!".utf8)
    static let prefix = Array("vivo".utf8)
    static let idLength = 28
    /// The longest JSON read: real ones are a few hundred bytes.
    static let maxJSON = 64 << 10

    /// `com.android.camera.livephoto`: 13 digits of capture time in ms, 7 hex digits, 8 zeros.
    public var pairingID: String
    /// The JSON text (keys `com.android.camera.livephoto`, `version`, `takenmodel`; in the MP4's,
    /// `com.android.camera.imageTime`, the cover's frame index).
    public var json: String
    /// Where the footer starts (its `vivo`).
    public var offset: Int64
    /// The footer's length, from its `vivo` to the end of the range it was read from.
    public var length: Int64

    /// The cover's frame index, from the MP4's JSON (`com.android.camera.imageTime`).
    public var imageTimeFrameIndex: Int? {
        let utf8 = json.utf8
        guard let range = utf8.firstOccurrence(of: "\"com.android.camera.imageTime\"".utf8) else { return nil }
        let rest = utf8[range.upperBound...].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "\"") }
        return Int(String(decoding: rest.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }, as: UTF8.self))
    }

    /// True when the bytes before `end` end with vivo's magic.
    public static func isPresent(in file: RandomAccessFile, endingAt end: Int64) throws(FormatError) -> Bool {
        guard end >= Int64(magicHead.count + 1), end <= file.size else { return false }
        let tail = try file.read(at: end - Int64(magicHead.count + 1), count: magicHead.count + 1)
        return Array(tail.prefix(magicHead.count)) == magicHead && magicEnds.contains(tail[magicHead.count])
    }

    /// Reads the footer that ends at `end`, no earlier than `lowerBound`.
    /// - Throws: when the marker, the lengths or the id do not read.
    public init(file: RandomAccessFile, endingAt end: Int64, lowerBound: Int64 = 0) throws(FormatError) {
        // The id ends where FF×4 and the magic start.
        let idStart = end - Int64(Self.magicHead.count + 1) - Int64(Self.idLength)
        guard idStart - 4 - Int64(Self.marker.count) - 4 >= lowerBound else {
            throw FormatError(.truncated, "vivo's footer is cut short", at: end)
        }
        let id = try file.read(at: idStart, count: Self.idLength)
        guard id.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else {
            throw FormatError(.malformed, "vivo's footer holds no readable pairing id", at: idStart)
        }
        // The marker, then the length of what follows it, sit before the id (12 more bytes in the portrait form).
        var markerAt: Int64?
        for gap in [Int64(0), 12] {
            let at = idStart - gap - 4 - Int64(Self.marker.count)
            if at >= lowerBound, try file.read(at: at, count: Self.marker.count) == Self.marker { markerAt = at }
            if markerAt != nil { break }
        }
        guard let markerAt else { throw FormatError(.malformed, "vivo's footer has no 'cameralbum!' marker", at: idStart) }
        guard markerAt - 4 >= lowerBound else { throw FormatError(.truncated, "vivo's footer is cut short", at: markerAt) }
        let n = Int64(try file.read(at: markerAt - 4, count: 4).loadUInt32(at: 0, .bigEndian))
        let jsonStart = markerAt - 4 - n
        guard n <= Int64(Self.maxJSON), jsonStart - 4 >= lowerBound else {
            throw FormatError(.malformed, "vivo's footer says its JSON is \(n) bytes, more than the file holds before it", at: markerAt - 4)
        }
        guard try file.read(at: jsonStart - 4, count: 4) == Self.prefix else {
            throw FormatError(.malformed, "vivo's footer does not start with 'vivo'", at: jsonStart - 4)
        }
        let text = try file.read(at: jsonStart, length: n)
        guard let json = String(validating: text, as: UTF8.self), json.first == "{" else {
            throw FormatError(.malformed, "vivo's footer JSON is not text that starts with '{'", at: jsonStart)
        }
        self.json = json
        pairingID = String(decoding: id, as: UTF8.self)
        offset = jsonStart - 4
        length = end - offset
    }

    /// The footer of a movie: in its last top-level box when that is a `uuid` box of vivo's user type.
    public static func inMovie(_ file: RandomAccessFile, topLevel: [BoxHeader]) throws(FormatError) -> VivoFooter? {
        guard let last = topLevel.last, last.type == "uuid", last.payloadSize >= Int64(userType.count),
            try file.read(at: last.payloadOffset, count: userType.count) == userType, try isPresent(in: file, endingAt: last.end)
        else { return nil }
        return try VivoFooter(file: file, endingAt: last.end, lowerBound: last.payloadOffset + Int64(userType.count))
    }

    /// A new pairing id: the capture time in 13 digits of milliseconds, 7 lowercase hex digits, 8 zeros.
    public static func newPairingID(milliseconds: Int64, random: UInt32) -> String {
        let ms = String(max(0, min(milliseconds, 9_999_999_999_999)))
        let hex = String(random & 0x0FFF_FFFF, radix: 16)
        return String(repeating: "0", count: 13 - ms.count) + ms + String(repeating: "0", count: 7 - hex.count) + hex + "00000000"
    }

    /// The photo footer's JSON: the pairing id, and the fields vivo's camera writes beside it.
    public static func photoJSON(pairingID: String) -> String {
        #"{"com.android.camera.livephoto":"\#(pairingID)","version":2200,"camerafacing":0,"moduleid":"live_photo"}"#
    }

    /// The movie footer's JSON: the pairing id and the cover's frame index.
    public static func movieJSON(pairingID: String, coverFrameIndex: Int) -> String {
        #"{"com.android.camera.livephoto":"\#(pairingID)","com.android.camera.imageTime":\#(coverFrameIndex),"version":2200,"faceInfo":{}}"#
    }

    /// The `uuid` box that ends vivo's MP4: its user type, then the footer.
    public static func movieBox(json: String, pairingID: String) -> [UInt8] {
        let footer = encoded(json: json, pairingID: pairingID)
        return BoxHeader.encoded("uuid", payloadSize: UInt64(userType.count + footer.count)) + userType + footer
    }

    /// The footer's bytes for `json` and `pairingID` (28 ASCII characters).
    public static func encoded(json: String, pairingID: String) -> [UInt8] {
        var w = ByteWriter()
        w.append(prefix)
        let text = Array(json.utf8)
        w.append(text)
        w.appendUInt32(UInt32(text.count))
        w.append(marker)
        w.appendUInt32(UInt32(4 + idLength + magicHead.count + 1))
        w.append(Array(pairingID.utf8.prefix(idLength)) + [UInt8](repeating: 0x30, count: max(0, idLength - pairingID.utf8.count)))
        w.append(magicHead + [0xB3])
        return w.bytes
    }
}

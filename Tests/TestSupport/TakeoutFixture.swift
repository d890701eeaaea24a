import Foundation
import MediaFormats

/// A Google Takeout built by the tests, as Google lays one out: parts of `Takeout/Google Photos/…` members, sidecars
/// named by Google's rules, albums with their metadata, from real samples and made clips.
public enum TakeoutFixture {
    public static let root = "Takeout/Google Photos"

    /// One member of a part.
    public struct Member: Sendable {
        public var path: String
        public var bytes: [UInt8]
        public var deflated: Bool

        public init(path: String, bytes: [UInt8], deflated: Bool = true) {
            self.path = path
            self.bytes = bytes
            self.deflated = deflated
        }
    }

    /// Writes a zip part holding `members`, in order.
    @discardableResult
    public static func zip(_ members: [Member], to path: String) throws -> String {
        try Data(try zipBytes(members)).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The bytes of a zip holding `members`, in order.
    public static func zipBytes(_ members: [Member]) throws -> [UInt8] {
        var writer = ZipWriter(output: ZipBuffer())
        for member in members {
            var position = 0
            try writer.addFile(
                member.path, method: member.deflated ? .deflated : .stored, modificationTime: 1_764_000_000,
                expectedSize: UInt64(member.bytes.count)
            ) { count in
                let end = min(member.bytes.count, position + count)
                defer { position = end }
                return Array(member.bytes[position..<end])
            }
        }
        return try writer.finish().bytes
    }

    /// A media sidecar as Google writes one.
    public static func sidecar(
        title: String, time: Int?, latitude: Double? = nil, longitude: Double? = nil, trashed: Bool = false, description: String? = nil,
        favorited: Bool = false, people: [String] = []
    ) -> [UInt8] {
        var object: [String: Any] = ["title": title, "creationTime": ["timestamp": "1764000000", "formatted": "x"]]
        if let time {
            object["photoTakenTime"] = ["timestamp": "\(time)", "formatted": "whenever"]
        } else {
            object["photoTakenTime"] = ["timestamp": "0", "formatted": ""]
        }
        if let latitude, let longitude {
            object["geoData"] = ["latitude": latitude, "longitude": longitude, "altitude": 35.0, "latitudeSpan": 0.0, "longitudeSpan": 0.0]
            object["geoDataExif"] = [
                "latitude": latitude, "longitude": longitude, "altitude": 35.0, "latitudeSpan": 0.0, "longitudeSpan": 0.0,
            ]
        }
        if trashed { object["trashed"] = true }
        if let description { object["description"] = description }
        if favorited { object["favorited"] = true }
        if !people.isEmpty { object["people"] = people.map { ["name": $0] } }
        return Array((try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data())
    }

    /// An album's metadata file.
    public static func album(_ title: String) -> [UInt8] {
        Array((try? JSONSerialization.data(withJSONObject: ["title": title, "description": "", "access": "protected"])) ?? Data())
    }

    public static func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    /// The name of a sidecar as Google cuts it: the first 46 UTF-16 units of NAME + `.supplemental-metadata`, then
    /// `(N)` when the file had one, then `.json`.
    public static func sidecarName(for name: String, number: Int? = nil) -> String {
        let units = Array((name + ".supplemental-metadata").utf16.prefix(46))
        return String(decoding: units, as: UTF16.self) + (number.map { "(\($0))" } ?? "") + ".json"
    }

    /// Writes a zip as Python's zipfile does, `members` (name, file) in order: with each member's sizes in its local
    /// header, or (`streamed`) as a stream, the sizes in a data descriptor after the data (flag bit 3), as an output
    /// that cannot seek gets. `method` is zipfile's constant: `ZIP_DEFLATED` or `ZIP_STORED`.
    public static func pythonZip(
        _ members: [(name: String, path: String)], to path: String, streamed: Bool, method: String = "ZIP_DEFLATED"
    )
        async throws
    {
        let script = """
            import sys, zipfile
            class Stream:
                def __init__(self, f): self.f = f
                def write(self, b): return self.f.write(b)
                def flush(self): self.f.flush()
                def tell(self): raise OSError("not seekable")
            out = open(sys.argv[1], 'wb')
            names = sys.argv[4::2]; paths = sys.argv[5::2]
            with zipfile.ZipFile(Stream(out) if sys.argv[2] == '1' else out, 'w', getattr(zipfile, sys.argv[3])) as z:
                for name, path in zip(names, paths): z.write(path, name)
            out.close()
            """
        var arguments = ["-c", script, path, streamed ? "1" : "0", method]
        for member in members { arguments += [member.name, member.path] }
        try await Tool.run(Readers.python, arguments)
    }
}

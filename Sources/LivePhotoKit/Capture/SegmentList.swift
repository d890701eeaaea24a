import MediaFormats
internal import PortableFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The segments a recording has completed, read from ffmpeg's `list.csv` as it grows (`name,start,end` a line, in
/// the stream's seconds), with the moment each was seen: what maps a press "now" to a time of the stream.
struct SegmentList {
    struct Segment: Equatable {
        var name: String
        /// Seconds from the stream's start.
        var start: Double
        var end: Double
    }

    let folder: String
    private(set) var segments: [Segment] = []
    /// The first segment's start in the stream's own clock: times here count from it.
    private(set) var origin: Double?
    /// When the last segment was seen, and its end: the stream's present is that end plus the time since.
    private var lastSeen: (end: Double, at: Date)?
    private var readOffset: UInt64 = 0
    private var partialLine = ""

    init(folder: String) { self.folder = folder }

    /// Reads the lines ffmpeg added since the last call.
    mutating func refresh(now: Date = Date()) {
        guard let file = try? RandomAccessFile(path: folder + "/list.csv"), file.size > Int64(readOffset),
            let data = try? file.read(at: Int64(readOffset), count: Int(file.size - Int64(readOffset)))
        else { return }
        readOffset += UInt64(data.count)
        let text = partialLine + String(decoding: data, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        partialLine = lines.removeLast()
        for line in lines {
            let fields = line.split(separator: ",")
            guard fields.count >= 3, let start = Double(fields[fields.count - 2]), let end = Double(fields[fields.count - 1]) else {
                continue
            }
            let origin = self.origin ?? start
            self.origin = origin
            if firstName == nil { firstName = fields.dropLast(2).joined(separator: ",") }
            segments.append(Segment(name: fields.dropLast(2).joined(separator: ","), start: start - origin, end: end - origin))
            lastSeen = (end - origin, now)
        }
    }

    /// The end of what is recorded, from the stream's start.
    var recordedEnd: Double { segments.last?.end ?? 0 }

    /// The stream's time at `moment`: the last segment's end plus the time since it was seen (a live stream runs
    /// at the wall clock's pace); before any segment, the time since `started`.
    func streamTime(at moment: Date, started: Date) -> Double {
        guard let lastSeen else { return max(0, moment.timeIntervalSince(started)) }
        return max(0, lastSeen.end + moment.timeIntervalSince(lastSeen.at))
    }

    /// The name of the recording's first segment, whose video times ffmpeg gets wrong (see ``FirstSegment``): a
    /// movie uses it once ``replaceFirst(with:)`` has put its repaired copy in its place.
    private(set) var firstName: String?
    /// True once the first segment is the repaired one.
    private(set) var firstRepaired = false

    /// When the stream was at `time` (the inverse of ``streamTime(at:started:)``); nil before any segment.
    func moment(of time: Double) -> Date? {
        lastSeen.map { $0.at.addingTimeInterval(time - $0.end) }
    }

    /// The segments that hold any of `start..<end`.
    func covering(_ start: Double, _ end: Double) -> [Segment] {
        segments.filter { $0.end > start && $0.start < end }
    }

    /// The recording's first segment, while it is kept and not yet repaired, and the one after it once listed.
    var unrepairedFirst: (first: Segment, next: Segment?)? {
        guard !firstRepaired, let first = segments.first, first.name == firstName else { return nil }
        return (first, segments.dropFirst().first)
    }

    /// Puts `segment` (the first one, repaired) in the first one's place.
    mutating func replaceFirst(with segment: Segment) {
        firstRepaired = true
        guard let first = segments.first, first.name == firstName else { return }
        segments[0] = segment
    }

    /// Forgets segments that end before `time`, and deletes their files.
    mutating func prune(before time: Double) {
        while let first = segments.first, first.end < time, segments.count > 1 {
            unlink(folder + "/" + first.name)
            segments.removeFirst()
        }
    }
}

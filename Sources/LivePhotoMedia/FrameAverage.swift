/// The mean of every frame of a stream of binary PPM images (`P6`, 8 bits, what ffmpeg's `image2pipe -c:v ppm`
/// writes), kept as a running sum: memory is one frame's sum, whatever the number of frames.
public struct FrameAverage: Sendable {
    /// The largest frame accepted, in pixels (8K is 33 million): the sum costs 12 bytes a pixel.
    public static let maxPixels = 40_000_000

    public private(set) var width = 0
    public private(set) var height = 0
    public private(set) var frames = 0
    private var sum: [UInt32] = []
    private var header: [UInt8] = []
    /// Where the current frame's data is, in bytes; nil while a header is read.
    private var position: Int?

    public init() {}

    /// Adds the bytes that follow in the stream.
    /// - Throws: ``MediaToolError`` when a header is not a P6 header of 8-bit samples, a frame changes size, or a
    ///   frame is past ``maxPixels``.
    public mutating func add(_ bytes: UnsafeRawBufferPointer) throws(MediaToolError) {
        var i = 0
        while i < bytes.count {
            if let at = position {
                let n = min(bytes.count - i, sum.count - at)
                sum.withUnsafeMutableBufferPointer { total in
                    for k in 0..<n { total[at + k] &+= UInt32(bytes[i + k]) }
                }
                i += n
                position = at + n == sum.count ? nil : at + n
                if position == nil { frames += 1 }
                // 255 a frame fits 32 bits for 16 million frames: 62 hours at 60 fps.
                guard frames < 16_000_000 else { throw .failed(tool: "ffmpeg", file: "", message: "more than 16 million frames") }
            } else {
                header.append(bytes[i])
                i += 1
                guard header.count <= 64 else { throw .failed(tool: "ffmpeg", file: "", message: "a frame header is not a PPM header") }
                if let (w, h) = try Self.parsedHeader(header) {
                    header.removeAll(keepingCapacity: true)
                    if sum.isEmpty {
                        guard w > 0, h > 0, w * h <= Self.maxPixels else {
                            throw .failed(tool: "ffmpeg", file: "", message: "a frame of \(w)×\(h) is larger than \(Self.maxPixels) pixels")
                        }
                        (width, height) = (w, h)
                        sum = [UInt32](repeating: 0, count: w * h * 3)
                    }
                    guard (w, h) == (width, height) else {
                        throw .failed(tool: "ffmpeg", file: "", message: "the frames change size (\(width)×\(height), then \(w)×\(h))")
                    }
                    position = 0
                }
            }
        }
    }

    /// `P6`, width, height and 255, separated by whitespace and ended by one: nil until complete.
    static func parsedHeader(_ header: [UInt8]) throws(MediaToolError) -> (Int, Int)? {
        guard let last = header.last, last == 0x0A || last == 0x20 || last == 0x0D || last == 0x09 else { return nil }
        let fields = header.split { $0 == 0x0A || $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }.map { String(decoding: $0, as: UTF8.self) }
        guard fields.count >= 4 else { return nil }
        guard fields[0] == "P6", let w = Int(fields[1]), let h = Int(fields[2]), fields[3] == "255", fields.count == 4 else {
            throw .failed(tool: "ffmpeg", file: "", message: "a frame header is not an 8-bit PPM header")
        }
        return (w, h)
    }

    /// The mean frame as a binary PPM; nil before a whole frame was added.
    public func meanPPM() -> [UInt8]? {
        guard frames > 0 else { return nil }
        let divisor = UInt32(frames), half = UInt32(frames / 2)
        var out = Array("P6\n\(width) \(height)\n255\n".utf8)
        out.reserveCapacity(out.count + sum.count)
        for value in sum { out.append(UInt8(min(255, (value + half) / divisor))) }
        return out
    }
}

/// A movie's sound description as an MP4 player reads it (ISO/IEC 14496-12 §12.2.3, 14496-14 §6.7): QuickTime writes
/// AAC as a version-1 (or version-2) sound description whose `esds` sits inside a `wave` box, which ISO readers such
/// as androidx media3's ignore outside a `qt  ` file, so the sound is dropped; version 0 with `esds` as its own child
/// is what they read. 16-bit little-endian PCM (an iPhone's `lpcm`) becomes the ISO `sowt` version-0 entry, its samples
/// as they are; other audio that MP4 players do not take (big-endian or float PCM, μ-law, IMA) must be encoded.
public enum ISOAudioSampleEntry {
    /// What an audio sample entry needs to play from an MP4.
    public enum Form: Sendable, Equatable {
        /// Already an ISO entry (or not audio this knows): kept as it is.
        case unchanged
        /// The same stream in an ISO version-0 `mp4a` entry, these bytes.
        case rewritten([UInt8])
        /// A format MP4 players do not decode (big-endian or float PCM, QuickTime's legacy codecs): the audio must be
        /// encoded (AAC).
        case needsEncoding(format: FourCC)
    }

    /// QuickTime's uncompressed and legacy sound formats, which MP4 players do not take.
    static let uncompressedFormats: Set<FourCC> = [
        "lpcm", "sowt", "twos", "in24", "in32", "fl32", "fl64", "raw ", "NONE", "ulaw", "alaw", "ima4",
    ]

    /// The entry's form for an MP4.
    /// - Throws: when an `mp4a` entry is cut short or holds no `esds`.
    public static func form(of entry: SampleDescription) throws(FormatError) -> Form {
        if let pcm = signed16BitLittleEndianPCM(entry) {
            return pcm.isISO ? .unchanged : .rewritten(sowtEntry(from: entry.bytes, channels: pcm.channels, rate: pcm.rate))
        }
        if uncompressedFormats.contains(entry.format) { return .needsEncoding(format: entry.format) }
        guard entry.format == "mp4a" else { return .unchanged }
        let b = entry.bytes
        guard b.count >= 36 else { throw FormatError(.truncated, "the 'mp4a' sound description is \(b.count) bytes") }
        let version = b.loadUInt16(at: 16, .bigEndian)
        var channels = Int64(b.loadUInt16(at: 24, .bigEndian))
        var rate = Double(b.loadUInt32(at: 32, .bigEndian)) / 65536
        let childrenAt: Int
        switch version {
        case 0: return .unchanged
        case 1: childrenAt = 52
        case 2:
            // SoundDescriptionV2: the rate as a 64-bit float and the channel count after the v0 fields.
            guard b.count >= 72 else { throw FormatError(.truncated, "the version-2 sound description is \(b.count) bytes") }
            rate = Double(bitPattern: b.loadUInt64(at: 40, .bigEndian))
            channels = Int64(b.loadUInt32(at: 48, .bigEndian))
            childrenAt = 72
        default: throw FormatError(.unsupported, "a sound description of version \(version)")
        }
        guard b.count >= childrenAt else { throw FormatError(.truncated, "the sound description ends in its fields") }
        let children = try Atom.parseSequence(b, range: childrenAt..<b.count, baseOffset: 0, depth: 2)
        var esds = children.first { $0.type == "esds" }
        if esds == nil, let wave = children.first(where: { $0.type == "wave" }) {
            // 'wave' holds 'frma', the codec's own atom, 'esds' and a terminator; its payload is read as boxes.
            let payload = wave.data
            var at = 0
            // Box by box; a short terminator (4 zero bytes, as some writers end it) stops the walk.
            while at + 8 <= payload.count {
                let size = Int(clamping: payload.loadUInt32(at: at, .bigEndian))
                guard size >= 8, size <= payload.count - at else { break }
                if Array(payload[at + 4..<at + 8]) == Array("esds".utf8) {
                    esds = try Atom.parse(Array(payload[at..<at + size]))
                    break
                }
                at += size
            }
        }
        guard let esds else { throw FormatError(.malformed, "the AAC sound description holds no 'esds' (decoder configuration)") }
        guard channels > 0, channels <= 0xFFFF, rate > 0, rate < 65536, rate == rate.rounded() else {
            throw FormatError(.unsupported, "an AAC track of \(channels) channels at \(rate) Hz has no ISO version-0 form")
        }
        return .rewritten(versionZeroEntry("mp4a", from: b, channels: Int(channels), rate: Int(rate), children: esds.serialized()))
    }

    /// The channel count and rate of a sound description of 16-bit signed little-endian PCM, interleaved, one frame a
    /// sample (an iPhone's `lpcm` version 2, a `sowt` version 0 or 1), and whether it is already the ISO `sowt`
    /// version-0 entry; nil for any other sound (docs/formats/motion-photo.md#the-sound).
    static func signed16BitLittleEndianPCM(_ entry: SampleDescription) -> (channels: Int, rate: Int, isISO: Bool)? {
        let b = entry.bytes
        guard b.count >= 36 else { return nil }
        let version = b.loadUInt16(at: 16, .bigEndian)
        let channels: Int, rate: Double
        switch (entry.format, version) {
        case ("lpcm", 2):
            // SoundDescriptionV2: the rate as a 64-bit float, then the channels, bits per channel, the format's flags
            // (float 1, big-endian 2, signed 4, non-interleaved 0x20), bytes and frames per packet.
            guard b.count >= 72 else { return nil }
            rate = Double(bitPattern: b.loadUInt64(at: 40, .bigEndian))
            channels = Int(b.loadUInt32(at: 48, .bigEndian))
            let bits = b.loadUInt32(at: 56, .bigEndian), flags = b.loadUInt32(at: 60, .bigEndian)
            let bytesPerPacket = b.loadUInt32(at: 64, .bigEndian), framesPerPacket = b.loadUInt32(at: 68, .bigEndian)
            guard bits == 16, flags & 0x1 == 0, flags & 0x2 == 0, flags & 0x4 != 0, flags & 0x20 == 0 || channels == 1,
                framesPerPacket == 1, Int(bytesPerPacket) == 2 * channels
            else { return nil }
        case ("sowt", 0), ("sowt", 1):
            guard b.loadUInt16(at: 26, .bigEndian) == 16 else { return nil }
            channels = Int(b.loadUInt16(at: 24, .bigEndian))
            rate = Double(b.loadUInt32(at: 32, .bigEndian)) / 65536
        default:
            return nil
        }
        guard (1...16).contains(channels), rate >= 1, rate < 65536, rate == rate.rounded() else { return nil }
        return (channels, Int(rate), entry.format == "sowt" && version == 0 && b.count == 36)
    }

    /// The ISO `sowt` version-0 sound description (ISO/IEC 14496-12 §12.2.3) of 16-bit PCM: `entry`'s data reference
    /// index, `channels`, a sample size of 16 and `rate` in 16.16, with no other field and no child box.
    static func sowtEntry(from entry: [UInt8], channels: Int, rate: Int) -> [UInt8] {
        versionZeroEntry("sowt", from: entry, channels: channels, rate: rate, children: [])
    }

    /// An ISO version-0 sound description (ISO/IEC 14496-12 §12.2.3) of `format`: `entry`'s data reference index,
    /// `channels`, a sample size of 16 and `rate` in 16.16, then `children` (an `esds`, or nothing).
    static func versionZeroEntry(_ format: String, from entry: [UInt8], channels: Int, rate: Int, children: [UInt8]) -> [UInt8] {
        var w = ByteWriter()
        w.appendUInt32(UInt32(36 + children.count))
        w.appendASCII(format)
        w.append(Array(entry[8..<16]))  // reserved and the data reference index
        w.append([UInt8](repeating: 0, count: 8))  // reserved (version 0, revision, vendor)
        w.appendUInt16(UInt16(channels))
        w.appendUInt16(16)  // sample size
        w.appendUInt16(0)  // pre-defined
        w.appendUInt16(0)  // reserved
        w.appendUInt32(UInt32(rate) << 16)
        w.append(children)
        return w.bytes
    }

    /// `stsd` with every entry in its MP4 form, and the formats that need encoding (none when it plays as it is).
    public static func isoDescriptions(_ stsd: Atom) throws(FormatError) -> (stsd: Atom, needsEncoding: [FourCC]) {
        var entries: [[UInt8]] = []
        var needs: [FourCC] = []
        var changed = false
        for entry in try SampleDescription.entries(of: stsd) {
            switch try form(of: entry) {
            case .unchanged: entries.append(entry.bytes)
            case .rewritten(let bytes):
                entries.append(bytes)
                changed = true
            case .needsEncoding(let format):
                entries.append(entry.bytes)
                needs.append(format)
            }
        }
        return (changed ? SampleDescription.atom(entries) : stsd, needs)
    }

    /// A `trak` whose sample descriptions are in their MP4 form, and the formats that need encoding.
    public static func isoTrack(_ trak: Atom) throws(FormatError) -> (trak: Atom, needsEncoding: [FourCC]) {
        var trak = trak
        var needs: [FourCC] = []
        try trak.modifyChildren("mdia") { (mdia) throws(FormatError) in
            try mdia.modifyChildren("minf") { (minf) throws(FormatError) in
                try minf.modifyChildren("stbl") { (stbl) throws(FormatError) in
                    try stbl.modifyChildren("stsd") { (stsd) throws(FormatError) in
                        let result = try isoDescriptions(stsd)
                        stsd = result.stsd
                        needs += result.needsEncoding
                    }
                }
            }
        }
        return (trak, needs)
    }
}

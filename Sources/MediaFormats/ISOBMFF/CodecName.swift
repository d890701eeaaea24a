/// Short codec names for sample-entry formats (`stsd` entries), as ffprobe spells them.
public enum CodecName {
    /// The short name of a sample entry's format: `h264`, `hevc`, `aac`, `pcm`, `timed-metadata`, ...; the format
    /// itself for one not listed, `none` for a track without sample entries.
    public static func of(_ format: FourCC?) -> String {
        switch format {
        case "avc1", "avc3": return "h264"
        case "hvc1", "hev1": return "hevc"
        case "mp4a": return "aac"
        case "lpcm", "sowt", "twos", "in24", "in32", "fl32", "fl64": return "pcm"
        case "mebx": return "timed-metadata"
        case "mp4v": return "mpeg4"
        case "vp08": return "vp8"
        case "vp09": return "vp9"
        case "av01": return "av1"
        case "apch", "apcn", "apcs", "apco", "ap4h", "ap4x": return "prores"
        case "jpeg", "mjpa", "mjpb": return "mjpeg"
        case nil: return "none"
        case let f?: return String(f.description.filter { $0 != " " })
        }
    }

    /// Whether the format is H.264 or HEVC, the codecs a Live Photo's movie may carry.
    public static func isH264OrHEVC(_ format: FourCC?) -> Bool { ["avc1", "avc3", "hvc1", "hev1"].contains(format) }
}

/// The movie metadata HUAWEI's and Honor's cameras write (docs/formats/makers.md#cover-time-in-the-mp4): `mdta` keys read by HarmonyOS galleries.
public enum OpenHarmonyMovieMetadata {
    /// The cover's time in milliseconds, a 32-bit float (data type 23); some tools write it as text.
    public static let coverTimeKey = "com.openharmony.covertime"

    /// The cover time as the camera muxer writes it.
    public static func coverTimeValue(milliseconds: Double) -> QuickTimeMetadata.Value { .float32(Float(milliseconds)) }

    /// The cover time in milliseconds from `metadata`, a float or text; nil when absent or not a number.
    public static func coverTimeMilliseconds(in metadata: QuickTimeMetadata) -> Double? {
        switch metadata.value(for: coverTimeKey) {
        case .float32(let f)?: return f.isFinite && f >= 0 ? Double(f) : nil
        case .float64(let d)?: return d.isFinite && d >= 0 ? d : nil
        case .utf8(let text)?: return Double(text.trimmingASCIIWhitespace()).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        case .signedInteger(let n)?: return n >= 0 ? Double(n) : nil
        case .unsignedInteger(let n)?: return Double(n)
        default: return nil
        }
    }
}

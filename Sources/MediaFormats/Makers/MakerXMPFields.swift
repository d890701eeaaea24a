/// What other makers add to a Motion Photo's XMP (docs/formats/makers.md#oppo-oneplus-and-realme, docs/formats/makers.md#vivo, docs/formats/makers.md#xiaomi): OPPO's `OpCamera` fields, vivo's `VCamera`,
/// Xiaomi's `MiCamera`, and the Ultra HDR gain map's `hdrgm`. Matched by namespace URI, in any `rdf:Description`.
public struct MakerXMPFields: Sendable, Equatable {
    /// OPPO, OnePlus and realme (`OpCamera`).
    public static let oppoNamespace = "http://ns.oplus.com/photos/1.0/camera/"
    /// The URI some third-party templates bind `OpCamera` to instead: read, never written.
    public static let oppoAlternativeNamespace = "http://ns.oppo.com/photo/1.0/camera/"
    /// vivo (`VCamera`).
    public static let vivoNamespace = "http://ns.vivo.com/photos/1.0/camera/"
    /// Xiaomi (`MiCamera`).
    public static let xiaomiNamespace = "http://ns.xiaomi.com/photos/1.0/camera/"
    /// Ultra HDR's gain map (`hdrgm`).
    public static let gainMapNamespace = "http://ns.adobe.com/hdr-gain-map/1.0/"

    /// `OpCamera:VideoLength`: the MP4's own bytes (a OnePlus trailer may follow it within the video item).
    public var oppoVideoLength: Int64?
    /// `OpCamera:MotionPhotoOwner` (`oplus` on OPPO's cameras).
    public var oppoOwner: String?
    /// `OpCamera:MotionPhotoPrimaryPresentationTimestampUs`: the shutter's frame, kept when the cover is moved.
    public var oppoPrimaryTimestampUs: Int64?
    /// Any `OpCamera` property.
    public var hasOppoFields: Bool
    /// Any `VCamera` property (`VMotionPhotoVersion`, `VMotionPhotoSource`, `VMediaKitVersion`).
    public var hasVivoFields: Bool
    /// Any `MiCamera` property.
    public var hasXiaomiFields: Bool
    /// `hdrgm:Version`: the primary image carries an Ultra HDR gain map.
    public var gainMapVersion: String?

    /// The fields of `packet`.
    public init(packet: XMPPacket) {
        func properties(_ namespaces: [String]) -> [XMPPacket.Attribute] {
            packet.descriptions.flatMap { d in d.attributes.filter { a in namespaces.contains(a.namespace ?? "") } }
                + packet.descriptions.flatMap { d in
                    d.children.filter { namespaces.contains($0.namespace ?? "") }.map {
                        XMPPacket.Attribute(namespace: $0.namespace, localName: $0.localName, value: $0.text, range: $0.range)
                    }
                }
        }
        let oppo = properties([Self.oppoNamespace, Self.oppoAlternativeNamespace])
        func oppoValue(_ name: String) -> String? { oppo.first { $0.localName == name }?.value.trimmingASCIIWhitespace() }
        hasOppoFields = !oppo.isEmpty
        oppoVideoLength = oppoValue("VideoLength").flatMap { Int64($0) }.flatMap { $0 > 0 ? $0 : nil }
        oppoOwner = oppoValue("MotionPhotoOwner")
        oppoPrimaryTimestampUs = oppoValue("MotionPhotoPrimaryPresentationTimestampUs").flatMap { Int64($0) }
        hasVivoFields = !properties([Self.vivoNamespace]).isEmpty
        hasXiaomiFields = !properties([Self.xiaomiNamespace]).isEmpty
        gainMapVersion = properties([Self.gainMapNamespace]).first { $0.localName == "Version" }?.value
    }
}

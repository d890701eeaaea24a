extension HEIFFile {
    /// The auxiliary types that name an HDR gain map: Apple's (`urn:com:apple:photo:2020:aux:hdrgainmap`) and ISO's
    /// (`urn:iso:std:iso:ts:21496:-1`, carried as a `tmap` item instead).
    static let gainMapAuxiliaryTypes = ["hdrgainmap", "ts:21496"]

    /// True when the HEIF holds an HDR gain map: an auxiliary image whose `auxC` names one, or a `tmap` item.
    public var hasGainMap: Bool {
        if items.contains(where: { $0.type == "tmap" }) { return true }
        guard let ipco = meta.find(["iprp", "ipco"]) else { return false }
        return ipco.children("auxC").contains { box in
            let text = String(decoding: box.data.dropFirst(4).prefix { $0 != 0 }, as: UTF8.self)
            return Self.gainMapAuxiliaryTypes.contains { text.containsText($0) }
        }
    }
}

import MediaFormats

extension LibraryItem.Kind: JSONRepresentable {}
extension LibraryItem.Pairing: JSONRepresentable {}

/// An item as one line of `scan --json` holds it (``appendJSONLine(to:)``), keys in the same sorted order.
extension LibraryItem: JSONRepresentable {
    package var json: JSONValue {
        var o = JSONObject()
        o.set("family", family)
        o.set("files", files)
        o.set("flavor", flavor)
        o.set("identifier", identifier)
        o.set("kind", kind)
        o.set("note", note)
        o.set("pairedBy", pairedBy)
        o.set("root", root)
        o.set("variants", variants)
        return o.json
    }
}

/// A file's facts as the browser keeps them between the engine's runs: `{"path", "kind", "note", "identifier",
/// "stillImageTime", "pairingID"}`, the kind and note as scan's index stores them (``ScannedFile/Kind/stored``).
extension ScannedFile: JSONRepresentable {
    package var json: JSONValue {
        let stored = kind.stored
        var o = JSONObject()
        o.set("path", path)
        o.set("kind", stored.text)
        o.set("note", stored.note)
        o.set("identifier", identifier)
        o.set("stillImageTime", hasStillImageTime ? true : nil)
        o.set("pairingID", pairingID)
        return o.json
    }

    /// The facts of ``json``; nil when they name no path or a kind this version does not know.
    package init?(json: JSONValue) {
        guard let path = json["path"]?.stringValue, let text = json["kind"]?.stringValue,
            let kind = Kind(stored: text, note: json["note"]?.stringValue)
        else { return nil }
        self.init(
            path: path, kind: kind, identifier: json["identifier"]?.stringValue,
            hasStillImageTime: json["stillImageTime"]?.boolValue ?? false, pairingID: json["pairingID"]?.stringValue)
    }
}

extension LibraryItem {
    /// The item of a line of `scan --json` (``json``); nil when it has no kind this version knows or no files.
    package init?(json: JSONValue) {
        guard let kindName = json["kind"]?.stringValue, let kind = Kind(rawValue: kindName),
            let files = json["files"]?.arrayValue?.compactMap({ $0.stringValue }), !files.isEmpty
        else { return nil }
        self.init(
            kind: kind, files: files, identifier: json["identifier"]?.stringValue,
            pairedBy: json["pairedBy"]?.stringValue.flatMap(Pairing.init(rawValue:)),
            variants: json["variants"]?.arrayValue?.compactMap { $0.stringValue } ?? [],
            flavor: json["flavor"]?.stringValue.flatMap(InspectionReport.MotionPhotoReport.Flavor.init(rawValue:)),
            family: json["family"]?.stringValue.flatMap(PhotoFamily.init(rawValue:)), note: json["note"]?.stringValue,
            root: json["root"]?.stringValue)
    }
}

extension LibraryItem.BatchResult.Status: JSONRepresentable {}

/// A batch's line for one item, keyed as `--json` prints it (sorted keys).
extension LibraryItem.BatchResult: JSONRepresentable {
    package var json: JSONValue {
        var o = JSONObject()
        o.set("bytes", bytes)
        o.set("inputs", inputs)
        o.set("item", item)
        o.set("kind", kind)
        o.set("notes", notes)
        o.set("outputs", outputs)
        o.set("reason", reason)
        o.set("status", status)
        return o.json
    }
}

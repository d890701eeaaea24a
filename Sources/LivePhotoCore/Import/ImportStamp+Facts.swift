import MediaFormats

extension ImportStamp.Facts {
    /// The facts of a media sidecar.
    package init(sidecar media: ImportSidecar.Media) {
        self.init(
            captureSeconds: media.captureSeconds, place: media.place, description: media.description, favorited: media.favorited,
            people: media.people)
        captureTimeYields = media.captureTimeIsUpload
        title = media.libraryTitle
        keywords = media.keywords
    }

    /// Whether there is nothing to write: a file without a sidecar.
    package var isEmpty: Bool { self == Self() }
}

/// Facts as the browser keeps them between the engine's runs: `{"captured", "place": [latitude, longitude,
/// altitude?], "description", "favorited", "people", "title", "keywords", "yields"}`.
extension ImportStamp.Facts: JSONRepresentable {
    package var json: JSONValue {
        var o = JSONObject()
        o.set("captured", captureSeconds)
        if let place {
            o.set(
                "place",
                JSONValue.array([.number(place.latitude), .number(place.longitude)] + (place.altitude.map { [.number($0)] } ?? [])))
        }
        o.set("description", description)
        o.set("favorited", favorited ? true : nil)
        o.set("people", people.isEmpty ? nil : JSONValue.array(people.map { .string($0) }))
        o.set("title", title)
        o.set("keywords", keywords.isEmpty ? nil : JSONValue.array(keywords.map { .string($0) }))
        o.set("yields", captureTimeYields ? true : nil)
        return o.json
    }

    /// The facts of ``json``; nil when it is not an object of them.
    package init?(json: JSONValue) {
        guard case .object = json else { return nil }
        self.init(
            captureSeconds: json["captured"]?.integerValue, description: json["description"]?.stringValue,
            favorited: json["favorited"]?.boolValue ?? false, people: (json["people"]?.arrayValue ?? []).compactMap { $0.stringValue })
        if let place = json["place"]?.arrayValue {
            guard place.count == 2 || place.count == 3, let latitude = place[0].doubleValue, let longitude = place[1].doubleValue else {
                return nil
            }
            self.place = ImportStamp.Place(
                latitude: latitude, longitude: longitude, altitude: place.count == 3 ? place[2].doubleValue : nil)
        }
        title = json["title"]?.stringValue
        keywords = (json["keywords"]?.arrayValue ?? []).compactMap { $0.stringValue }
        captureTimeYields = json["yields"]?.boolValue ?? false
    }
}

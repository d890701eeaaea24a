import MediaFormats
internal import PortableFoundation

/// What ``TakeoutStamp`` writes into a still's Exif and XMP, and what it reads back from them
/// (docs/formats/takeout.md#what-is-written-into-the-files): a file's own value wins unless the sidecar is preferred.
enum TakeoutStillMetadata {
    /// Puts the date and the place into `tiff` where the file lacks them (or always, with `prefersSidecar`).
    /// - Returns: "date" and/or "place", for what changed.
    static func stampExif(_ tiff: inout ExifTIFF, facts: TakeoutFacts, prefersSidecar: Bool) throws -> Set<String> {
        var written: Set<String> = []
        if let seconds = TakeoutStamp.captureSeconds(facts), tiff.dateTimeOriginal == nil || prefersSidecar {
            // The file's own offset when it states one, so the clock stays local; else UTC, an exact instant.
            let offset = tiff.statedOffset ?? 0
            let clock = ExifDateTime(clockSeconds: seconds + Int64(offset))
            if tiff.dateTimeOriginal != clock || tiff.offsetTimeOriginal != offset {
                try tiff.setCaptureTime(clock, offset: offset)
                written.insert("date")
            }
        }
        if let place = facts.place, !(place.latitude == 0 && place.longitude == 0), !tiff.hasGPSPosition || prefersSidecar {
            try tiff.setGPSPosition(GPSPosition(latitude: place.latitude, longitude: place.longitude, altitude: place.altitude))
            written.insert("place")
        }
        return written
    }

    /// The XMP properties to write: the caption, the title, the keywords and the people where the packet lacks them (or always, with
    /// `prefersSidecar`), a rating of 5 for a favourite only where the packet has no rating.
    static func xmpProperties(_ packet: XMPPacket?, facts: TakeoutFacts, prefersSidecar: Bool) -> XMPChanges {
        func has(_ namespace: String, _ name: String) -> Bool { packet.map { XMPDescriptiveWriter.has($0, namespace, name) } ?? false }
        var changes = XMPChanges()
        if let text = facts.description?.trimmingWhitespace(newlines: true), !text.isEmpty,
            !has(XMPDescriptiveWriter.dublinCoreNamespace, "description") || prefersSidecar
        {
            changes.list.append(.description(text))
            changes.names.insert("description")
        }
        if let text = facts.title?.trimmingWhitespace(newlines: true), !text.isEmpty,
            !has(XMPDescriptiveWriter.dublinCoreNamespace, "title") || prefersSidecar
        {
            changes.list.append(.title(text))
            changes.names.insert("title")
        }
        let keywords = facts.keywords.map { $0.trimmingWhitespace(newlines: true) }.filter { !$0.isEmpty }
        if !keywords.isEmpty, !has(XMPDescriptiveWriter.dublinCoreNamespace, "subject") || prefersSidecar {
            changes.list.append(.keywords(keywords))
            changes.names.insert("keywords")
        }
        if facts.favorited, !has(XMPDescriptiveWriter.basicNamespace, "Rating") {
            changes.list.append(.rating(5))
            changes.names.insert("rating")
        }
        let people = facts.people.map { $0.trimmingWhitespace(newlines: true) }.filter { !$0.isEmpty }
        if !people.isEmpty, !has(XMPDescriptiveWriter.iptcExtensionNamespace, "PersonInImage") || prefersSidecar {
            changes.list.append(.people(people))
            changes.names.insert("people")
        }
        return changes
    }

    /// The XMP properties to write, and the names ``TakeoutStamp/apply(to:facts:prefersSidecar:)`` reports for them.
    struct XMPChanges {
        var list: [XMPDescriptiveWriter.Property] = []
        var names: Set<String> = []
    }
}

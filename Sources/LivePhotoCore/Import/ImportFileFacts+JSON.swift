import MediaFormats

/// A file's facts as the browser keeps them between the engine's runs: `{"kind", "problem", "format", "identifier",
/// "stillImageTime", "duration", "captured", "video": [offset, length], "family"}`.
extension ImportFileFacts: JSONRepresentable {
    package var json: JSONValue {
        var o = JSONObject()
        switch kind {
        case .still: o.set("kind", "still")
        case .movie: o.set("kind", "movie")
        case .motionPhoto: o.set("kind", "motion-photo")
        case .brokenMotionPhoto(let problem):
            o.set("kind", "broken-motion-photo")
            o.set("problem", problem)
        case .other: o.set("kind", "other")
        }
        o.set("format", format)
        o.set("identifier", identifier)
        o.set("stillImageTime", hasStillImageTime ? true : nil)
        o.set("duration", duration)
        o.set("captured", ownCaptureSeconds)
        o.set("video", embeddedVideo.map { [$0.offset, $0.length] })
        o.set("family", family)
        return o.json
    }

    /// The facts of ``json``; nil when they name no kind or format this version knows.
    package init?(json: JSONValue) {
        guard let formatName = json["format"]?.stringValue, let format = FileKind(rawValue: formatName) else { return nil }
        let kind: Kind
        switch json["kind"]?.stringValue {
        case "still": kind = .still
        case "movie": kind = .movie
        case "motion-photo": kind = .motionPhoto
        case "broken-motion-photo": kind = .brokenMotionPhoto(json["problem"]?.stringValue ?? "")
        case "other": kind = .other
        default: return nil
        }
        self.init(kind: kind, format: format)
        identifier = json["identifier"]?.stringValue
        hasStillImageTime = json["stillImageTime"]?.boolValue ?? false
        duration = json["duration"]?.doubleValue
        ownCaptureSeconds = json["captured"]?.integerValue
        if let span = json["video"]?.arrayValue, span.count == 2, let offset = span[0].integerValue, let length = span[1].integerValue,
            offset >= 0, length >= 0
        {
            embeddedVideo = MotionPhotoFile.Span(offset: offset, length: length)
        }
        family = json["family"]?.stringValue.flatMap(PhotoFamily.init(rawValue:))
    }
}

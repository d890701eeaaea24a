import MediaFormats

// The reports as the command line's `--json` prints them (their `Codable` form), for the browser engine, which has no
// Foundation encoder. Each writes its stored properties in declaration order; the parity tests compare the two as
// JSON values.

extension FileKind: JSONRepresentable {}
extension PhotoFamily: JSONRepresentable {}
extension InspectionReport.FileReport.Role: JSONRepresentable {}
extension InspectionReport.StillImageTime.Form: JSONRepresentable {}
extension InspectionReport.MotionPhotoReport.Flavor: JSONRepresentable {}
extension InspectionReport.MotionPhotoVideoLocator: JSONRepresentable {}
extension VerificationReport.Check.Requirement: JSONRepresentable {}
extension Packaging: JSONRepresentable {}
extension MakeResult.PhotoSource: JSONRepresentable {}
extension MakeResult.VideoSource: JSONRepresentable {}
extension MakeResult.TrimReport.Method: JSONRepresentable {}
extension SplitResult.Kind: JSONRepresentable {}
extension MotionPhotoFlavor: JSONRepresentable {}
extension ContentIdentifier: JSONRepresentable { package var json: JSONValue { .string(rawValue) } }

extension InspectionReport: JSONRepresentable {
    package var json: JSONValue {
        var o = JSONObject()
        o.set("files", files)
        o.set("pair", pair)
        return o.json
    }
}

extension InspectionReport.FileReport: JSONRepresentable {
    package var json: JSONValue {
        var o = JSONObject()
        o.set("path", path)
        o.set("format", format)
        o.set("role", role)
        o.set("sizeBytes", sizeBytes)
        o.set("contentIdentifier", contentIdentifier)
        o.set("still", still)
        o.set("movie", movie)
        o.set("motionPhoto", motionPhoto)
        o.set("members", members)
        o.set("family", family)
        o.set("flavor", flavor)
        o.set("pairingIdentifier", pairingIdentifier)
        o.set("error", error)
        o.set("problems", problems)
        return o.json
    }
}

extension InspectionReport.StillReport: JSONRepresentable {
    package var json: JSONValue {
        var o = JSONObject()
        o.set("width", width)
        o.set("height", height)
        o.set("orientation", orientation)
        o.set("make", make)
        o.set("model", model)
        o.set("makerNote", makerNote)
        return o.json
    }
}

extension InspectionReport.MovieReport: JSONRepresentable {
    package var json: JSONValue {
        var o = JSONObject()
        o.set("brand", brand)
        o.set("durationSeconds", durationSeconds)
        o.set("coverTimeSeconds", coverTimeSeconds)
        o.set("stillImageTime", stillImageTime)
        o.set("stillImageTimeTrackCount", stillImageTimeTrackCount)
        o.set("video", video)
        o.set("audioCodec", audioCodec)
        o.set("tracks", tracks)
        o.set("wallpaper", wallpaper)
        return o.json
    }
}

extension InspectionReport.VideoReport: JSONRepresentable {
    package var json: JSONValue {
        var o = JSONObject()
        o.set("trackID", trackID)
        o.set("codec", codec)
        o.set("width", width)
        o.set("height", height)
        o.set("rotationDegrees", rotationDegrees)
        o.set("frameCount", frameCount)
        o.set("frameRate", frameRate)
        o.set("durationSeconds", durationSeconds)
        return o.json
    }
}

extension InspectionReport.TrackReport: JSONRepresentable {
    package var json: JSONValue {
        var o = JSONObject()
        o.set("id", id)
        o.set("handler", handler)
        o.set("format", format)
        o.set("codec", codec)
        o.set("enabled", enabled)
        o.set("metadataKeys", metadataKeys)
        return o.json
    }
}

extension InspectionReport.PairReport: JSONRepresentable {
    package var json: JSONValue {
        var o = JSONObject()
        o.set("photo", photo)
        o.set("movie", movie)
        o.set("paired", paired)
        o.set("reason", reason)
        return o.json
    }
}

extension InspectionReport.StillImageTime: JSONRepresentable {
    package var json: JSONValue {
        var o = JSONObject()
        o.set("trackID", trackID)
        o.set("seconds", seconds)
        o.set("form", form)
        o.set("value", value)
        o.set("enabled", enabled)
        o.set("trackFlags", trackFlags)
        o.set("referencesVideo", referencesVideo)
        o.set("mediaTimescale", mediaTimescale)
        return o.json
    }
}

extension InspectionReport.MotionPhotoReport: JSONRepresentable {
    package var json: JSONValue {
        var o = JSONObject()
        o.set("flavor", flavor)
        o.set("version", version)
        o.set("coverTimeSeconds", coverTimeSeconds)
        o.set("videoLocator", videoLocator)
        o.set("coverFrameIndex", coverFrameIndex)
        o.set("videoOffset", videoOffset)
        o.set("videoLength", videoLength)
        o.set("directory", directory)
        o.set("parts", parts)
        o.set("notes", notes)
        return o.json
    }
}

extension InspectionReport.MotionPhotoReport.Part: JSONRepresentable {
    package var json: JSONValue {
        var o = JSONObject()
        o.set("name", name)
        o.set("offset", offset)
        o.set("length", length)
        return o.json
    }
}

extension InspectionReport.MotionPhotoDirectoryItem: JSONRepresentable {
    package var json: JSONValue {
        var o = JSONObject()
        o.set("mime", mime)
        o.set("semantic", semantic)
        o.set("length", length)
        o.set("padding", padding)
        return o.json
    }
}

extension WallpaperReport: JSONRepresentable {
    package var json: JSONValue {
        var o = JSONObject()
        o.set("ready", ready)
        o.set("gates", gates)
        return o.json
    }
}

extension WallpaperReport.Gate: JSONRepresentable {
    package var json: JSONValue {
        var o = JSONObject()
        o.set("id", id)
        o.set("name", name)
        o.set("passed", passed)
        o.set("detail", detail)
        return o.json
    }
}

extension VerificationReport: JSONRepresentable {
    package var json: JSONValue {
        var o = JSONObject()
        o.set("photo", photo)
        o.set("movie", movie)
        o.set("passed", passed)
        o.set("checks", checks)
        o.set("wallpaper", wallpaper)
        return o.json
    }
}

extension VerificationReport.Check: JSONRepresentable {
    package var json: JSONValue {
        var o = JSONObject()
        o.set("id", id)
        o.set("requirement", requirement)
        o.set("passed", passed)
        o.set("detail", detail)
        return o.json
    }
}

extension MakeResult: JSONRepresentable {
    package var json: JSONValue {
        var o = JSONObject()
        o.set("identifier", identifier)
        o.set("coverTime", coverTime)
        o.set("requestedCoverTime", requestedCoverTime)
        o.set("keptExistingStillTime", keptExistingStillTime)
        o.set("packaging", packaging)
        o.set("photoSource", photoSource)
        o.set("videoSource", videoSource)
        o.set("trim", trim)
        o.set("wallpaperWarnings", wallpaperWarnings)
        o.set("notes", notes)
        o.set("photo", photo)
        o.set("movie", movie)
        o.set("bundle", bundle)
        return o.json
    }
}

extension MakeResult.TrimReport: JSONRepresentable {
    package var json: JSONValue {
        var o = JSONObject()
        o.set("start", start)
        o.set("duration", duration)
        o.set("method", method)
        return o.json
    }
}

extension SplitResult: JSONRepresentable {
    package var json: JSONValue {
        var o = JSONObject()
        o.set("inputs", inputs)
        o.set("kind", kind)
        o.set("family", family)
        o.set("photo", photo)
        o.set("video", video)
        o.set("coverTimeSeconds", coverTimeSeconds)
        o.set("videoLocator", videoLocator)
        o.set("videoOffset", videoOffset)
        o.set("videoLength", videoLength)
        o.set("removed", removed)
        o.set("notes", notes)
        return o.json
    }
}

extension MotionConversionResult: JSONRepresentable {
    package var json: JSONValue {
        var o = JSONObject()
        o.set("output", output)
        o.set("format", format)
        o.set("presentationTimestampUs", presentationTimestampUs)
        o.set("videoOffset", videoOffset)
        o.set("videoLength", videoLength)
        o.set("flavor", flavor)
        o.set("family", family)
        o.set("reencoded", reencoded)
        o.set("companion", companion)
        o.set("soundEncoded", soundEncoded)
        o.set("notes", notes)
        return o.json
    }
}

extension EditResult: JSONRepresentable {
    package var json: JSONValue {
        var o = JSONObject()
        o.set("identifier", identifier)
        o.set("newIdentifier", newIdentifier)
        o.set("keyPhotoTime", keyPhotoTime)
        o.set("keyPhotoTimeInInput", keyPhotoTimeInInput)
        o.set("keyPhotoChanged", keyPhotoChanged)
        o.set("trimmed", trimmed)
        o.set("muted", muted)
        o.set("gainMapDropped", gainMapDropped)
        o.set("reencoded", reencoded)
        o.set("photo", photo)
        o.set("movie", movie)
        o.set("bundle", bundle)
        o.set("notes", notes)
        return o.json
    }
}

extension EditResult.Range: JSONRepresentable {
    package var json: JSONValue {
        var o = JSONObject()
        o.set("start", start)
        o.set("end", end)
        o.set("keyframe", keyframe)
        return o.json
    }
}

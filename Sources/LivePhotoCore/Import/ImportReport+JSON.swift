import MediaFormats

extension ImportReport.Entry.Outcome: JSONRepresentable {}
extension ImportReport.NonMediaFile.Kind: JSONRepresentable {}

/// A media file's line of `import --json`, its keys sorted as the command line sorts them.
extension ImportReport.Entry: JSONRepresentable {
    package var json: JSONValue {
        var o = JSONObject()
        o.set("albums", albums)
        o.set("duplicateOf", duplicateOf)
        o.set("member", member)
        o.set("notes", notes)
        o.set("outcome", outcome)
        o.set("output", output)
        o.set("part", part)
        o.set("reason", reason)
        o.set("sidecar", sidecar)
        o.set("wrote", wrote)
        return o.json
    }
}

/// A line of `import --json` for a file that is not media.
extension ImportReport.NonMediaFile: JSONRepresentable {
    package var json: JSONValue {
        var o = JSONObject()
        o.set("kind", kind)
        o.set("member", member)
        o.set("part", part)
        o.set("reason", reason)
        o.set("type", "non-media")
        return o.json
    }
}

extension ImportReport {
    /// The lines `import --json` prints for a run into `outputDirectory`: a line for each media file, one for each
    /// other file, then the summary.
    package func lines(outputDirectory: String) -> [JSONValue] {
        var summary = JSONObject()
        summary.set("mediaFiles", entries.count)
        summary.set(
            "nonMedia",
            JSONValue.object(
                Self.sortedCounts(
                    NonMediaFile.Kind.allCases.map { kind in
                        (kind.rawValue, nonMediaFiles.count { $0.kind == kind })
                    })))
        summary.set("nonMediaFiles", nonMediaFiles.count)
        summary.set("otherFiles", otherFiles)
        summary.set(
            "outcomes",
            JSONValue.object(
                Self.sortedCounts(
                    Entry.Outcome.allCases.map { outcome in
                        (outcome.rawValue, entries.count { $0.outcome == outcome })
                    })))
        summary.set("outputDirectory", outputDirectory)
        summary.set("problems", problems)
        summary.set("sidecarFiles", sidecarFiles)
        summary.set("type", "summary")
        summary.set("unusedSidecars", unusedSidecars)
        return entries.map { $0.json } + nonMediaFiles.map { $0.json } + [summary.json]
    }

    /// Counts by name, in the names' order.
    private static func sortedCounts(_ counts: [(String, Int)]) -> [(key: String, value: JSONValue)] {
        counts.sorted { $0.0 < $1.0 }.map { (key: $0.0, value: .integer(Int64($0.1))) }
    }
}

import Foundation
import TestSupport
import Testing

/// `livephoto import FOLDER` given what icloudpd and osxphotos write: Live Photos paired by their tools' names, the
/// XMP and exiftool-JSON sidecars read (description, rating, date) and never counted as media.
@Suite("import: folders written by icloudpd and osxphotos", .needsSamples, .timeLimit(.minutes(10)))
struct ImportFolderExportTests {
    typealias FolderExport = ICloudExportFixture.FolderExport

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        var out: String
        var arguments: [String]

        var lines: [[String: Any]] {
            stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }
        var media: [[String: Any]] { lines.filter { $0["type"] == nil } }
        var nonMedia: [[String: Any]] { lines.filter { $0["type"] as? String == "non-media" } }
        var summary: [String: Any]? { lines.last.flatMap { $0["type"] as? String == "summary" ? $0 : nil } }
        var context: String { "livephoto \(arguments.joined(separator: " ")) exited \(status); stderr: \(stderr.suffix(1500))" }

        /// The media lines whose member is `relative` (a path in the folder), however the folder is named in front.
        func entries(_ relative: String) -> [[String: Any]] {
            media.filter { line in
                guard let member = line["member"] as? String else { return false }
                return member == relative || member.hasSuffix("/" + relative)
            }
        }

        func entry(_ relative: String) throws -> [String: Any] {
            let found = entries(relative)
            try #require(found.count == 1, "\(found.count) media lines for \(relative), not 1; \(context); stdout: \(stdout.prefix(3000))")
            return found[0]
        }

        func output(_ relative: String) throws -> String {
            let line = try entry(relative)
            let relativeOutput = try #require(line["output"] as? String, "no output for \(relative): \(ImportFolderExportTests.show(line))")
            return "\(out)/\(relativeOutput)"
        }
    }

    static func show(_ line: [String: Any]) -> String {
        (try? JSONSerialization.data(withJSONObject: line, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) }
            ?? "\(line)"
    }

    func importFolder(_ export: FolderExport, in ws: Workspace) async throws -> Run {
        let out = ws.file("library")
        let arguments = ["import", export.folder, "--out", out, "--json"]
        let result = try await LivePhotoCLI.run(arguments)
        return Run(status: result.status, stdout: result.stdout, stderr: result.stderr, out: out, arguments: arguments)
    }

    /// What every folder export must give: exit 0, one media line per media file, the pair paired and verifying, the
    /// sidecars not media (named as an entry's sidecar or as a non-media line), the summary counting the media alone.
    func checkCommon(_ export: FolderExport, _ run: Run) async throws {
        #expect(run.status == 0, "\(run.context)")
        for file in export.media {
            #expect(
                run.entries(file).count == 1, "\(file): \(run.entries(file).count) media lines, not 1: \(run.entries(file).map(Self.show))")
        }
        #expect(run.media.count == export.media.count, "\(run.media.count) media lines for \(export.media): \(run.media.map(Self.show))")
        let summary = try #require(run.summary, "no summary line last: \(run.stdout.suffix(1000))")
        #expect(summary["mediaFiles"] as? Int == export.media.count, "summary: \(Self.show(summary))")
        for sidecar in export.sidecars {
            #expect(run.entries(sidecar).isEmpty, "\(sidecar) counted as media: \(run.entries(sidecar).map(Self.show))")
            let named =
                run.media.contains { ($0["sidecar"] as? String).map { $0 == sidecar || $0.hasSuffix("/" + sidecar) } == true }
                || run.nonMedia.contains { ($0["member"] as? String).map { $0 == sidecar || $0.hasSuffix("/" + sidecar) } == true }
            #expect(named, "\(sidecar) is neither an entry's sidecar nor a non-media line: \(run.stdout.prefix(3000))")
        }
        let still = try run.entry(export.still), movie = try run.entry(export.movie)
        #expect(
            still["outcome"] as? String == "paired-live-photo" && movie["outcome"] as? String == "paired-live-photo",
            "\(export.still) + \(export.movie) not paired: \(Self.show(still)); \(Self.show(movie))")
        let verify = try await LivePhotoCLI.run(["verify", try run.output(export.still), try run.output(export.movie)])
        #expect(verify.status == 0, "verify of \(export.still) + \(export.movie) exited \(verify.status): \(verify.stdout)\(verify.stderr)")
        let photo = try run.entry(export.photo)
        #expect(photo["outcome"] as? String == "written", "\(export.photo): \(Self.show(photo))")
    }

    /// The sidecar's description and rating, written into the file it describes.
    func checkDescriptionAndRating(_ export: FolderExport, _ run: Run) async throws {
        let path = try run.output(export.described)
        let line = try run.entry(export.described)
        let description = try await Readers.exiftool(path, ["-XMP-dc:Description"])["XMP-dc:Description"]
        #expect(
            description == export.caption,
            "\(export.described): XMP-dc:Description \(description ?? "missing"), expected \(export.caption); \(Self.show(line))")
        let rating = try await Readers.exiftoolNumbers(path, ["XMP:Rating"])["Rating"]
        #expect(
            rating == "\(export.rating)",
            "\(export.described): XMP:Rating \(rating ?? "missing"), expected \(export.rating); \(Self.show(line))")
    }

    @Test("icloudpd: IMG_1234.HEIC + IMG_1234_HEVC.MOV paired, the .xmp sidecar's description and rating written, -medium kept")
    func icloudpd() async throws {
        let ws = try Workspace()
        let export = try await ICloudExportFixture.icloudpd(in: ws.file("icloudpd"))
        let run = try await importFolder(export, in: ws)
        try await checkCommon(export, run)
        try await checkDescriptionAndRating(export, run)
    }

    @Test("osxphotos: IMG_3000 (1) pair paired; IMG_4000.JPG.json's description, rating and date written into IMG_4000.JPG")
    func osxphotos() async throws {
        let ws = try Workspace()
        let export = try await ICloudExportFixture.osxphotos(in: ws.file("osxphotos"))
        let run = try await importFolder(export, in: ws)
        try await checkCommon(export, run)
        try await checkDescriptionAndRating(export, run)

        // The sidecar's 2019:07:04 18:30:00 +02:00: written as that, or as 16:30:00 +00:00 (the same instant).
        let expected = try #require(export.sidecarInstant)
        let path = try run.output(export.described)
        let tags = try await Readers.exiftool(path, ["-DateTimeOriginal", "-OffsetTimeOriginal"])
        let clock = tags["ExifIFD:DateTimeOriginal"] ?? tags.first { $0.key.hasSuffix(":DateTimeOriginal") }?.value
        let offset = tags["ExifIFD:OffsetTimeOriginal"] ?? tags.first { $0.key.hasSuffix(":OffsetTimeOriginal") }?.value
        let line = try run.entry(export.described)
        let message =
            "\(export.described): DateTimeOriginal \(clock ?? "missing") \(offset ?? "no offset"), "
            + "expected 2019:07:04 18:30:00 +02:00 or 16:30:00 +00:00; \(Self.show(line))"
        #expect(instant(clock, offset) == expected, "\(message)")
    }

    /// `2019:07:04 18:30:00` and `+02:00` as seconds since 1970.
    func instant(_ clock: String?, _ offset: String?) -> Int? {
        guard let clock, let offset else { return nil }
        let fields = clock.split(whereSeparator: { $0 == ":" || $0 == " " }).prefix(6).compactMap { Int($0) }
        let zone = offset.dropFirst().split(separator: ":").compactMap { Int($0) }
        guard fields.count == 6, zone.count == 2, let sign = offset.first, sign == "+" || sign == "-" else { return nil }
        let local = ICloudExportFixture.utc(fields[0], fields[1], fields[2], fields[3], fields[4], fields[5])
        return local - (sign == "-" ? -1 : 1) * (zone[0] * 3600 + zone[1] * 60)
    }
}

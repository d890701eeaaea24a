import Foundation
import LivePhotoKit
import MediaFormats
import TestSupport
import Testing

extension RepairTests {
    /// `IMG_0104.JPG` and `IMG_0104.jpeg` captured at one time with identifiers of their own, and `IMG_0104.MOV`, the
    /// first's movie, without its identifier: the movie could be either's. Returns the stills and the movie.
    func movieBesideTwoStills(in folder: String) async throws -> (String, String, String) {
        let (still, movie) = try await pair(in: folder, name: "IMG_0104")
        let (other, _) = try await pair(in: "\(folder)/other", name: "IMG_0104")
        let second = "\(folder)/IMG_0104.jpeg"
        try FileManager.default.moveItem(atPath: other, toPath: second)
        try FileManager.default.removeItem(atPath: "\(folder)/other")
        try editMovie(movie, MovieRewrite.MetadataEdit(removing: [AppleMovieMetadata.contentIdentifierKey]))
        let identifiers = [try await Readers.exiftoolStillIdentifier(still), try await Readers.exiftoolStillIdentifier(second)]
        #expect(identifiers[0] != nil && identifiers[1] != nil && identifiers[0] != identifiers[1])
        return (still, second, movie)
    }

    @Test("a movie without its identifier beside two stills of its name and time: one conflict names all three, nothing written")
    func movieBesideTwoStillsIsAConflict() async throws {
        let ws = try Workspace()
        let (still, second, movie) = try await movieBesideTwoStills(in: ws.path)
        let before = try [still, second, movie].map(bytes)

        let (survey, entries) = try await repair([ws.path])
        let conflicts = survey.diagnoses.filter { $0.entry.problems.contains { $0.kind == .pairingConflict } }
        #expect(conflicts.count == 1, "\(survey.diagnoses.map(\.entry))")
        let entry = try #require(conflicts.first?.entry)
        #expect(Set(entry.files.map { URL(fileURLWithPath: $0).lastPathComponent }) == ["IMG_0104.JPG", "IMG_0104.jpeg", "IMG_0104.MOV"])
        #expect(entry.status == .reported && !entry.isMendable)
        let detail = try #require(entry.problems.first?.detail)
        for name in ["IMG_0104.JPG", "IMG_0104.jpeg", "IMG_0104.MOV"] { #expect(detail.contains(name), "\(detail)") }
        #expect(detail.contains("more ways than one"), "\(detail)")
        #expect(entries.isEmpty)
        #expect(try [still, second, movie].map(bytes) == before)
    }
}

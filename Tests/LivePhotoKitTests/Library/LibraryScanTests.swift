import Foundation
import TestSupport
import Testing

@testable import LivePhotoKit

/// `scan`: a library's Live Photos paired by identifier across names and folders, and everything else reported.
@Suite("library scan")
struct LibraryScanTests {
    /// Makes Live Photo `name` in `ws/made` and returns its still, movie and identifier.
    static func make(_ name: String, in ws: Workspace) async throws -> (still: String, movie: String, id: String) {
        let made = try await LivePhotoMaker.make(
            photo: try await ClipStore.shared.jpeg(), video: try await ClipStore.shared.path(ClipSpec()),
            options: MakeOptions(outputDirectory: ws.file("made"), name: name))
        return (try #require(made.photo), try #require(made.movie), made.identifier.rawValue)
    }

    static func place(_ source: String, at relative: String, in ws: Workspace) throws -> String {
        let destination = ws.file("library/\(relative)")
        try FileManager.default.createDirectory(
            atPath: URL(fileURLWithPath: destination).deletingLastPathComponent().path, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: source, toPath: destination)
        return destination
    }

    /// The inode of `path`.
    static func inode(_ path: String) throws -> UInt64 {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? UInt64)
    }

    /// Writes `bytes` over `path` in place (the same inode), then sets its modification time.
    static func rewrite(_ path: String, with bytes: Data, modified: Date) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: bytes)
        try handle.close()
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: path)
    }

    @Test(
        "a Takeout-like tree: pairs across names and folders, edited variants, orphans, conflicts, damaged and other files", .needsSamples)
    func takeoutTree() async throws {
        let ws = try Workspace()
        let a = try await Self.make("A", in: ws), b = try await Self.make("B", in: ws), c = try await Self.make("C", in: ws)
        let d = try await Self.make("D", in: ws), e = try await Self.make("E", in: ws), f = try await Self.make("F", in: ws)
        let g = try await Self.make("G", in: ws), h = try await Self.make("H", in: ws), n = try await Self.make("N", in: ws)
        // Every media file with its JSON sidecar, named as Takeout names it: `IMG_0001.JPG.json`, and for a
        // duplicate's `IMG_0002(1).MP4` the number after the extension, `IMG_0002.MP4(1).json`.
        var sidecars: [String] = []
        func sidecar(for relative: String) throws {
            let name = (relative as NSString).lastPathComponent
            let numbered = try NSRegularExpression(pattern: #"^(.*)(\([0-9]+\))(\.[^.]+)$"#)
            let sidecarName =
                numbered.stringByReplacingMatches(
                    in: name, range: NSRange(name.startIndex..., in: name), withTemplate: "$1$3$2") + ".json"
            let path = ((relative as NSString).deletingLastPathComponent as NSString).appendingPathComponent(sidecarName)
            sidecars.append(
                try ws.write(
                    Array(#"{"title": "\#(name)", "photoTakenTime": {"timestamp": "1700000000"}}"#.utf8), to: "library/\(path)"))
        }
        func put(_ source: String, _ relative: String) throws -> String {
            let placed = try Self.place(source, at: relative, in: ws)
            try sidecar(for: relative)
            return placed
        }

        let pairA = [try put(a.still, "2024/IMG_0001.JPG"), try put(a.movie, "2024/IMG_0001.MOV")]
        // Across folders, the movie renamed by an export.
        let pairB = [try put(b.still, "a/IMG_0002.JPG"), try put(b.movie, "b/IMG_0002(1).MP4")]
        // An edited still and an edited movie beside the originals.
        let pairC = [try put(c.still, "2024/IMG_0003.JPG"), try put(c.movie, "2024/IMG_0003.MOV")]
        let editsC = [try put(c.still, "2024/IMG_E0003.JPG"), try put(c.movie, "2024/IMG_E0003.MOV")]
        let orphanStill = try put(d.still, "2024/IMG_0004.JPG")
        let orphanMovie = try put(e.movie, "2025/IMG_0005.MOV")
        // One identifier on two photos of unrelated names and a movie: the still of the movie's name pairs with it,
        // the other is a variant.
        let copied = [try put(f.still, "2024/IMG_0006.JPG"), try put(f.still, "dup/IMG_9999.JPG"), try put(f.movie, "2024/IMG_0006.MOV")]
        // One name, two identifiers.
        let twoIDs = [try put(g.still, "x/S.JPG"), try put(h.movie, "x/S.MOV")]
        // A still with its identifier and a plain movie of the same name: paired by name, said so.
        let byName = [try put(n.still, "y/N.JPG"), try put(try await ClipStore.shared.path(ClipSpec()), "y/N.MOV")]
        let motion = try put(ProjectPaths.sample("libmphoto_motion_photo_v1_synthetic.jpg"), "android/PXL.MP.jpg")
        let plainPhoto = try put(try await ClipStore.shared.jpeg(), "misc/photo.jpg")
        let plainMovie = try put(try await ClipStore.shared.path(ClipSpec()), "misc/clip.mov")
        let damaged = try ws.write(Array("not a movie".utf8), to: "library/misc/broken.mov")
        try sidecar(for: "misc/broken.mov")
        let hidden = try ws.write([1, 2, 3], to: "library/.hidden")

        let scan = try await LibraryScanner.scan([ws.file("library")], options: ScanOptions(jobs: 3))
        // Every item knows the folder it was found under, and its path below it.
        #expect(scan.items.allSatisfy { $0.root == ws.file("library") })
        #expect(scan.items.first { $0.files.first?.hasSuffix("a/IMG_0002.JPG") == true }?.relativePath == "a/IMG_0002.JPG")
        func item(_ first: String) -> LibraryItem? {
            scan.items.first { $0.files.first == first }.map { item in
                var item = item
                item.root = nil
                return item
            }
        }
        #expect(sidecars.count == 21 && sidecars.contains(ws.file("library/b/IMG_0002.MP4(1).json")))
        #expect(scan.filesFound == 42 && scan.filesRead == 42)
        #expect(!scan.items.contains { $0.files.contains(hidden) })
        for (pair, id) in [(pairA, a.id), (pairB, b.id)] {
            #expect(item(pair[0]) == LibraryItem(kind: .livePhoto, files: pair, identifier: id, pairedBy: .identifier))
        }
        #expect(item(pairC[0]) == LibraryItem(kind: .livePhoto, files: pairC, identifier: c.id, pairedBy: .identifier, variants: editsC))
        #expect(item(orphanStill)?.kind == .orphanStill && item(orphanStill)?.identifier == d.id)
        #expect(item(orphanMovie)?.kind == .orphanMovie && item(orphanMovie)?.identifier == e.id)
        #expect(
            item(copied[0])
                == LibraryItem(
                    kind: .livePhoto, files: [copied[0], copied[2]], identifier: f.id, pairedBy: .identifier, variants: [copied[1]]))
        #expect(item(twoIDs[0])?.kind == .conflict && item(twoIDs[0])?.files == twoIDs)
        #expect(item(twoIDs[0])?.note?.contains("two identifiers") == true)
        #expect(
            item(byName[0])
                == LibraryItem(
                    kind: .livePhoto, files: byName, identifier: n.id, pairedBy: .name,
                    note: "paired by name: the movie carries no content identifier"))
        #expect(item(motion) == LibraryItem(kind: .motionPhoto, files: [motion], flavor: .googleMotionPhoto))
        #expect(item(plainPhoto)?.kind == .plainPhoto && item(plainMovie)?.kind == .plainMovie)
        #expect(item(damaged)?.kind == .damaged)
        // Each sidecar is an item of its own, of kind other, and pairs with nothing.
        for path in sidecars { #expect(item(path) == LibraryItem(kind: .other, files: [path]), "\(path)") }
        #expect(scan.count(.other) == 21 && scan.items.filter { $0.kind == .other }.allSatisfy { $0.files[0].hasSuffix(".json") })
        #expect(scan.count(.livePhoto) == 5 && scan.count(.conflict) == 1 && scan.items.count == 33)

        // One pairing: the core's, on the same files' facts as the browser holds them, gives these items in the order
        // the scan hands them over.
        var streamed: [LibraryItem] = []
        _ = try await LibraryScanner.scan([ws.file("library")]) { streamed.append($0) }
        let paths = try FileManager.default.subpathsOfDirectory(atPath: ws.file("library")).sorted()
            .filter { !$0.split(separator: "/").contains { $0.hasPrefix(".") } }.map { ws.file("library/" + $0) }
            .filter {
                var folder: ObjCBool = false; return FileManager.default.fileExists(atPath: $0, isDirectory: &folder) && !folder.boolValue
            }
        #expect(
            LibraryItems.paired(paths.map { ScannedFile(path: $0) })
                == streamed.map {
                    var item = $0; item.root = nil; return item
                })

        // Overlapping roots find each file once.
        let overlapping = try await LibraryScanner.scan([ws.file("library"), ws.file("library/2024"), ws.file("library")])
        #expect(overlapping.filesFound == 42 && overlapping.items.count == 33)

        // Without the sidecars, every other item is the same: they change nothing but their own items.
        for path in sidecars { try FileManager.default.removeItem(atPath: path) }
        let bare = try await LibraryScanner.scan([ws.file("library")], options: ScanOptions(jobs: 3))
        #expect(bare.filesFound == 21 && bare.items == scan.items.filter { $0.kind != .other })
    }

    @Test("by name across what copies and downloads add: Windows' ` (1)`, icloudpd's `_HEVC`; another folder's name pairs nothing")
    func namesOfCopies() async throws {
        let ws = try Workspace()
        let a = try await Self.make("A", in: ws), b = try await Self.make("B", in: ws), c = try await Self.make("C", in: ws)
        let plain = try await ClipStore.shared.path(ClipSpec())
        let windows = [try Self.place(a.still, at: "w/IMG_0010.JPG", in: ws), try Self.place(plain, at: "w/IMG_0010 (1).MOV", in: ws)]
        let icloudpd = [try Self.place(b.still, at: "i/IMG_0011.HEIC", in: ws), try Self.place(plain, at: "i/IMG_0011_HEVC.MOV", in: ws)]
        let apart = [try Self.place(c.still, at: "x/IMG_0012.JPG", in: ws), try Self.place(plain, at: "y/IMG_0012.MOV", in: ws)]
        let scan = try await LibraryScanner.scan([ws.file("library")])
        for (pair, id) in [(windows, a.id), (icloudpd, b.id)] {
            #expect(
                scan.items.first { $0.files.first == pair[0] }.map { item in
                    var item = item
                    item.root = nil
                    return item
                }
                    == LibraryItem(
                        kind: .livePhoto, files: pair, identifier: id, pairedBy: .name,
                        note: "paired by name: the movie carries no content identifier"))
        }
        #expect(scan.items.first { $0.files == [apart[0]] }?.kind == .orphanStill)
        #expect(scan.items.first { $0.files == [apart[1]] }?.kind == .plainMovie)
    }

    @Test("links are followed only when asked, and a folder reached twice is read once")
    func links() async throws {
        let ws = try Workspace()
        let a = try await Self.make("A", in: ws)
        _ = try Self.place(a.still, at: "real/IMG_0001.JPG", in: ws)
        _ = try Self.place(a.movie, at: "real/IMG_0001.MOV", in: ws)
        try FileManager.default.createDirectory(atPath: ws.file("library"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: ws.file("library/linked"), withDestinationPath: ws.file("library/real"))
        try FileManager.default.createSymbolicLink(atPath: ws.file("library/loop"), withDestinationPath: ws.file("library"))
        let plain = try await LibraryScanner.scan([ws.file("library")])
        #expect(plain.filesFound == 2 && plain.count(.livePhoto) == 1)
        let followed = try await LibraryScanner.scan([ws.file("library")], options: ScanOptions(followLinks: true))
        #expect(followed.filesFound == 2 && followed.count(.livePhoto) == 1)
    }

    @Test("the index: a rescan reads nothing; a changed, an added and a deleted file are each noticed")
    func index() async throws {
        let ws = try Workspace()
        let a = try await Self.make("A", in: ws), b = try await Self.make("B", in: ws)
        let still = try Self.place(a.still, at: "IMG_0001.JPG", in: ws)
        let movie = try Self.place(a.movie, at: "IMG_0001.MOV", in: ws)
        let plain = try Self.place(try await ClipStore.shared.jpeg(), at: "photo.jpg", in: ws)
        let options = ScanOptions(indexPath: ws.file("cache/index.sqlite"))
        let first = try await LibraryScanner.scan([ws.file("library")], options: options)
        #expect(first.filesFound == 3 && first.filesRead == 3 && first.count(.livePhoto) == 1)
        #expect(try ws.contents("library") == ["IMG_0001.JPG", "IMG_0001.MOV", "photo.jpg"])

        let again = try await LibraryScanner.scan([ws.file("library")], options: options)
        #expect(again.filesRead == 0 && again.items == first.items)

        // Changed in place (the same inode): the still rewritten with another Live Photo's, its date moved on, is
        // read again, and now has a name in common with a movie of another identifier.
        let inode = try Self.inode(still)
        let placedDate = try #require(FileManager.default.attributesOfItem(atPath: still)[.modificationDate] as? Date)
        try Self.rewrite(still, with: try Data(contentsOf: URL(fileURLWithPath: b.still)), modified: Date(timeIntervalSinceNow: 60))
        #expect(try Self.inode(still) == inode)
        let rewritten = try await LibraryScanner.scan([ws.file("library")], options: options)
        #expect(rewritten.filesRead == 1 && rewritten.count(.livePhoto) == 0 && rewritten.count(.conflict) == 1)
        #expect(rewritten.items.first { $0.kind == .conflict }?.note?.contains(b.id) == true)
        // Back to its own bytes with four bytes appended and its first date set back: its size tells, it is read
        // again and pairs as before.
        var original = try Data(contentsOf: URL(fileURLWithPath: a.still))
        original.append(contentsOf: [0, 0, 0, 0])
        try Self.rewrite(still, with: original, modified: placedDate)
        #expect(try Self.inode(still) == inode)
        let appended = try await LibraryScanner.scan([ws.file("library")], options: options)
        #expect(appended.filesRead == 1 && appended.items == first.items)

        // The movie replaced by another Live Photo's (a new inode and size), a still added, the plain photo deleted.
        try FileManager.default.removeItem(atPath: movie)
        _ = try Self.place(b.movie, at: "IMG_0001.MOV", in: ws)
        _ = try Self.place(b.still, at: "IMG_0002.JPG", in: ws)
        try FileManager.default.removeItem(atPath: plain)
        let changed = try await LibraryScanner.scan([ws.file("library")], options: options)
        #expect(changed.filesFound == 3 && changed.filesRead == 2)
        #expect(changed.count(.livePhoto) == 1 && changed.count(.orphanStill) == 1 && changed.count(.plainPhoto) == 0)
        #expect(changed.items.first { $0.kind == .orphanStill }?.files == [still])
        let last = try await LibraryScanner.scan([ws.file("library")], options: options)
        #expect(last.filesRead == 0 && last.items == changed.items)

        // A whole folder deleted is forgotten; another library in the same index is kept apart and left alone.
        _ = try Self.place(a.still, at: "2024/deep/IMG_0003.JPG", in: ws)
        // Its name sorts between "library" and "library/": the index's range of the library's folders leaves it out.
        let other = ws.file("library 2")
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: a.movie, toPath: other + "/IMG_0003.MOV")
        let withFolder = try await LibraryScanner.scan([ws.file("library")], options: options)
        #expect(withFolder.filesFound == 4 && withFolder.filesRead == 1 && withFolder.count(.orphanStill) == 2)
        let otherScan = try await LibraryScanner.scan([other], options: options)
        #expect(otherScan.filesRead == 1 && otherScan.count(.orphanMovie) == 1 && otherScan.items.count == 1)
        try FileManager.default.removeItem(atPath: ws.file("library/2024"))
        let withoutFolder = try await LibraryScanner.scan([ws.file("library")], options: options)
        #expect(withoutFolder.filesFound == 3 && withoutFolder.filesRead == 0 && withoutFolder.items == changed.items)
        #expect(try await LibraryScanner.scan([other], options: options).filesRead == 0)

        // Item by item, with the same counts.
        var streamed: [LibraryItem] = []
        let summary = try await LibraryScanner.scan([ws.file("library")], options: options) { streamed.append($0) }
        #expect(summary.filesFound == 3 && summary.filesRead == 0 && summary.count(.livePhoto) == 1 && summary.count(.orphanStill) == 1)
        #expect(Set(streamed.map(\.files)) == Set(changed.items.map(\.files)))

        // Only the kinds asked for are handed over, every kind counted: from a new pairing (a new index), then from
        // the pairing kept in it.
        var orphansOnly = ScanOptions(indexPath: ws.file("cache/orphans.sqlite"))
        orphansOnly.itemKinds = [.orphanStill, .damaged]
        for run in ["new pairing", "kept pairing"] {
            var handed: [LibraryItem] = []
            let counted = try await LibraryScanner.scan([ws.file("library")], options: orphansOnly) { handed.append($0) }
            #expect(handed.map(\.files) == [[still]], "\(run)")
            #expect(counted.count(.livePhoto) == 1 && counted.count(.orphanStill) == 1 && counted.counts.count == 2, "\(run)")
            #expect(counted.filesRead == (run == "new pairing" ? 3 : 0), "\(run)")
        }
    }
}

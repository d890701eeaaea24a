import MediaFormats
internal import PortableFoundation
import Synchronization

/// The first step of a run: every part walked once (several at a time), its media streamed into the landing folder
/// (duplicates recognised as they stream), its JSON files read into memory, the rest listed
/// (`docs/guide/takeout.md#how-a-run-works`).
struct TakeoutIngest: Sendable {
    var media: [ImportPlan.Media] = []
    /// The JSON and XMP files, read (or why they could not be, in the report's words).
    var sidecarFiles: [ImportFolders.SidecarFile] = []
    /// The CSV files (an Apple data copy's), read.
    var tableFiles: [ImportFolders.TableFile] = []
    /// Zips inside the parts, read as parts of their own (their members' paths start with the zip's).
    var archives: [ImportMember] = []
    var others: [ImportMember] = []
    /// Members that are not media and could not be read at all (a path outside the tree), with why: problems too.
    var unread: [(member: ImportMember, reason: String)] = []
    var problems: [String] = []

    /// The largest JSON file read: a sidecar is a few kilobytes; an album's, with its items, some more.
    static let maxJSONSize = ImportFolders.SidecarFile.maxSize

    /// Walks `parts` into `landing`.
    /// - Parameter previous: what an earlier run into the same folder wrote, to leave alone.
    static func run(
        _ parts: [TakeoutPart], landing: TakeoutLanding, previous: TakeoutManifest, jobs: Int,
        progress: @escaping @Sendable (_ files: Int, _ bytes: Int64, _ partsDone: Int) -> Void
    ) async throws(LivePhotoError) -> TakeoutIngest {
        let counters = Counters()
        var walked = [TakeoutIngest?](repeating: nil, count: parts.count)
        try await BoundedTasks.run(Array(parts.indices), limit: jobs) { index throws(LivePhotoError) in
            let part = try await one(parts[index], index: index, landing: landing, previous: previous) { files, bytes in
                let now = counters.state.withLock { counters in
                    counters.files += files
                    counters.bytes += bytes
                    return counters
                }
                progress(now.files, now.bytes, now.parts)
            }
            let now = counters.state.withLock { counters in
                counters.parts += 1
                return counters
            }
            progress(now.files, now.bytes, now.parts)
            return part
        } collect: { index, part in
            walked[index] = part
        }
        // In the parts' order, whatever order they finished in.
        var all = TakeoutIngest()
        for part in walked.compactMap({ $0 }) {
            all.media += part.media
            all.sidecarFiles += part.sidecarFiles
            all.tableFiles += part.tableFiles
            all.archives += part.archives
            all.others += part.others
            all.unread += part.unread
            all.problems += part.problems
        }
        return all
    }

    /// One part's walk.
    private static func one(
        _ part: TakeoutPart, index: Int, landing: TakeoutLanding, previous: TakeoutManifest,
        progress: (_ files: Int, _ bytes: Int64) -> Void
    ) async throws(LivePhotoError) -> TakeoutIngest {
        var ingest = TakeoutIngest()
        // Zips inside the part wait until its walk is done: each is then walked as a part of its own, its members'
        // paths under its own (`PART: X.zip/My Albums/…`). A folder's zip is read where it is, and so is one stored
        // uncompressed in a zip part; any other is first copied into the landing folder (which a stopped run's next
        // run empties), and removed once walked.
        var nested: [(member: ImportMember, path: String, copied: Bool, depth: Int, range: Range<Int64>?)] = []
        defer { for zip in nested where zip.copied { OutputLocation.remove(zip.path) } }
        // `container` is the file `bytes.storedRange` lies in: the part, or the zip the member was found in.
        func handle(_ member: ImportMember, _ bytes: TakeoutPartReader.Bytes, depth: Int, container: String) throws(LivePhotoError) {
            guard !InterruptHandling.requested else { throw .interrupted }
            let place = "\(part.name): \(member.path)"
            if let problem = member.nameProblem { ingest.problems.append("\(place): \(problem)") }
            switch member.role {
            case .other:
                ingest.others.append(member)
            case .archive where depth < maxArchiveDepth:
                ingest.archives.append(member)
                if part.kind == .folder, depth == 0 {
                    nested.append((member, "\(part.path)/\(member.path)", false, depth + 1, nil))
                } else if let range = bytes.storedRange {
                    nested.append((member, container, false, depth + 1, range))
                } else {
                    let copy = "\(landing.folder)/zip-\(index)-\(nested.count).zip"
                    do {
                        let out = try StagedFile(destination: copy)
                        try bytes.stream { chunk in try out.write(chunk) }
                        try out.commit()
                        nested.append((member, copy, true, depth + 1, nil))
                    } catch {
                        let error = LivePhotoError.wrap(error, file: place)
                        if error.stopsTheRun { throw error }
                        ingest.problems.append("\(place): \(Self.reason(error, in: place))")
                    }
                }
            case .archive:
                ingest.others.append(member)
            case .table:
                do {
                    let data = try Self.readWhole(bytes, size: member.size, limit: ICloudTable.maxSize, place: place)
                    ingest.tableFiles.append(ImportFolders.TableFile(member: member, reading: data, place: place))
                } catch {
                    let error = LivePhotoError.wrap(error, file: place)
                    if error.stopsTheRun { throw error }
                    ingest.tableFiles.append(ImportFolders.TableFile(member: member, table: nil, failure: Self.reason(error, in: place)))
                }
            case .sidecar:
                do {
                    let data = try Self.readWhole(bytes, size: member.size, limit: maxJSONSize, place: place)
                    ingest.sidecarFiles.append(ImportFolders.SidecarFile(member: member, reading: data, place: place))
                } catch {
                    let error = LivePhotoError.wrap(error, file: place)
                    if error.stopsTheRun { throw error }
                    ingest.sidecarFiles.append(
                        ImportFolders.SidecarFile(member: member, sidecar: nil, failure: Self.reason(error, in: place)))
                }
            case .media:
                if let output = previous.output(part: part.name, member: member.path, size: member.size) {
                    ingest.media.append(ImportPlan.Media(member: member, outcome: .alreadyWritten(output)))
                    progress(1, member.size)
                    return
                }
                do {
                    let landed = try landing.land(bytes, size: member.size) { progress(0, $0) }
                    switch landed {
                    case .landed(let file): ingest.media.append(ImportPlan.Media(member: member, outcome: .landed(file)))
                    case .duplicate(let file): ingest.media.append(ImportPlan.Media(member: member, outcome: .duplicate(of: file)))
                    }
                } catch {
                    let error = LivePhotoError.wrap(error, file: place)
                    if error.stopsTheRun { throw error }
                    // The landing folder is the run's own: its paths are never shown.
                    let reason = PathText.replacingPaths(in: Self.reason(error, in: place), under: landing.folder) { _ in
                        "the library's work folder"
                    }
                    ingest.media.append(ImportPlan.Media(member: member, outcome: .failed(reason)))
                }
                progress(1, 0)
            }
        }
        var outcome = try await TakeoutPartReader.walk(part, index: index) { member, bytes throws(LivePhotoError) in
            try handle(member, bytes, depth: 0, container: part.path)
        }
        var walked = 0
        while walked < nested.count {
            let zip = nested[walked]
            walked += 1
            let inner = TakeoutPart(path: zip.path, name: part.name, kind: .zip, range: zip.range)
            let prefix = zip.member.path + "/"
            let found = try await TakeoutPartReader.walk(inner, index: index) { member, bytes throws(LivePhotoError) in
                let moved = ImportMember(part: index, path: prefix + member.path, size: member.size, nameProblem: member.nameProblem)
                try handle(moved, bytes, depth: zip.depth, container: zip.path)
            }
            if zip.copied { OutputLocation.remove(zip.path) }
            outcome.unsafeMembers += found.unsafeMembers.map { (prefix + $0.path, $0.reason) }
            outcome.notes += found.notes.map { "\(zip.member.path): \($0)" }
            if let stopped = found.stoppedBecause { outcome.notes.append("\(zip.member.path): \(stopped)") }
        }
        for unsafe in outcome.unsafeMembers {
            let member = ImportMember(part: index, path: unsafe.path, size: 0)
            if member.role == .media {
                ingest.media.append(ImportPlan.Media(member: member, outcome: .failed(unsafe.reason)))
            } else {
                ingest.unread.append((member, unsafe.reason))
                ingest.problems.append("\(part.name): \(unsafe.path): \(unsafe.reason)")
            }
        }
        for note in outcome.notes { ingest.problems.append("\(part.name): \(note)") }
        if let stopped = outcome.stoppedBecause {
            ingest.problems.append("\(part.name): \(stopped)")
        }
        return ingest
    }

    /// Files, bytes and parts done, shared by the parts' walks.
    private final class Counters: Sendable {
        let state = Mutex((files: 0, bytes: Int64(0), parts: 0))
    }

    /// How deep zips inside zips are read: an Apple data copy's shared albums are one level down.
    static let maxArchiveDepth = 2

    /// A small member's bytes, whole: a sidecar or a table.
    static func readWhole(_ bytes: TakeoutPartReader.Bytes, size: Int64, limit: Int64, place: String) throws -> [UInt8] {
        guard size <= limit else { throw LivePhotoError.badInput(file: place, reason: "too large for a sidecar or a table") }
        var data: [UInt8] = []
        try bytes.stream { chunk in
            guard Int64(data.count + chunk.count) <= limit else {
                throw LivePhotoError.badInput(file: place, reason: "larger than it says")
            }
            data += chunk
        }
        return data
    }

    /// An error's reason without the file it names when that is `place` (the entry names it already).
    static func reason(_ error: LivePhotoError, in place: String) -> String { ImportFolders.reason(error, in: place) }
}

import ArgumentParser
import LivePhotoKit
internal import PortableFoundation

/// A command over folders: the library's items found (by a scan, or read from `--from`), the action run on each,
/// a line per item with `--json`, a progress bar on a terminal, and a summary.
struct BatchRun {
    let label: String
    let action: BatchAction
    let library: LibraryOptions
    let common: CommonOptions

    /// Runs `action` on the items under `roots` into `out`; throws the exit code the outcome means.
    func run(roots: [String], out: String, force: Bool) async throws {
        let items: [LibraryItem]
        do {
            if let from = library.from { items = try Self.readItems(from: from) } else { items = try await scan(roots) }
        } catch let error as ValidationError {
            throw error
        } catch {
            throw Failure.report(error, json: common.json)
        }
        let options = BatchOptions(
            outputRoot: out, jobs: library.batchOptionsJobs, force: force, dryRun: library.dryRun, shard: library.shard.flatMap(Shard.init))
        let bar = BatchProgressBar(label: label, enabled: !common.json)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = common.json, dryRun = library.dryRun
        let summary = await LibraryBatch.run(items, action: action, options: options, progress: bar.show) { result in
            if json {
                if let data = try? encoder.encode(result) { Self.write(String(decoding: data, as: UTF8.self)) }
                return
            }
            switch result.status {
            case .failed: bar.above("failed   \(result.item): \(result.reason ?? "")")
            case .planned:
                bar.above("would write \(result.outputs.joined(separator: ", "))" + (result.notes.isEmpty ? "" : " (there already)"))
            case .damaged: bar.above("damaged  \(result.item): \(result.reason ?? "")")
            case .done, .skipped: break
            }
        }
        bar.finish()
        if !json {
            var parts = ["\(summary.done) \(action.isCheck ? "passed" : "done")"]
            if summary.skipped > 0 { parts.append("\(summary.skipped) skipped (their outputs are there)") }
            if summary.failed > 0 { parts.append("\(summary.failed) failed") }
            if dryRun { parts = ["\(summary.planned) to do"] + (summary.failed > 0 ? ["\(summary.failed) refused"] : []) }
            let damaged = summary.damaged > 0 ? " (\(summary.damaged) of them damaged, listed above)" : ""
            let alone =
                summary.leftAlone > 0
                ? "; \(summary.leftAlone) of other kinds\(library.shard == nil ? "" : " or shares") left alone\(damaged)" : ""
            StandardStreams.error("\(summary.items) item\(summary.items == 1 ? "" : "s"): \(parts.joined(separator: ", "))\(alone)\n")
        }
        if summary.interrupted { throw ExitCode(130) }
        if summary.failed > 0 { throw ExitCode(action.isCheck ? Failure.checkFailed : Failure.someItemsFailed) }
    }

    private func scan(_ roots: [String]) async throws -> [LibraryItem] {
        try await LibraryScanner.scan(roots, options: library.reading.scanOptions(jobs: library.jobs)).items
    }

    /// The items of a scan's JSON lines, from a file or standard input.
    static func readItems(from source: String) throws -> [LibraryItem] {
        let data: Data
        if source == "-" {
            data = Data(try StandardStreams.readInput())
        } else {
            guard let read = FileManager.default.contents(atPath: source) else { throw ValidationError("cannot read \(source)") }
            data = read
        }
        let decoder = JSONDecoder()
        var items: [LibraryItem] = []
        for (number, line) in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).enumerated() {
            guard let first = line.firstIndex(where: { !$0.isWhitespace }), let last = line.lastIndex(where: { !$0.isWhitespace })
            else { continue }
            let text = line[first...last]
            guard let item = try? decoder.decode(LibraryItem.self, from: Data(text.utf8)), !item.files.isEmpty else {
                throw ValidationError("\(source), line \(number + 1): not an item of scan --json")
            }
            items.append(item)
        }
        return items
    }

    static func write(_ line: String) {
        StandardStreams.output(line + "\n")
    }
}

extension BatchAction {
    /// True for the action that checks and writes nothing (`verify`).
    var isCheck: Bool {
        if case .verify = self { return true }
        return false
    }
}

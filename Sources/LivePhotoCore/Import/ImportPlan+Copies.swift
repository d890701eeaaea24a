extension ImportPlan {
    /// How a shell that only copies writes a job of a library kept as it came (no sidecar to stamp, nothing to
    /// convert): each file's bytes to its place (`copies`, by file), or, for an item that needs more than copying
    /// (a Motion Photo whose separate video is embedded again), each file as it came and why (`failure`).
    package func copies(of job: Job) -> (copies: [(file: Int, output: String)], failure: String?) {
        func place(_ file: Int) -> String {
            let name = media[members[file]?.first ?? 0].member.name
            let ext = ImportPlacement.fileExtension(name: name, format: facts[file]?.format ?? .unknown).ext
            let base = ext.isEmpty ? job.stem : "\(job.stem).\(ext)"
            return job.folder.isEmpty ? base : "\(job.folder)/\(base)"
        }
        switch job.item {
        case .single(let file): return ([(file, place(file))], nil)
        case .livePhoto(let still, let movie, _): return ([(still, place(still)), (movie, place(movie))], nil)
        case .motionPhoto(let photo, _, false): return ([(photo, place(photo))], nil)
        case .motionPhoto(let photo, let separate?, true):
            return ([(photo, place(photo)), (separate, place(separate))].sorted { $0.0 < $1.0 }, Self.embeddingElsewhere)
        case .motionPhoto(let photo, nil, true): return ([(photo, place(photo))], nil)
        }
    }

    /// Why a shell that only copies writes a Motion Photo and its separate video as they came.
    package static let embeddingElsewhere =
        "its separate video is laid out again as an MP4 by the command line (livephoto import), not in a browser"

    /// What writing `job` by ``copies(of:)`` did, when the files `written` were written and `failure` is why the rest
    /// (or the item as asked) was not.
    package func done(of job: Job, written: Set<Int>, failure: String?, embedded: Bool = false) -> Done {
        var done = Done()
        let (copies, planned) = copies(of: job)
        // A Motion Photo given its separate video back (``ImportVideoEmbedding``): one file for both.
        if embedded, case .motionPhoto(let photo, let separate?, true) = job.item, written.contains(photo),
            let output = copies.first(where: { $0.file == photo })?.output
        {
            done.failure = failure
            done.outputs[photo] = output
            done.outputs[separate] = output
            done.wrote[photo] = []
            done.notes[photo] = [ImportVideoEmbedding.embeddedNote]
            return done
        }
        done.failure = planned ?? failure
        for (file, output) in copies where written.contains(file) {
            done.outputs[file] = output
            done.wrote[file] = []
            if let planned { done.notes[file, default: []].append("written as it came: \(planned)") }
        }
        // A Motion Photo's separate video went into it.
        if case .motionPhoto(let photo, let separate?, false) = job.item, let output = done.outputs[photo] {
            done.outputs[separate] = output
        }
        return done
    }
}

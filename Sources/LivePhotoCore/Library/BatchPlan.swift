/// Which of a library's items a batch works on, where each one's outputs go and what they are called, and which it
/// refuses before it starts (docs/guide/libraries.md#batches-over-folders): the same plan for the command line, which
/// then runs the items in parallel and resumes by its files' dates, and for the browser, which runs them one by one.
package enum BatchPlan {
    /// One item, the folder its outputs go to, and what they are.
    package struct Task: Sendable, Equatable {
        package var item: LibraryItem
        package var folder: String
        package var outputs: [String]
        /// Why it cannot run at all (it is not whole, or its outputs are another item's).
        package var refusal: String?
    }

    /// The items of `kinds` among `items` that `includes` keeps (a share, by the item's path below its root), each with
    /// its output folder (its place below its root, mirrored under `outputRoot`; the root itself when `outputRoot` is
    /// empty, as in a browser) and outputs (`outputs` names them in a folder); an item whose outputs another item
    /// already claims (two stems alike but for case, or for extension) is refused. Outputs are claimed over every
    /// item before the share is taken: which item is refused does not depend on the shares, and two shares never
    /// write the same file.
    package static func tasks(
        _ items: [LibraryItem], kinds: Set<LibraryItem.Kind>, outputRoot: String, outputs: (LibraryItem, String) -> [String],
        includes: (String) -> Bool = { _ in true }
    ) -> [Task] {
        var claimed: [String: String] = [:]
        var tasks: [Task] = []
        for item in items where kinds.contains(item.kind) {
            let relative = item.relativePath
            let subfolder = parentFolder(of: relative)
            let folder = subfolder.isEmpty ? outputRoot : outputRoot.isEmpty ? subfolder : "\(outputRoot)/\(subfolder)"
            var task = Task(item: item, folder: folder, outputs: [])
            if let problem = problem(with: item) ?? climbsOut(relative) {
                task.refusal = problem
            } else {
                task.outputs = outputs(item, folder)
                if let taken = task.outputs.first(where: { claimed[$0.lowercased()] != nil }), let owner = claimed[taken.lowercased()] {
                    task.refusal = "its output \(taken) would also be written for \(owner); rename one of them"
                } else {
                    for output in task.outputs { claimed[output.lowercased()] = relative }
                }
            }
            if includes(relative) { tasks.append(task) }
        }
        return tasks
    }

    /// The damaged files among `items` that `includes` keeps, each as its line of the batch's report: no action takes
    /// them, and each is listed with its reason, as scan lists it, so that no input goes unmentioned.
    package static func damaged(_ items: [LibraryItem], includes: (String) -> Bool = { _ in true }) -> [LibraryItem.BatchResult] {
        items.filter { $0.kind == .damaged && includes($0.relativePath) }.map { item in
            LibraryItem.BatchResult(
                item: item.relativePath, kind: .damaged, status: .damaged, inputs: item.files, outputs: [],
                reason: item.note ?? "cannot be read", notes: [], bytes: 0)
        }
    }

    /// The stem outputs are named after: the first file's name without its extension (or Motion Photo mark).
    package static func stem(of item: LibraryItem) -> String {
        PlannedOutputs.baseStem(item.files.first ?? "item")
    }

    /// The folder part of `path`, as `NSString.deletingLastPathComponent` gives it: `a/b` for `a/b/c.jpg` (and for
    /// `a/b//c.jpg/`), empty for a bare name, `/` for a file at the root.
    package static func parentFolder(of path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        var parent = path[..<slash]
        while parent.hasSuffix("/") { parent.removeLast() }
        return parent.isEmpty ? "/" : String(parent)
    }

    /// Why outputs placed by `relativePath` would land outside the output folder (a `..` among its folders, as a
    /// browser's caller or a JSON line may give), or nil.
    package static func climbsOut(_ relativePath: String) -> String? {
        guard relativePath.split(separator: "/", omittingEmptySubsequences: false).contains("..") else { return nil }
        return "its path \(relativePath) climbs out of its folder (..); its outputs would too"
    }

    /// What is wrong with an item as given (one read from JSON lines may be anything), or nil.
    package static func problem(with item: LibraryItem) -> String? {
        let needed = item.kind == .livePhoto ? 2 : 1
        guard item.files.count >= needed else {
            return "a \(item.kind.rawValue) item needs \(needed) file\(needed == 1 ? "" : "s"); this one has \(item.files.count)"
        }
        return nil
    }
}

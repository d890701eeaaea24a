/// One operation's files, all or none: every destination is checked before anything is written (it must not exist
/// unless `force`, and must never be an input), each is written under a hidden name beside it, the destinations are
/// checked again, and only then is each renamed into place. A failure or an interrupt before ``commit()`` leaves
/// none of them (hidden files remove themselves); one during it removes those already placed.
///
/// Every operation that writes files ends this way: `make`, `split`, `convert`, `edit` (through `make`), `export`.
final class OutputTransaction {
    let destinations: [String]
    let inputs: [String]
    let force: Bool
    private var staged: [StagedFile] = []
    /// Files or folders made whole elsewhere (by a tool, or a bundle built in a hidden folder), moved into place at
    /// commit.
    private var adopted: [(made: String, destination: String, datedLike: String?)] = []
    private var committed = false

    /// Checks `destinations` against `inputs`.
    /// - Throws: `LivePhotoError.outputExists(path:)` without `force`; `LivePhotoError.refused(file:reason:remedy:)`
    ///   for a destination that is an input.
    init(_ destinations: [String], inputs: [String], force: Bool) throws(LivePhotoError) {
        self.destinations = destinations
        self.inputs = inputs
        self.force = force
        try OutputLocation.check(destinations, inputs: inputs, force: force)
    }

    /// A hidden file to write `destination` into; `datedLike` is the input whose modification time it keeps.
    func stage(_ destination: String, datedLike: String? = nil) throws(LivePhotoError) -> StagedFile {
        let file = try StagedFile(destination: destination, datedLike: datedLike)
        staged.append(file)
        return file
    }

    /// What was made for a transaction that never committed is removed with it (staged files remove themselves).
    deinit {
        guard !committed else { return }
        for file in adopted { OutputLocation.remove(file.made) }
    }

    /// `made` (a file a tool wrote under a hidden name beside `destination`, or a bundle built in a hidden folder
    /// there) becomes `destination` at commit, with the modification time of `datedLike`.
    func adopt(_ made: String, as destination: String, datedLike: String? = nil) {
        adopted.append((made, destination, datedLike))
    }

    /// Checks the destinations again (another process may have made one meanwhile), then renames every staged file
    /// into place, in the order staged; the outputs are then the user's.
    /// - Parameter finishing: false for one of several transactions of an operation that is all or nothing (a split
    ///   of many items): the outputs stay pending, and the operation finishes or rolls back all of them at its end.
    /// - Returns: the destinations placed.
    @discardableResult
    func commit(finishing: Bool = true) throws(LivePhotoError) -> [String] {
        try OutputLocation.check(destinations, inputs: inputs, force: force)
        var placed: [String] = []
        do throws(LivePhotoError) {
            for file in staged { placed.append(try file.commit()) }
            for file in adopted {
                if let datedLike = file.datedLike { FileDates.copyModificationTime(from: datedLike, to: file.made) }
                try OutputLocation.moveIntoPlace(file.made, file.destination, force: force)
                placed.append(file.destination)
            }
        } catch {
            PendingOutputs.shared.rollBack(placed)
            throw error
        }
        committed = true
        if finishing { PendingOutputs.shared.finish(placed) }
        return placed
    }
}

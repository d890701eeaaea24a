/// An operation's one flow (docs/layout.md#one-flow-per-operation): it takes every decision and ends in a plan, or in
/// a request for what only the shell can do. The shell answers and asks for the next step; the flow runs again from
/// the start with every answer given so far, in order, so it keeps no state between steps but its answers (and what
/// it fixed at its start, as a random identifier).
package protocol ShellFlow {
    /// What the flow ends in: the outputs planned (header bytes and runs of the inputs), the notes, the report.
    associatedtype Plan
    /// The answers given so far, to the requests in the order they were made.
    var answers: [ShellAnswer] { get set }
    /// The flow run with ``answers``.
    func step() throws(LivePhotoError) -> FlowStep<Plan>
}

/// Where a flow's run ended.
package enum FlowStep<Plan> {
    case done(Plan)
    case needs(ShellRequest)
}

/// The answers of one run, handed out in the order the flow asks.
package struct ShellReplay {
    private let answers: [ShellAnswer]
    private var next = 0

    package init(_ answers: [ShellAnswer]) { self.answers = answers }

    /// The answer to the flow's next request; nil when the shell has not answered it yet (the flow then returns
    /// ``FlowStep/needs(_:)`` with it).
    package mutating func answer() -> ShellAnswer? {
        guard next < answers.count else { return nil }
        defer { next += 1 }
        return answers[next]
    }

    /// The answers not handed out yet: what a flow this one runs inside (``MakeFlow`` in `convert --to live`) is given.
    package var remaining: [ShellAnswer] { Array(answers[min(next, answers.count)...]) }
}

import LivePhotoCore
import MediaFormats
import TestSupport

/// A shell for the flows' tests: it answers each request with what the test says, and keeps the requests in order.
/// No program runs: the flows' decisions are tested on the bytes of real files alone.
struct ScriptedShell {
    var requests: [ShellRequest] = []
    let answer: (ShellRequest) throws -> ShellAnswer

    /// Runs `flow` to its plan; at most `limit` requests (a flow that keeps asking fails the test).
    mutating func run<Flow: ShellFlow>(_ flow: Flow, limit: Int = 8) throws -> Flow.Plan {
        var flow = flow
        for _ in 0...limit {
            switch try flow.step() {
            case .done(let plan): return plan
            case .needs(let request):
                requests.append(request)
                flow.answers.append(try answer(request))
            }
        }
        throw LivePhotoError.invalidArgument("the flow asked more than \(limit) times")
    }

    /// A shell that has no program: every request is unavailable, as in a browser.
    static var browser: ScriptedShell { ScriptedShell { .unavailable(tool: $0.tool, error: nil) } }

    /// The request's kind, for comparing the order of requests.
    static func kind(_ request: ShellRequest) -> String {
        switch request {
        case .normalizeVideo: "normalizeVideo"
        case .convertPhoto: "convertPhoto"
        case .frame: "frame"
        case .encodeHEIC: "encodeHEIC"
        case .cut: "cut"
        case .matchCover: "matchCover"
        case .reencode(_, let codec, _): "reencode(\(codec?.rawValue ?? "sound"))"
        case .vivoMovie: "vivoMovie"
        case .companion: "companion"
        }
    }
}

/// A real sample opened as the flows' input.
func sampleInput(_ name: String) throws -> InputFile {
    let path = ProjectPaths.sample(name)
    return try InputFile(opened: RandomAccessFile(path: path), path: path)
}

/// The message of a ``LivePhotoError`` a flow threw, or nil when it threw none.
func flowError(_ body: () throws -> Void) -> LivePhotoError? {
    do {
        try body()
        return nil
    } catch let error as LivePhotoError {
        return error
    } catch {
        return .invalidArgument("\(error)")
    }
}

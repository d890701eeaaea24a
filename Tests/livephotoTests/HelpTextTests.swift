import Foundation
import TestSupport
import Testing

/// `--help` as a terminal of 80 and of 120 columns shows it: paragraphs wrapped only where the width asks, and
/// every example (with its comment) on a line of its own.
@Suite("help text")
struct HelpTextTests {
    static let commands = [
        [], ["make"], ["inspect"], ["verify"], ["split"], ["convert"], ["export"], ["scan"], ["serve"], ["capture"],
    ]

    @Test("paragraphs break only at the width, examples are never wrapped, no line is wider than the terminal", arguments: [80, 120])
    func wrapping(columns: Int) async throws {
        for command in Self.commands {
            let result = try await LivePhotoCLI.run(command + ["--help"], environment: ["COLUMNS": "\(columns)"])
            let name = (["livephoto"] + command).joined(separator: " ")
            #expect(result.status == 0, "\(name)")
            let lines = result.stdout.components(separatedBy: "\n")
            // The discussion: from the line after the overview to USAGE.
            let usage = try #require(lines.firstIndex { $0.hasPrefix("USAGE:") }, "\(name)")
            let discussion = Array(lines[1..<usage])
            for line in lines where !line.hasPrefix("USAGE:") {
                #expect(line.count <= columns, "\(name) at \(columns) columns: a line of \(line.count): \(line)")
            }
            for (previous, line) in zip(discussion, discussion.dropFirst()) where !line.isEmpty && !line.hasPrefix(" ") {
                // After an example (an indented line), only another indented line or a blank one: a wrapped
                // example leaves its end on an unindented line.
                #expect(
                    previous.isEmpty || !previous.hasPrefix(" "),
                    "\(name) at \(columns) columns: an example wrapped before '\(line)'")
                // Within a paragraph, a line ends only where the next word would not fit: a hard break ends it
                // sooner.
                if !previous.isEmpty && !previous.hasPrefix(" ") {
                    let word = line.prefix { $0 != " " }
                    #expect(
                        previous.count + 1 + word.count >= columns,
                        "\(name) at \(columns) columns: a line broken before the width: '\(previous)' / '\(line)'")
                }
            }
        }
    }
}

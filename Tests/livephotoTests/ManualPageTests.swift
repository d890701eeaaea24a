import Foundation
import TestSupport
import Testing

/// The manual page (docs/livephoto.1, made by scripts/manual.sh) and the shell completion scripts, against the
/// commands as they are.
@Suite("manual page and completion")
struct ManualPageTests {
    @Test("docs/livephoto.1 describes every command and every option the program has (scripts/manual.sh remakes it)")
    func manualIsCurrent() async throws {
        let dump = try await LivePhotoCLI.run(["--experimental-dump-help"])
        #expect(dump.status == 0, "\(dump.stderr)")
        let root = try #require(
            (try JSONSerialization.jsonObject(with: dump.stdoutData) as? [String: Any])?["command"] as? [String: Any])
        let page = try String(contentsOfFile: "\(ProjectPaths.root)/docs/livephoto.1", encoding: .utf8)
        var missing: [String] = []
        func visit(_ command: [String: Any], path: String) {
            for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["shouldDisplay"] as? Bool ?? true {
                for name in argument["names"] as? [[String: Any]] ?? [] where name["kind"] as? String == "long" {
                    let option = name["name"] as? String ?? ""
                    // `.It Fl -json`, or `.It Fl v , -verbose` for an option with a short name too.
                    if !page.contains("Fl -\(option)") && !page.contains(", -\(option)") { missing.append("\(path) --\(option)") }
                }
            }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                let name = sub["commandName"] as? String ?? ""
                // `.It Em make`, or `.It Em "import, takeout"` for a command with other names.
                if !page.contains(".It Em \(name)") && !page.contains(".It Em \"\(name),") { missing.append("\(path) \(name)") }
                visit(sub, path: "\(path) \(name)")
            }
        }
        visit(root, path: "livephoto")
        #expect(missing.isEmpty, "missing from docs/livephoto.1 (run scripts/manual.sh): \(missing)")
    }

    @Test("completion scripts for bash, zsh and fish name the commands", arguments: ["bash", "zsh", "fish"])
    func completion(shell: String) async throws {
        let script = try await LivePhotoCLI.run(["--generate-completion-script", shell])
        #expect(script.status == 0)
        for command in ["make", "inspect", "verify", "split", "convert", "export", "scan", "serve", "capture"] {
            #expect(script.stdout.contains(command), "\(shell): \(command)")
        }
        if shell == "bash" {
            // The script loads in bash.
            let ws = try Workspace()
            let file = try ws.write(Array(script.stdout.utf8), to: "livephoto.bash")
            let loaded = try await Tool.run("bash", ["-c", "source '\(file)' && complete -p livephoto"], check: false)
            #expect(loaded.status == 0 && loaded.stdout.contains("livephoto"), "\(loaded.stderr)")
        }
    }
}

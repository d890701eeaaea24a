import ArgumentParser
import LivePhotoKit
internal import PortableFoundation

/// Printing results.
enum Output {
    static func printJSON<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        print(String(decoding: data, as: UTF8.self))
    }

    static func seconds(_ s: Double) -> String { String(cFormat: "%.3f", s) }

    static func describe(_ f: InspectionReport.FileReport) -> String {
        var lines = ["\(f.path): \(f.role.rawValue) (\(f.format.rawValue), \(f.sizeBytes) bytes)"]
        if let e = f.error { lines.append("  error       \(e)") }
        for problem in f.problems { lines.append("  problem     \(problem)") }
        if let id = f.contentIdentifier { lines.append("  identifier  \(id)") }
        if let family = f.family { lines.append("  family      \(family.rawValue)") }
        if let s = f.still {
            if let w = s.width, let h = s.height {
                lines.append("  size        \(w)×\(h)\(s.orientation.map { $0 == 1 ? "" : " (Exif orientation \($0))" } ?? "")")
            }
            if let make = s.make { lines.append("  camera      \([make, s.model].compactMap { $0 }.joined(separator: " "))") }
            if let note = s.makerNote { lines.append("  makernote   \(note)") }
        }
        if let members = f.members { lines.append("  holds       " + members.joined(separator: ", ")) }
        if let mp = f.motionPhoto {
            lines.append(
                "  motion      \(mp.flavor.rawValue)\(mp.version.map { " v\($0)" } ?? ""), video found by \(mp.videoLocator?.rawValue ?? "?")"
            )
            if let c = mp.coverTimeSeconds { lines.append("  cover       \(seconds(c)) s (presentation timestamp)") }
            for p in mp.parts { lines.append("  part        \(p.name): \(p.length) bytes at \(p.offset)") }
            for n in mp.notes { lines.append("  note        \(n)") }
        }
        if let m = f.movie {
            if let c = m.coverTimeSeconds {
                let form = m.stillImageTime.map { " (\($0.form.rawValue), value \($0.value.map(String.init) ?? "?"))" } ?? ""
                lines.append("  cover       \(seconds(c)) s\(form)")
            }
            lines.append("  duration    \(seconds(m.durationSeconds)) s")
            if let v = m.video {
                var video = "\(v.codec)"
                if let w = v.width, let h = v.height { video += " \(w)×\(h)" }
                video += ", \(v.frameCount) frames at \(v.frameRate) fps"
                if let r = v.rotationDegrees, r != 0 { video += ", rotated \(r)°" }
                lines.append("  video       \(video)")
            }
            if let a = m.audioCodec { lines.append("  audio       \(a)") }
            if let b = m.brand { lines.append("  brand       \(b)") }
            if let w = m.wallpaper {
                let failed = w.gates.filter { !$0.passed }
                lines.append(
                    "  wallpaper   "
                        + (w.ready ? "ready (G1–G4, G6–G10 pass)" : failed.map { "\($0.id) \($0.detail)" }.joined(separator: "; ")))
            }
            lines.append("  tracks      " + m.tracks.map { "\($0.id):\($0.handler)/\($0.codec)" }.joined(separator: " "))
        }
        return lines.joined(separator: "\n")
    }
}

/// Turning errors into messages and exit codes.
enum Failure {
    static let checkFailed: Int32 = 1
    static let badInput: Int32 = 2
    static let outputExists: Int32 = 3
    static let writeFailed: Int32 = 4
    static let missingTool: Int32 = 5
    static let someItemsFailed: Int32 = 6
    static let usage: Int32 = 64

    /// Prints `error` (as JSON with `json`) and returns the exit code to throw.
    static func report(_ error: any Error, json: Bool) -> ExitCode {
        let message: String
        let code: Int32
        if let e = error as? LivePhotoError {
            message = e.description + e.commandLineAdvice
            code = e.exitCode
        } else {
            message = "\(error)"
            code = badInput
        }
        if json {
            try? Output.printJSON(["error": message])
        }
        StandardStreams.error("livephoto: error: \(message)\n")
        return ExitCode(code)
    }
}

extension String {
    /// The text cut or padded with spaces to `width` UTF-16 units, as Foundation's `padding(toLength:withPad:startingAt:)`
    /// gives it: a column of a table.
    func column(_ width: Int) -> String {
        let length = utf16.count
        guard length < width else { return String(decoding: Array(utf16.prefix(width)), as: UTF16.self) }
        return self + String(repeating: " ", count: width - length)
    }
}

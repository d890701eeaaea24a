import ArgumentParser
import LivePhotoKit

struct FormatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formats",
        abstract: "List every family of live photos: what livephoto reads and writes, and what marks each.",
        discussion: """
            Apple's Live Photos are two files; every Android maker writes one file, the photo with its video inside, \
            each with the marks its own gallery looks for. inspect names a file's family as its flavor; convert \
            --to motion --flavor writes each family that has a writer.

            Examples:
              livephoto formats
              livephoto formats --json
            """)

    @Flag(name: .long, help: "Print the table as JSON on standard output.")
    var json = false

    func run() throws {
        if json {
            try Output.printJSON(PhotoFamily.catalog)
            return
        }
        for row in PhotoFamily.catalog {
            print("\(row.family.rawValue): \(row.name)")
            print("  read     \(row.read ? "yes" : "no")")
            print("  write    \(row.write ?? "no")")
            print("  stills   \(row.stills.joined(separator: ", "))")
            print("  video    \(row.videoCodecs.joined(separator: ", "))")
            print("  marks    \(row.marks)")
            print("  gallery  \(row.gallery)")
            if let notes = row.notes { print("  note     \(notes)") }
        }
    }
}

import ArgumentParser
import LivePhotoKit
internal import PortableFoundation

struct VerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check that a photo and a movie form a Live Photo that Photos accepts.",
        discussion: """
            Each check is printed with its reason. Required checks are what Photos needs to pair the files; \
            recommended ones are what every real iPhone writes ("warn" when missing); informational ones ("info") \
            say how the files compare with iPhones that differ among themselves, and never fail. A camera \
            original passes every required and recommended check. Exits 0 when every required check passes and 1 \
            when one fails; a file that cannot be read fails the checks that need it. Given one part alone, the \
            other is looked for beside it (the same identifier, else the same name), and named.

            Folders: give a folder instead of a pair to check every Live Photo in it, as scan pairs them; a still \
            whose movie is missing (or the reverse) and a conflict fail with their reason. Exits 1 when any fails.

            Examples:
              livephoto verify IMG_0001.JPG IMG_0001.MOV
              livephoto verify --json IMG_0001.JPG IMG_0001.MOV \\
                | jq '.checks[] | select(.passed == false)'
              livephoto verify ~/Pictures/export      # every Live Photo; orphans fail too
            """
    )

    @Argument(
        help: "PHOTO MOVIE: the still (JPEG or HEIC) and the movie (QuickTime or MP4); or folders, to check every Live Photo in them.")
    var files: [String] = []

    @OptionGroup(title: "Folders") var library: LibraryOptions
    @OptionGroup var common: CommonOptions

    func validate() throws {
        let batch = library.isBatch(files)
        try library.validate(batch: batch, arguments: files)
        guard batch || (1...2).contains(files.count) else {
            throw ValidationError("give PHOTO MOVIE, one of them (the other is looked for beside it), or folders")
        }
    }

    func run() async throws {
        common.bootstrap(batch: library.isBatch(files))
        if library.isBatch(files) {
            InterruptHandling.install()
            try await BatchRun(label: "verify", action: .verify, library: library, common: common).run(roots: files, out: ".", force: false)
            return
        }
        let (photo, movie) = try OtherHalf.pair(files, json: common.json)
        let report = await LivePhotoVerifier.verify(photo: photo, movie: movie)
        if common.json {
            try Output.printJSON(report)
        } else {
            for check in report.checks {
                let mark: String
                switch check.requirement {
                case _ where check.passed: mark = "pass"
                case .required: mark = "FAIL"
                case .recommended: mark = "warn"
                case .informational: mark = "info"
                }
                print("\(mark)  \(check.id.column(30)) \(check.detail)")
            }
            print(
                report.passed
                    ? "Photos should accept this pair as a Live Photo." : "Photos will not pair these files: a required check failed.")
            if let wallpaper = report.wallpaper {
                print("\nLock-screen wallpaper (iOS 17+): \(wallpaper.ready ? "ready, every gate passed" : "motion not available")")
                for gate in wallpaper.gates {
                    print(
                        "\(gate.passed ? "pass" : "FAIL")  \((gate.id + " " + gate.name).column(30)) \(gate.detail)"
                    )
                }
            }
        }
        if !report.passed { throw ExitCode(Failure.checkFailed) }
    }
}

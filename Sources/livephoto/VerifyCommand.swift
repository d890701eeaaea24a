import ArgumentParser
import Foundation
import LivePhotoKit

struct VerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check that a photo and a movie form a Live Photo that Photos accepts.",
        discussion: """
            Each check is printed with its reason. Required checks are what Photos needs to pair the files;
            recommended ones are what a real iPhone writes. Exits 1 when a required check fails.

            Examples:
              livephoto verify IMG_0001.JPG IMG_0001.MOV
              livephoto verify --json IMG_0001.JPG IMG_0001.MOV | jq '.checks[] | select(.passed == false)'
            """
    )

    @Argument(help: "The still (JPEG or HEIC).")
    var photo: String

    @Argument(help: "The movie (QuickTime or MP4).")
    var movie: String

    @OptionGroup var common: CommonOptions

    func run() async throws {
        common.bootstrap()
        let report = await LivePhotoVerifier.verify(photo: photo, movie: movie)
        if common.json {
            try Output.printJSON(report)
        } else {
            for check in report.checks {
                let mark = check.passed ? "pass" : (check.requirement == .required ? "FAIL" : "warn")
                print("\(mark)  \(check.id.padding(toLength: 30, withPad: " ", startingAt: 0)) \(check.detail)")
            }
            print(
                report.passed
                    ? "Photos should accept this pair as a Live Photo." : "Photos will not pair these files: a required check failed.")
            if let wallpaper = report.wallpaper {
                print("\nLock-screen wallpaper (iOS 17+): \(wallpaper.ready ? "ready, every gate passed" : "motion not available")")
                for gate in wallpaper.gates {
                    print(
                        "\(gate.passed ? "pass" : "FAIL")  \((gate.id + " " + gate.name).padding(toLength: 30, withPad: " ", startingAt: 0)) \(gate.detail)"
                    )
                }
            }
        }
        if !report.passed { throw ExitCode(Failure.checkFailed) }
    }
}

import ArgumentParser
import Foundation
import LivePhotoKit

struct VerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check that a photo and a movie form a Live Photo that Photos accepts.",
        discussion: """
            Each check is printed with its reason. Required checks are what Photos needs to pair the files;
            recommended ones are what every real iPhone writes ("warn" when missing); informational ones ("info")
            say how the files compare with iPhones that differ among themselves, and never fail. A camera
            original passes every required and recommended check. Exits 0 when every required check passes and 1
            when one fails; a file that cannot be read fails the checks that need it.

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
                let mark: String
                switch check.requirement {
                case _ where check.passed: mark = "pass"
                case .required: mark = "FAIL"
                case .recommended: mark = "warn"
                case .informational: mark = "info"
                }
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

import Foundation
import TestSupport
import Testing

/// `livephoto serve` attacked as another website, another local user and a careless client would
/// (Tests/Browser/hardening_test.py): foreign Host and cross-origin requests, a gallery file swapped for a link, idle
/// connections, a burst of frame requests, upload and storage limits, a planted work-folder link, the Import view's
/// cross-origin import and its listing kept out of the work folder.
@Suite("serve: hardening", .needsSamples, .tags(.browser), .timeLimit(.minutes(5)))
struct HardeningTests {
    @Test("other sites refused, the gallery confined, every resource bounded, the work folder private")
    func hardening() async throws {
        let ws = try Workspace()
        let clip = try await ClipStore.shared.path(ClipSpec())
        try await BrowserScript.check(
            "hardening_test.py", [ProjectPaths.executable, "\(ProjectPaths.root)/../shared/samples", clip, ws.path], python: "python3",
            stderrTail: 2000)
    }
}

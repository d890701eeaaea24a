import Foundation
import TestSupport
import Testing

/// The web app as a static site (`scripts/site.sh`), served by `python3 -m http.server` and driven in headless
/// Chromium (Tests/Browser/site_test.py): no server code, the server's modes hidden, Assemble, a video alone, a WebM
/// refused in words, Edit, Disassemble, Convert both ways and Verify in the browser, each output checked by the
/// livephoto command; no request leaving the page during a make (DevTools' network events); the manifest and its
/// icons, the service worker in control; at 375×812 and 1280×800 no sideways scrolling and a name on every control;
/// then offline, the server stopped: the page and its engine reload from the cache and a make still works.
@Suite("the static web app: in a real browser", .needsSamples, .tags(.browser), .timeLimit(.minutes(15)))
struct StaticSiteBrowserTests {
    @Test("no server: every lossless mode in the browser, nothing uploaded, installable, offline")
    func site() async throws {
        let ws = try Workspace()
        let engine = try await WebEngine.shared.folder()
        let clip = try await ClipStore.shared.path(ClipSpec(audio: true))
        let photo = try await ClipStore.shared.jpeg(width: 320, height: 240)
        let webm = ws.file("clip.webm")
        try await Tool.run(
            "ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-t", "2", "-c:v", "libvpx", webm])
        try await BrowserScript.check(
            "site_test.py", [ProjectPaths.executable, "\(ProjectPaths.root)/../shared/samples", photo, clip, ws.path, engine, webm])
    }
}

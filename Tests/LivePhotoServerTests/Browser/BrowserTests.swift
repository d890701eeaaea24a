import Foundation
import TestSupport
import Testing

/// The web app in headless Chromium (Selenium), at 1280×800 and at a phone's 375×812, served with the engine: files
/// dropped on the page routed to their mode, thumbnails before the job, Assemble made in the page (nothing uploaded),
/// Disassemble in the page and (a .pvt.zip) on the server, the viewer held by pointer, touch and keyboard, the gallery
/// grid, the Edit view (trim, mute, key photo, Bounce), an import of a small Takeout through the Import view, a gallery
/// item with problems mended through its Repair button, no horizontal scrolling or overlapping controls, live regions
/// and a name on every control, screenshots of each mode at both sizes, 50 concurrent uploads, and a server without
/// the engine whose page uploads as before (Tests/Browser/webapp_test.py). With `LIVEPHOTO_README_SCREENSHOTS=DIR`
/// set, the screenshots the README shows are written to DIR as well.
@Suite("serve: in a real browser", .needsSamples, .tags(.browser), .timeLimit(.minutes(15)))
struct BrowserTests {
    @Test("drops, thumbnails, Assemble, Disassemble, viewer, gallery, layout at two sizes, accessibility, 50 concurrent uploads")
    func browser() async throws {
        let ws = try Workspace()
        // The server is given the engine: the page makes and takes apart in the browser, and uploads what needs ffmpeg.
        let engine = try await WebEngine.shared.folder()
        let clip = try await ClipStore.shared.path(ClipSpec(audio: true))
        let photo = try await ClipStore.shared.jpeg(width: 320, height: 240)
        try await BrowserScript.check(
            "webapp_test.py", [ProjectPaths.executable, "\(ProjectPaths.root)/../shared/samples", photo, clip, ws.path, engine])
    }
}

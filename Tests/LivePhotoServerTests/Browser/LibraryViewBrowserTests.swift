import Foundation
import TestSupport
import Testing

/// The web app's Library view on the static site (`scripts/site.sh`), served by `python3 -m http.server` and driven in
/// headless Chromium (Tests/Browser/library_view.py): a library the command line made, chosen through the folder input
/// and dropped (a folder handle walked in the engine's worker, and entries walked in the page), checked in the browser;
/// its counts, lists and saved report are `livephoto scan --json`'s, line for line; the progress bar reaches its total;
/// Cancel stops a check of 1,200 files and says so; the keyboard reaches every control; no request leaves the page.
/// Then the batches (Tests/Browser/library_batches.py): every Live Photo to a Motion Photo into a folder (the origin's
/// private file system), the command line's files byte for byte and its report, and again into it, every item skipped
/// and nothing rewritten; into the zip the service worker streams to the downloads, for each job, whole, unpacking to
/// the command line's files with its dates; an item that needs ffmpeg failed in words; Cancel part way through 300
/// items, the zip still whole; on serve's page, the zip into a file chosen, or words where nothing can save. And the
/// import (Tests/Browser/library_import.py): a camera's folder made into a clean library as `livephoto import` makes
/// it, into a folder and again into it, and into the zip download; a folder with an export's sidecar refused in words.
@Suite("the web app's Library view: in a real browser", .tags(.browser), .timeLimit(.minutes(10)))
struct LibraryViewBrowserTests {
    @Test(
        "a library checked, converted and split in the browser as the command line does it, cancelled, from the keyboard, nothing uploaded")
    func library() async throws {
        let ws = try Workspace()
        let engine = try await WebEngine.shared.folder()
        let clip = try await ClipStore.shared.path(ClipSpec(audio: true))
        let photo = try await ClipStore.shared.jpeg(width: 320, height: 240)
        try await BrowserScript.check(
            "library_view.py", [ProjectPaths.executable, "\(ProjectPaths.root)/../shared/samples", photo, clip, ws.path, engine])
    }

    @Test(
        "a camera folder made into a clean library in the browser as `livephoto import` makes it, into a folder and a zip",
        .needsSamples)
    func importFolder() async throws {
        let ws = try Workspace()
        let engine = try await WebEngine.shared.folder()
        let samples = Samples.folder
        try await BrowserScript.check(
            "library_import.py",
            [
                ProjectPaths.executable, samples, "\(samples)/camera_sony-dsc-hx5v_mei.jpg", "\(samples)/iphone_IMG_3853_gwy15.MOV",
                ws.path, engine,
            ])
    }
}

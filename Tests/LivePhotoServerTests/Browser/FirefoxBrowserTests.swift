import Foundation
import TestSupport
import Testing

/// The Library view and the ES module in headless Firefox ESR (Tests/Browser/firefox_library.py, Firefox driven
/// through its own WebDriver BiDi), the browser without a folder picker that the view's zip download is for, on the
/// static site: the view offers no folder picker and says the library is one zip download; a camera folder's zips
/// (stored and deflated) and an Apple data copy's parts, chosen as files, made into the zip the service worker
/// streams to the downloads, which tests whole and unpacks to `livephoto import`'s library, record and dates, its
/// report the command line's; the same offline, the server stopped; and `importLibrary` over every real sample into
/// the origin's private file system and into a `WritableStream`, the command line's library byte for byte.
@Suite("the Library view and the module in Firefox", .needsSamples, .tags(.browser), .timeLimit(.minutes(10)))
struct FirefoxBrowserTests {
    @Test("an export's zips made into a clean library in Firefox, through its zip download, online and offline, as the command line")
    func library() async throws {
        let ws = try Workspace()
        let engine = try await WebEngine.shared.folder()
        let samples = Samples.folder
        try await BrowserScript.check(
            "firefox_library.py",
            [
                ProjectPaths.executable, samples, "\(samples)/camera_sony-dsc-hx5v_mei.jpg", "\(samples)/iphone_IMG_3853_gwy15.MOV",
                ws.path, engine,
            ])
    }
}

import LivePhotoCore
import Testing

/// The one list of media extensions: what each names, in any case.
@Suite("media file extensions")
struct MediaExtensionsTests {
    @Test("stills, movies and every media extension; the kind each names")
    func lists() {
        #expect(MediaExtensions.stills == ["jpg", "jpeg", "heic", "heif"])
        #expect(MediaExtensions.movies == ["mov", "qt", "mp4", "m4v"])
        #expect(MediaExtensions.all == MediaExtensions.stills.union(MediaExtensions.movies))
        #expect(MediaExtensions.kind(ofExtension: "JPEG") == .jpeg && MediaExtensions.kind(ofExtension: "heif") == .heic)
        #expect(MediaExtensions.kind(ofExtension: "M4V") == .mp4 && MediaExtensions.kind(ofExtension: "qt") == .quicktime)
        #expect(MediaExtensions.kind(ofExtension: "png") == nil && MediaExtensions.kind(ofExtension: "jfif") == nil)
    }

    @Test("the names a file keeps: its kind's, then the other names exports give it, the usual one first")
    func namesKept() {
        #expect(MediaExtensions.namesKept(for: .jpeg) == ["jpg", "jpeg", "jpe", "jfif"])
        #expect(MediaExtensions.namesKept(for: .heic) == ["heic", "heif", "hif"])
        #expect(MediaExtensions.namesKept(for: .avif) == ["avif"])
        #expect(MediaExtensions.namesKept(for: .quicktime) == ["mov", "qt"])
        #expect(MediaExtensions.namesKept(for: .mp4) == ["mp4", "m4v", "3gp", "3g2"])
        #expect(MediaExtensions.namesKept(for: .zip).isEmpty && MediaExtensions.names(of: .unknown).isEmpty)
    }

    @Test("an output keeps its input's extension when it fits the kind: any movie's for a movie")
    func plannedOutputs() {
        #expect(PlannedOutputs.splitPhoto(of: "a/x.JPEG", stem: "x", folder: "o", kind: .jpeg).hasSuffix("x.JPEG"))
        #expect(PlannedOutputs.splitPhoto(of: "a/x.jpg", stem: "x", folder: "o", kind: .heic).hasSuffix("x.heic"))
        #expect(PlannedOutputs.splitMovie(of: "a/x.MP4", stem: "x", folder: "o").hasSuffix("x.MP4"))
        #expect(PlannedOutputs.splitMovie(of: "a/x.avi", stem: "x", folder: "o").hasSuffix("x.mov"))
    }
}

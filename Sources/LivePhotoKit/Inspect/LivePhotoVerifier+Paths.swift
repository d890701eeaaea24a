import LivePhotoCore

extension LivePhotoVerifier {
    /// Runs every check on the files at `photo` and `movie`; never throws (an unreadable file fails the checks that
    /// need it).
    public static func verify(photo: String, movie: String) async -> VerificationReport {
        verify(photo: photo, movie: movie, still: FileAnalysis(path: photo), video: FileAnalysis(path: movie))
    }
}

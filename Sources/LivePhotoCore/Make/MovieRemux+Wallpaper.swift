extension MovieRemux {
    /// Why the lock screen would not animate this movie as a wallpaper (G3: 14 frames before the still; G4: 20 fps or
    /// more; docs/formats/wallpaper.md#gates): none when `mode` is `.off`.
    /// - Throws: ``LivePhotoError/invalidArgument(_:)`` when `mode` is `.required` and there is a reason.
    package func wallpaperWarnings(_ mode: WallpaperMode) throws(LivePhotoError) -> [String] {
        guard mode != .off else { return [] }
        let warnings = WallpaperReadiness.coverProblems(frameTimes: frameTimes, cover: coverSeconds)
        if mode == .required, !warnings.isEmpty {
            throw .invalidArgument("the lock-screen wallpaper would not animate: \(warnings.joined(separator: "; "))")
        }
        return warnings
    }
}

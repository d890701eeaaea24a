extension LibraryItem.Kind {
    /// The family of an item of this kind that is not a Motion Photo (whose family is its file's): Apple's for a Live
    /// Photo and its orphaned parts; nil for plain, damaged and other files, and for a conflict.
    package var pairFamily: PhotoFamily? {
        switch self {
        case .livePhoto, .orphanStill, .orphanMovie: .apple
        case .motionPhoto, .conflict, .plainPhoto, .plainMovie, .damaged, .other: nil
        }
    }
}

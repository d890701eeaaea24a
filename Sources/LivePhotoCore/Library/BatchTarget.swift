/// What a batch makes of a library's items, where the browser can make it too (docs/guide/libraries.md#batches-over-folders):
/// the kinds of item it takes and the files it writes for each, named by the operations' own planners
/// (``PlannedOutputs``). The command line's other batches (`verify`, `export`, `make`, which need ffmpeg or write
/// nothing) name theirs in LivePhotoKit's `BatchAction`.
package enum BatchTarget: Sendable, Equatable {
    /// Every Live Photo to a Motion Photo of `flavor` (`convert --to motion`).
    case motionPhoto(flavor: MotionPhotoFlavor)
    /// Every Motion Photo to a Live Photo packaged as `packaging`, its still as `photoFormat` asks (`convert --to live`).
    case livePhoto(packaging: Packaging, photoFormat: PhotoFormat?)
    /// Every Live Photo and Motion Photo to a plain photo and a plain video (`split`).
    case split

    /// The kinds of item it takes; the others are left alone.
    package var kinds: Set<LibraryItem.Kind> {
        switch self {
        case .motionPhoto: [.livePhoto]
        case .livePhoto: [.motionPhoto]
        case .split: [.livePhoto, .motionPhoto]
        }
    }

    /// The files it writes for `item` into `folder`, `kind` saying what a file of the item is (by its bytes).
    package func outputs(for item: LibraryItem, in folder: String, kind: (String) -> FileKind) -> [String] {
        let stem = BatchPlan.stem(of: item)
        let first = item.files.first ?? ""
        switch self {
        case .motionPhoto(let flavor) where flavor == .vivoPair:
            return PlannedOutputs.vivoPair(stem: stem, folder: folder)
        case .motionPhoto:
            return [PlannedOutputs.motionPhoto(stem: stem, folder: folder, photoKind: kind(first))]
        case .livePhoto(let packaging, let photoFormat):
            let format = PhotoFormat.written(from: kind(first), asked: photoFormat)
            return PlannedOutputs.make(stem: stem, folder: folder, packaging: packaging, photoFormat: format)
        case .split:
            let photo = PlannedOutputs.splitPhoto(of: first, stem: stem, folder: folder, kind: kind(first))
            if item.kind == .motionPhoto { return [photo, PlannedOutputs.splitMovie(of: nil, stem: stem, folder: folder)] }
            return [photo, PlannedOutputs.splitMovie(of: item.files.count > 1 ? item.files[1] : first, stem: stem, folder: folder)]
        }
    }
}

extension BatchTarget {
    /// Which of `item`'s files the output at `index` (in ``outputs(for:in:kind:)``'s order) keeps the modification
    /// time of, as the operations date what they write: a split Live Photo's photo and movie each their own; every
    /// other output its item's first file (the photo, or the Motion Photo). A browser, which cannot date a file it
    /// writes, dates a zip's entries so.
    package func datedLike(output index: Int, of item: LibraryItem) -> Int {
        switch self {
        case .split where item.kind == .livePhoto: max(0, min(index, item.files.count - 1))
        case .split, .motionPhoto, .livePhoto: 0
        }
    }

    /// Whether outputs already there, as `inspect` reads them (`report`) and, for a Live Photo's pair, as `verify`
    /// checks them (`verified`), are what it writes: then a batch leaves them and the item is skipped. A Motion Photo
    /// whose video is found; vivo's two files carrying one pairing id; a Live Photo that pairs; a photo and a video
    /// that read.
    package func holds(_ report: InspectionReport, verified: VerificationReport?) -> Bool {
        let files = report.files
        guard !files.isEmpty, files.allSatisfy({ $0.error == nil }) else { return false }
        switch self {
        case .motionPhoto(let flavor) where flavor == .vivoPair:
            guard files.count == 2, let id = files[0].pairingIdentifier else { return false }
            return files[1].pairingIdentifier == id
        case .motionPhoto:
            return files.allSatisfy { $0.motionPhoto?.videoLocator != nil }
        case .livePhoto:
            if let verified { return verified.passed }
            return report.pair?.paired ?? files.allSatisfy { $0.contentIdentifier != nil }
        case .split:
            return files.allSatisfy { $0.format != .unknown }
        }
    }
}

import FuzzSupport

@testable import MediaFormats

/// A movie rewritten as `make` and `split`/`convert` rewrite one (``MovieRewrite``), the output assembled from its
/// layout and read back: it must be a movie whose tracks are the ones kept and added, and every piece must add up.
func fuzzRewrites(_ movie: Movie, file: RandomAccessFile) {
    let timedMetadata = Set(movie.tracks.filter(\.isTimedMetadata).map(\.trackID))
    guard var made = try? MovieRewrite(movie: movie, fileType: .quickTime) else { return }
    // make's: the timed metadata replaced by a still-image-time track (and the per-frame track), the timescale doubled.
    made.droppedTrackIDs = timedMetadata
    made.updatesHeader = true
    made.keepsOtherTopLevelBoxes = true
    made.pageAlignmentMinimum = 0
    made.timescaleFactor = movie.header.timescale <= UInt32.max / 2 ? 2 : 1
    if let video = movie.videoTrack {
        made.stillImageTime = .init(
            videoTrackID: video.trackID, stillTime: UInt64(movie.header.timescale) / 2, mediaTimescale: 600,
            sample: AppleTimedMetadata.stillImageTimeSample(value: -1, width: 64, height: 48))
        made.livePhotoInfoVideo = video
    }
    made.metadata = .init(
        setting: [(AppleMovieMetadata.contentIdentifierKey, .utf8("00000000-0000-0000-0000-000000000000"))],
        settingWhereAbsent: AppleMovieMetadata.capturedVitality, refusesOtherMetadata: true)
    check(made, file: file, expecting: Set(movie.tracks.map(\.trackID)).subtracting(timedMetadata), adds: made.stillImageTime != nil)

    // The same after a cut: only the chunks kept are copied.
    if let (cut, _) = try? movie.cut(from: 0.1, to: 0.6), var cutMade = try? MovieRewrite(movie: cut, fileType: .quickTime) {
        cutMade.mediaData = .usedChunks
        cutMade.updatesHeader = true
        cutMade.metadata = made.metadata
        check(cutMade, file: file, expecting: Set(cut.tracks.map(\.trackID)), adds: false)
    }

    // convert's: an MP4 without the timed metadata, its sound in ISO form, the identifier out and a cover time in.
    guard var plain = try? MovieRewrite(movie: movie, fileType: .mp4) else { return }
    plain.droppedTrackIDs = Set(movie.tracks.filter(\.hasTimedMetadataEntries).map(\.trackID))
    plain.soundAsISO = true
    plain.metadata = .init(
        removing: [AppleMovieMetadata.contentIdentifierKey],
        setting: [(OpenHarmonyMovieMetadata.coverTimeKey, OpenHarmonyMovieMetadata.coverTimeValue(milliseconds: 1500))],
        newMetadataPlace: .userData)
    check(plain, file: file, expecting: Set(movie.tracks.map(\.trackID)).subtracting(plain.droppedTrackIDs), adds: false)
}

/// Lays `rewrite` out; when it can be, its output must read back with the tracks `expecting` (and one or two added).
private func check(_ rewrite: MovieRewrite, file: RandomAccessFile, expecting kept: Set<UInt32>, adds: Bool) {
    try? rewrite.checkSupported()
    guard let layout = try? rewrite.layout(sourceOffset: 0) else { return }
    var output: [UInt8] = []
    for piece in layout.pieces {
        switch piece {
        case .bytes(let bytes): output += bytes
        case .copy(let offset, let length):
            guard let bytes = try? file.read(at: offset, count: Int(length)) else {
                fatalError("a copy past the source: \(offset)+\(length)")
            }
            output += bytes
        }
    }
    guard Int64(output.count) == layout.size, layout.copiedBytes <= layout.size else {
        fatalError("a layout of \(layout.size) bytes wrote \(output.count)")
    }
    guard let path = output.withUnsafeBufferPointer({ FuzzFile.write($0.baseAddress!, $0.count, name: "rewritten") }),
        let written = try? RandomAccessFile(path: path)
    else { return }
    let back: Movie
    do { back = try Movie(file: written) } catch { fatalError("a rewritten movie does not read back: \(error)") }
    let ids = Set(back.tracks.map(\.trackID))
    guard ids.isSuperset(of: kept), ids.count <= kept.count + 2, adds || ids.count == kept.count else {
        fatalError("a rewritten movie has tracks \(ids.sorted()), not \(kept.sorted())")
    }
    guard let mdat = back.mediaDataBoxes.first, back.mediaDataBoxes.count == 1, Int64(layout.start.count) == mdat.payloadOffset else {
        fatalError("a rewritten movie's media data does not start after its \(layout.start.count)-byte start")
    }
}

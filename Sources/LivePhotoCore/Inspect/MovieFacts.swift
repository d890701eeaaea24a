import MediaFormats

/// What a movie is, for Live Photo purposes: its video, its still-image-time tracks, its identifier.
package struct MovieFacts {
    package let movie: Movie
    package let video: MovieTrack?
    package let stillImageTimeTracks: [MovieTrack]
    package let contentIdentifier: String?

    package init(movie: Movie) {
        self.movie = movie
        video = movie.videoTrack
        stillImageTimeTracks = movie.tracks.filter(StillImageTimeTrack.matches)
        if case .utf8(let id)? = movie.metadata?.value(for: AppleMovieMetadata.contentIdentifierKey) {
            contentIdentifier = id
        } else {
            contentIdentifier = nil
        }
    }

    /// Presentation times of the video frames on the movie timeline, in order.
    package func frameTimes() throws(FormatError) -> [TrackTime] {
        guard let video else { return [] }
        return try video.presentationSchedule(movieTimescale: movie.header.timescale).map { $0.time }
    }

    package func seconds(_ t: TrackTime) -> Double {
        t.seconds(movieTimescale: movie.header.timescale, mediaTimescale: video?.mediaHeader.timescale ?? 1)
    }

    /// The video's length on the movie timeline, in seconds.
    package var videoDuration: Double { video?.durationSeconds(movieTimescale: movie.header.timescale) ?? 0 }

    /// Where and how a still-image-time track places the still.
    package func stillImageTime(_ track: MovieTrack, file: RandomAccessFile) -> InspectionReport.StillImageTime? {
        guard let first = try? track.presentationSchedule(movieTimescale: movie.header.timescale, limit: 100_000).first else { return nil }
        let seconds = first.time.seconds(movieTimescale: movie.header.timescale, mediaTimescale: track.mediaHeader.timescale)
        var value: Int?
        if let location = try? track.tables.sampleLocation(first.sample), location.size <= 65536,
            let offset = Int64(exactly: location.offset),
            let bytes = try? file.read(at: offset, length: location.size),
            let items = try? TimedMetadataSampleEntry.items(inSample: bytes),
            let key = track.metadataKeys?.key(named: AppleTimedMetadata.stillImageTimeKey),
            let item = items.first(where: { $0.localID == key.localID }), let byte = item.value.first
        {
            value = Int(Int8(bitPattern: byte))
        }
        let hasEmptyEdit = track.editList?.entries.first?.isEmpty ?? false
        let refersToVideo = video.map { track.describedTrackIDs.contains($0.trackID) } ?? false
        return InspectionReport.StillImageTime(
            trackID: track.trackID, seconds: seconds, form: hasEmptyEdit ? .emptyEdit : .sampleTime, value: value,
            enabled: track.isEnabled, trackFlags: track.header.flags, referencesVideo: refersToVideo,
            mediaTimescale: track.mediaHeader.timescale)
    }
}

extension LivePhotoCapture {
    /// What a capture is told: take a Live Photo now, or at a time of the stream; stop.
    public enum ShutterEvent: Sendable, Equatable {
        /// A press now (the stream's present moment).
        case press
        /// A press at this many seconds from the stream's start.
        case pressAt(Double)
        /// A press every `seconds` from the stream's start (at `seconds`, twice that, …): `count` of them, or until the
        /// capture stops when nil.
        case every(seconds: Double, count: Int?)
        /// Stop now: Live Photos whose movie is not complete are finished with what was recorded.
        case stop
    }
}

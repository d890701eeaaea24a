import LivePhotoCore
package import PortableFoundation

/// A sidecar's times as instants, for the command line's dates (the core keeps whole seconds since 1970).
extension ImportSidecar.Media {
    /// A media sidecar that says when the file was taken, and nothing else.
    package init(captureTime: Date?) {
        self.init(captureSeconds: captureTime.flatMap(TakeoutStamp.seconds))
    }

    /// When it was taken.
    package var captureTime: Date? {
        get { captureSeconds.map { Date(timeIntervalSince1970: TimeInterval($0)) } }
        set { captureSeconds = newValue.flatMap(TakeoutStamp.seconds) }
    }
}

extension ImportSidecar.Album {
    /// `date.timestamp`.
    package var date: Date? { dateSeconds.map { Date(timeIntervalSince1970: TimeInterval($0)) } }
}

/// What pairing reads of a still or a movie: plain values, taken from the file by whoever walks the files (scan from
/// its index, import from the landed files), so that the decisions of ``LivePhotoPairing`` are one code for all and
/// are tested without a file.
package struct PairingHalf: Sendable, Equatable {
    /// Which half a file can be.
    package enum Side: Sendable, Equatable {
        case still, movie
    }

    package var side: Side
    /// The folder, as the caller names it: halves pair by name only within one folder.
    package var folder: String
    /// The file's name: its name key (``PairingKey``), and whether it is an edited copy of another.
    package var name: String
    /// The Apple content identifier (MakerNote 0x0011, `com.apple.quicktime.content.identifier`).
    package var identifier: String?
    /// A movie's still-image-time track: a Live Photo's movie, even without its identifier.
    package var hasStillImageTime: Bool
    /// vivo's pairing id, from the footer of a vivo pair's photo or movie: such a pair needs no Apple identifier.
    package var vivoPairingID: String?
    /// When it was captured, in seconds since 1970; nil when the caller does not know (a scan reads no time).
    package var captureSeconds: Int64?

    package init(
        side: Side, folder: String, name: String, identifier: String? = nil, hasStillImageTime: Bool = false,
        vivoPairingID: String? = nil, captureSeconds: Int64? = nil
    ) {
        self.side = side
        self.folder = folder
        self.name = name
        self.identifier = identifier
        self.hasStillImageTime = hasStillImageTime
        self.vivoPairingID = vivoPairingID
        self.captureSeconds = captureSeconds
    }

    /// The name key it pairs by.
    package var key: PairingKey { PairingKey(folder: folder, fileName: name) }
}

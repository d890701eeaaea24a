/// What an operation's flow asks of the shell that runs it: the work only a decoder, an encoder or a folder listing
/// can do. The flow decides everything else; the shell answers with a ``ShellAnswer`` and runs the flow again
/// (``ShellFlow``). The command line answers with ffmpeg, libheif and the file system; the browser draws a frame and
/// answers the rest ``ShellAnswer/unavailable(tool:error:)``, which the flow turns into its own words (or carries on
/// without, where it can).
package enum ShellRequest {
    /// The movie `video` made one the lossless path can take: its video remuxed into a QuickTime movie when it is H.264
    /// or HEVC, else encoded to `codec`. Answered by ``ShellAnswer/file(_:reencoded:)``, `reencoded` true when the
    /// video was encoded.
    case normalizeVideo(InputFile, codec: VideoCodec)
    /// `photo`, of a format the flow does not write, as a JPEG of `quality`.
    case convertPhoto(InputFile, quality: Int)
    /// The frame of `video` shown at `seekSeconds` (on its own timeline), as a JPEG of `quality`; it becomes the still
    /// at `coverTime` in the Live Photo.
    case frame(InputFile, seekSeconds: Double, coverTime: Double, quality: Int)
    /// The tagged JPEG `still` encoded as HEIC (its Exif, and so the identifier, kept).
    case encodeHEIC(TaggedStill, source: InputFile, quality: Int)
    /// `duration` seconds of `video` from `start`: its samples copied when `reencode` is nil, else encoded to it, the
    /// frames put on `steadyRate` (ticks `gridOffset` seconds from the first) when it is given.
    case cut(InputFile, start: Double, duration: Double, reencode: VideoCodec?, steadyRate: Double?, gridOffset: Double)
    /// The time of the frame within `within` seconds of `cover` in `video` (read as `source`) that looks most like
    /// `photo`; ``ShellAnswer/seconds(_:)`` with nil when none stands out.
    case matchCover(photo: InputFile, video: InputFile, source: RemuxSource, cover: Double, within: Double)
    /// The movie as an MP4: its video encoded to `codec` (copied when nil), its sound AAC, its frame times kept, its
    /// QuickTime keys (the content identifier) only with `keepingKeys`.
    case reencode(InputFile, codec: VideoCodec?, keepingKeys: Bool)
    /// The movie of vivo's two files lying beside `photo` whose footer carries `pairingID`: ``ShellAnswer/file(_:reencoded:)``,
    /// or ``ShellAnswer/nothing`` when the folder holds none.
    case vivoMovie(besidePhoto: InputFile, pairingID: String)
    /// The other half of the Live Photo whose still or movie `part` is, found beside it (its identifier first, then its
    /// name): ``ShellAnswer/companion(_:note:)``.
    case companion(of: InputFile)

    /// The program that does it natively.
    package var tool: String {
        switch self {
        case .encodeHEIC: "heif-enc"
        case .normalizeVideo, .convertPhoto, .frame, .cut, .matchCover, .reencode: "ffmpeg"
        case .vivoMovie, .companion: "a folder listing"
        }
    }

    /// The input the request works on: what an error about a file the shell made names.
    package var input: InputFile {
        switch self {
        case .normalizeVideo(let file, _), .convertPhoto(let file, _), .frame(let file, _, _, _), .cut(let file, _, _, _, _, _),
            .reencode(let file, _, _):
            file
        case .encodeHEIC(_, let source, _): source
        case .matchCover(_, let video, _, _, _): video
        case .vivoMovie(let photo, _): photo
        case .companion(let part): part
        }
    }

    /// How a file the shell made for this request is named in what users read: after the input it came from.
    package var madeFileName: String { "\(input.path)'s converted copy" }
}

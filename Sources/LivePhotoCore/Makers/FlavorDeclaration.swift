/// One flavour of `convert --to motion`, declared once: the family it is written for, the layout of its file, the
/// marks it adds, what its galleries take, and how the command line and the web page name it
/// (docs/layout.md#adding-a-maker).
///
/// The rows are in `MotionPhotoFlavor+Declarations.swift`, one per ``MotionPhotoFlavor`` case. The writers follow the
/// ``layout`` and ``marks``; the constraints only refuse a photo or choose a codec.
package struct FlavorDeclaration: Sendable {
    /// Whose galleries the output is for (several flavours may share one: vivo's two forms).
    package var family: PhotoFamily
    /// Where the MP4 goes and what comes before and after it.
    package var layout: MotionPhotoLayout
    /// What the flavour adds to a JPEG beside Google's XMP, in the order written.
    package var marks: [MakerMark] = []
    /// The still formats its galleries read: JPEG alone for OPPO's, vivo's and Xiaomi's.
    package var stills: [FileKind]
    /// The video codecs its galleries play: H.264 alone for HUAWEI's and Honor's, whose movies are re-encoded.
    package var videoCodecs: [VideoCodec]
    /// What the file carries, in a few words (`convert`'s text output).
    package var summary: String
    /// What `--flavor`'s help says of it beyond its name, when anything (the constraint to JPEG and the default are
    /// added from the declaration).
    package var help: String?
    /// The web page's choice for it (Sources/LivePhotoServer/Resources/index.html, checked against this).
    package var choice: String
}

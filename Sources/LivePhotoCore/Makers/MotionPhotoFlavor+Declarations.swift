import MediaFormats

// Every flavour of `convert --to motion`, declared once, in the order the command line's help and the web page list
// them: a table of values, one row a case. The writers follow each row's layout and marks; the command line's help
// is made from it, and the web page's choices and the scripts' labels are checked against it.

extension MotionPhotoFlavor {
    /// The flavour's row.
    package var declaration: FlavorDeclaration {
        switch self {
        case .samsung:
            FlavorDeclaration(
                family: .samsung, layout: .directory(trailer: .samsung), stills: [.jpeg, .heic], videoCodecs: [.h264, .hevc],
                summary: "Google's XMP and Samsung's trailer",
                help: "Google's XMP and Samsung's trailer: Google Photos, Samsung Gallery and other galleries find the video",
                choice: "Samsung Gallery and Google Photos")
        case .google:
            FlavorDeclaration(
                family: .google, layout: .directory(trailer: .none), stills: [.jpeg, .heic], videoCodecs: [.h264, .hevc],
                summary: "Google's XMP", help: "the XMP alone", choice: "Google Photos only (no Samsung trailer)")
        case .oppo:
            FlavorDeclaration(
                family: .oppo, layout: .directory(trailer: .none),
                marks: [.oppoFields, .oppoUserComment, .exifByteOrder(MakerMarks.oppoExifOrder)], stills: [.jpeg],
                videoCodecs: [.h264, .hevc], summary: "Google's XMP, OPPO's OpCamera fields and UserComment",
                choice: "OPPO and OnePlus (JPEG)")
        case .vivo:
            FlavorDeclaration(
                family: .vivo, layout: .directory(trailer: .none), marks: [.vivoFields, .vivoUserComment], stills: [.jpeg],
                videoCodecs: [.h264, .hevc], summary: "Google's XMP, vivo's VCamera fields and UserComment", choice: "vivo (JPEG)")
        case .vivoPair:
            FlavorDeclaration(
                family: .vivo, layout: .vivoPair, stills: [.jpeg], videoCodecs: [.h264, .hevc],
                summary: "vivo's two files joined by their footers' pairing id", choice: "Older vivo phones (a photo and an MP4)")
        case .xiaomi:
            FlavorDeclaration(
                family: .xiaomi, layout: .directory(trailer: .none), marks: [.microVideoFields, .xiaomiExifTag], stills: [.jpeg],
                videoCodecs: [.h264, .hevc], summary: "Google's XMP with MicroVideo fields, Exif 0x8897", choice: "Xiaomi (JPEG)")
        case .huawei:
            FlavorDeclaration(
                family: .huawei, layout: .movingPhotoTail(version: HuaweiMovingPhotoTail.huaweiVersion), stills: [.jpeg, .heic],
                videoCodecs: [.h264], summary: "HUAWEI's LIVE_ tail and covertime", choice: "HUAWEI (H.264 movies)")
        case .honor:
            FlavorDeclaration(
                family: .honor, layout: .movingPhotoTail(version: HuaweiMovingPhotoTail.honorVersion), stills: [.jpeg, .heic],
                videoCodecs: [.h264], summary: "Honor's LIVE_ tail and covertime", choice: "Honor (H.264 movies)")
        }
    }
}

import MediaFormats

// Every other name for "which kind of live photo" is a view of a ``PhotoFamily`` and the layout its files take (two
// files or one, a `.pvt` bundle, where a Motion Photo's video is found). The conversions between them live here.

extension PhotoFamily {
    /// The family whose marks a Motion Photo carries.
    package init(_ maker: MotionPhotoFile.Maker) {
        switch maker {
        case .google: self = .google
        case .microVideo: self = .microvideo
        case .samsung: self = .samsung
        case .oppo: self = .oppo
        case .vivo: self = .vivo
        case .xiaomi: self = .xiaomi
        case .huawei: self = .huawei
        case .honor: self = .honor
        }
    }
}

extension MotionConversionOptions.Flavor {
    /// The family whose galleries the output is written for: `samsung` for Google's XMP with Samsung's trailer, `vivo`
    /// for both of vivo's forms (one file, or `vivo-pair`'s two).
    public var family: PhotoFamily {
        switch self {
        case .samsung: .samsung
        case .google: .google
        case .oppo: .oppo
        case .vivo, .vivoPair: .vivo
        case .xiaomi: .xiaomi
        case .huawei: .huawei
        case .honor: .honor
        }
    }
}

extension InspectionReport.MotionPhotoReport.Flavor {
    /// How a single-file Motion Photo's video is found: a layout, which several families share (OPPO's, vivo's and
    /// Xiaomi's files take Google's).
    package init(_ motion: MotionPhotoFile, locations: MotionPhotoFile.VideoLocations) {
        if motion.videoLocator == .huaweiTail {
            self = .huaweiMovingPhoto
        } else if motion.videoLocator == .microVideoOffset {
            self = .microVideo
        } else if locations.samsung != nil {
            self = motion.xmp?.isMotionPhoto == true ? .googleAndSamsung : .samsung
        } else {
            self = .googleMotionPhoto
        }
    }

    /// The family a file of this layout belongs to when nothing else says (a scan index written before families were
    /// kept): the layout's first writer.
    package var usualFamily: PhotoFamily {
        switch self {
        case .googleMotionPhoto: .google
        case .microVideo: .microvideo
        case .samsung, .googleAndSamsung: .samsung
        case .huaweiMovingPhoto: .huawei
        case .vivoPair: .vivo
        }
    }
}

extension SplitResult.Kind {
    /// A Live Photo of two files as `split` names it: by its packaging, and vivo's pair by its family.
    package init(twoFilesOf family: PhotoFamily, packaging: Packaging) {
        switch packaging {
        case .pair: self = family == .vivo ? .vivoPair : .livePhoto
        case .bundle: self = .bundle
        case .zippedBundle: self = .zippedBundle
        }
    }

    /// A single-file Motion Photo as `split` names it: by where its video is found.
    package init(_ motion: MotionPhotoFile) {
        switch motion.videoLocator {
        case .microVideoOffset: self = .microVideo
        case .samsungTrailer where motion.container == .jpeg: self = .samsungMotionPhoto
        default: self = .motionPhoto
        }
    }
}

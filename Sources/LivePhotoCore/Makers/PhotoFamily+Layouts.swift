import MediaFormats

// The reports' other names for "which kind of live photo" (a Motion Photo's `flavor`, split's `kind`) say how the
// files were laid out as they were read: two files or one, a `.pvt` bundle, where a Motion Photo's video was found.
// They are views of that reading and of the ``PhotoFamily``, worked out here; what a family is, and what each flavour
// writes, is declared in `PhotoFamily+Declarations.swift` and `MotionPhotoFlavor+Declarations.swift`.

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
        case .samsungTrailer: self = motion.container == .jpeg ? .samsungMotionPhoto : .motionPhoto
        case .containerDirectory, .mpvdBox, .huaweiTail, nil: self = .motionPhoto
        }
    }
}

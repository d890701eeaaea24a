import MediaFormats

extension Engine {
    /// `convert --to motion PHOTO MOVIE` and `convert --to live MOTIONPHOTO` (or vivo's `PHOTO MOVIE`).
    static func convert(_ inputs: [RandomAccessFile], options: EngineOptions, dates: [Int64?]) throws(LivePhotoError) -> Outcome {
        var options = options
        guard let to = try options.string("to") else {
            throw .invalidArgument(
                "Missing expected argument '--to <to>': motion (Live Photo to Motion Photo) or live (Motion Photo to Live Photo)")
        }
        switch to {
        case "motion": return try toMotionPhoto(inputs, options: options, dates: dates)
        case "live": return try toLivePhoto(inputs, options: options)
        default: throw .invalidArgument("The value '\(to)' is invalid for '--to <to>': motion or live")
        }
    }

    /// `convert --to motion PHOTO MOVIE` (``MotionConversionFlow``): what needs an encoder is refused, LPCM sound stays
    /// with a note.
    static func toMotionPhoto(_ inputs: [RandomAccessFile], options: EngineOptions, dates: [Int64?]) throws(LivePhotoError) -> Outcome {
        var options = options
        var conversion = MotionConversionSettings()
        conversion.name = try options.string("name")
        conversion.force = try options.flag("force")
        conversion.flavor = try options.choice("flavor", MotionPhotoFlavor.self) ?? conversion.flavor
        conversion.videoCodec = try options.choice("videoCodec", VideoCodec.self)
        conversion.keepsIdentifier = !(try options.flag("stripIdentifier"))
        try options.checkAllRead()
        guard inputs.count == 2 else { throw .invalidArgument("--to motion takes PHOTO MOVIE (\(inputs.count) files were given)") }
        let opened = try open(inputs)
        let flow = MotionConversionFlow(
            photo: opened[0], movie: opened[1], options: conversion, photoMilliseconds: dates.first.flatMap { $0 } ?? 0, folder: "")
        switch try answer(flow, frame: nil, inputs: inputs) {
        case .asks(let outcome): return outcome
        case .done(let plan):
            return .done(
                report: plan.result.json, files: plan.files.map { Output(name: $0.path, type: mediaType($0.kind), content: $0.content) })
        }
    }

    /// `convert --to live MOTIONPHOTO` (or vivo's `PHOTO MOVIE`), through ``LiveConversionFlow``.
    static func toLivePhoto(_ inputs: [RandomAccessFile], options: EngineOptions) throws(LivePhotoError) -> Outcome {
        var options = options
        let settings = try readMakeSettings(&options)
        try refusePackaging(&options)
        try options.checkAllRead()
        guard (1...2).contains(inputs.count) else { throw .invalidArgument("--to live takes MOTIONPHOTO, or vivo's PHOTO MOVIE") }
        switch try answer(LiveConversionFlow(inputs: try open(inputs), settings: settings), frame: nil, inputs: inputs) {
        case .asks(let outcome): return outcome
        case .done(let made): return .done(report: made.namedResult.json, files: made.files)
        }
    }
}

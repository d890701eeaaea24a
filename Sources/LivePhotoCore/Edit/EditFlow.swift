/// `edit`, as every shell runs it: the range and the key photo checked (``EditPlan``), then the Live Photo made again
/// through ``MakeFlow`` with the movie's edit, the still kept or a new key photo asked of the shell (a frame that
/// keeps the old still's metadata).
package struct EditFlow: ShellFlow {
    /// The edited Live Photo planned, and how its report is worded once the shell names the files it wrote.
    package struct Edited {
        package var made: MakeFlow.Made
        let plan: EditPlan
        let newIdentifier: Bool
        let keyPhotoChanged: Bool
        let gainMapDropped: Bool

        /// What `edit` says it did, `written` the make's report with the files the shell wrote.
        package func result(_ written: MakeResult) -> EditResult {
            plan.result(made: written, newIdentifier: newIdentifier, keyPhotoChanged: keyPhotoChanged, gainMapDropped: gainMapDropped)
        }
    }

    package let still: InputFile
    package let movie: InputFile
    package let settings: EditSettings
    /// The new identifier, drawn once, when one is asked for.
    let newIdentifier: ContentIdentifier?
    package var answers: [ShellAnswer] = []

    package init(still: InputFile, movie: InputFile, settings: EditSettings) {
        (self.still, self.movie, self.settings) = (still, movie, settings)
        newIdentifier = settings.newIdentifier ? ContentIdentifier() : nil
    }

    package func step() throws(LivePhotoError) -> FlowStep<Edited> {
        let plan = try EditPlan.check(
            still: still, movie: movie, keyPhotoTime: settings.keyPhotoTime, trimStart: settings.trimStart, trimEnd: settings.trimEnd,
            mute: settings.mute)
        let newKeyPhoto = settings.keyPhotoTime != nil
        var make = MakeSettings()
        make.name = settings.name ?? PathName.stem(still.path)
        make.coverTime = plan.cover
        make.identifier = newIdentifier ?? plan.identifier
        make.packaging = settings.packaging
        make.force = settings.force
        make.quality = settings.quality
        make.photoFormat = PhotoFormat.written(from: still.kind, asked: nil)
        make.movieEdit = plan.edit
        if newKeyPhoto { make.keyPhotoMetadata = still }
        var flow = MakeFlow(photo: newKeyPhoto ? nil : still, video: movie, settings: make)
        flow.answers = answers
        switch try flow.step() {
        case .needs(let request): return .needs(request)
        case .done(let made):
            return .done(
                Edited(
                    made: made, plan: plan, newIdentifier: settings.newIdentifier, keyPhotoChanged: newKeyPhoto,
                    gainMapDropped: newKeyPhoto && still.hasGainMap))
        }
    }
}

/// A cover time that comes from an input file rather than from the user.
struct SuggestedCover: Sendable {
    var seconds: Double
    /// What it is, for notes: "the Motion Photo's presentation timestamp".
    var label: String
}

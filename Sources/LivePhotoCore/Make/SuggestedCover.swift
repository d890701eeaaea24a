/// A cover time that comes from an input file rather than from the user.
package struct SuggestedCover: Sendable {
    package var seconds: Double
    /// What it is, for notes: "the Motion Photo's presentation timestamp".
    package var label: String

    package init(seconds: Double, label: String) {
        self.seconds = seconds
        self.label = label
    }
}

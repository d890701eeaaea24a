import Foundation
import Testing

/// The real camera files the tests read in place (`../shared/samples`, beside the clone; CONTRIBUTING.md). A clone
/// without them runs every other test: the ones that need them are skipped, each with one line that says where the
/// samples are expected.
public enum Samples {
    /// The folder the samples are expected in.
    public static let folder = URL(fileURLWithPath: ProjectPaths.root).deletingLastPathComponent()
        .appendingPathComponent("shared/samples").standardizedFileURL.path

    /// Whether the samples are there (their provenance file is the marker).
    public static let present = FileManager.default.fileExists(atPath: folder + "/PROVENANCE.md")
}

extension Trait where Self == ConditionTrait {
    /// Skips a test or a suite, with a line that says where, when the real samples are not beside the clone.
    public static var needsSamples: Self {
        .enabled(if: Samples.present, "needs the real samples, expected in \(Samples.folder)")
    }
}

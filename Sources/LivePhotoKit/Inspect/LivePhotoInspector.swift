import LivePhotoMedia
import MediaFormats
internal import PortableFoundation

/// Reads stills, movies, Motion Photos and bundles and says what they are.
public enum LivePhotoInspector {
    /// Inspects each file; given exactly one still and one movie (or one bundle holding them), also says whether
    /// they pair. A `.pvt` folder or `.pvt.zip` is reported, then each of its members (as `BUNDLE/NAME`); a zip is
    /// read with the same safety checks as `split`, into a temporary folder removed afterwards. A folder that is not
    /// a bundle stands for the files directly in it.
    ///
    /// Never throws: a file that cannot be read gets an `InspectionReport.FileReport.error`.
    public static func inspect(_ paths: [String]) async -> InspectionReport {
        var entries: [Inspection.Entry] = []
        for path in paths.flatMap(expanded) {
            let isFolder = isFolder(path)
            if isFolder && !isBundle(path) {
                entries.append(.emptyFolder(path: path))
                continue
            }
            var report =
                isFolder
                ? InspectionReport.FileReport(path: path, format: .unknown, role: .bundle, sizeBytes: 0) : FileAnalysis(path: path).report
            guard isFolder || (report.format == .zip && report.error == nil) else {
                entries.append(.file(report))
                continue
            }
            // A bundle: its members read, named BUNDLE/NAME.
            let work = FileManager.default.temporaryDirectory.appendingPathComponent("livephoto-inspect-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: work) }
            do throws(LivePhotoError) {
                let (still, movie): (String, String)
                if isFolder {
                    (still, movie) = try BundleReader.members(ofFolder: path)
                } else {
                    try OutputLocation.prepareFolder(work)
                    (still, movie) = try BundleReader.extract(zip: path, into: work)
                }
                let found = [still, movie].map { member -> InspectionReport.FileReport in
                    var r = FileAnalysis(path: member).report
                    let shown = "\(path)/\(URL(fileURLWithPath: member).lastPathComponent)"
                    // Messages name the member as inside the bundle, never where it was extracted.
                    r.path = shown
                    r.error = r.error?.replacing(every: member, with: shown)
                    r.problems = r.problems.map { $0.replacing(every: member, with: shown) }
                    return r
                }
                entries.append(.bundle(report, members: found))
            } catch {
                report.error = error.renamingFiles(in: work) { name in name.isEmpty ? path : "\(path)/\(name)" }.description
                entries.append(.file(report))
            }
        }
        return Inspection.report(entries)
    }

    /// `path`, or the files directly in it (sorted by name, hidden ones left out) when it is a folder but not a
    /// bundle (``isBundle(_:)``). A folder without files stays, reported as such.
    static func expanded(_ path: String) -> [String] {
        guard isFolder(path), !isBundle(path), let names = try? FileManager.default.contentsOfDirectory(atPath: path)
        else { return [path] }
        let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
        let files = names.filter { !$0.hasPrefix(".") }.sorted().map { "\(folder)/\($0)" }.filter { !isFolder($0) }
        return files.isEmpty ? [path] : files
    }

    /// A `.pvt` folder, or one holding `metadata.plist`.
    static func isBundle(_ folder: String) -> Bool {
        let name = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        return name.lowercased().hasSuffix(".pvt") || FileManager.default.fileExists(atPath: "\(name)/\(PhotoBundle.metadataFileName)")
    }

    static func isFolder(_ path: String) -> Bool {
        FileManager.default.isFolder(atPath: path)
    }
}

/// `inspect`, as every shell reports it: each thing given (a file, a `.pvt` bundle with its members, a folder with
/// nothing to read) and, for one still and one movie (the files given, or one bundle's members), whether they pair.
/// The shell reads the files and opens the bundles; what the report says is decided here.
package enum Inspection {
    /// One thing the user gave, read.
    package enum Entry {
        case file(InspectionReport.FileReport)
        /// A `.pvt` folder or zip, and its members as read (named `BUNDLE/NAME`); an `error` in the bundle's report
        /// when it could not be opened.
        case bundle(InspectionReport.FileReport, members: [InspectionReport.FileReport])
        /// A folder with no file in it.
        case emptyFolder(path: String)
    }

    /// The report of `entries`, in order: a bundle, then its members.
    package static func report(_ entries: [Entry]) -> InspectionReport {
        var reports: [InspectionReport.FileReport] = []
        var members: [InspectionReport.FileReport] = []
        var top: [InspectionReport.FileReport] = []
        for entry in entries {
            switch entry {
            case .file(let report):
                reports.append(report)
                top.append(report)
            case .bundle(var bundle, let found):
                bundle.members = found.map { $0.path }
                members += found
                reports.append(bundle)
                reports += found
                top.append(bundle)
            case .emptyFolder(let path):
                var report = InspectionReport.FileReport(path: path, format: .unknown, role: .unknown, sizeBytes: 0)
                report.error = "a folder with no files in it (scan reads folders and their subfolders)"
                reports.append(report)
                top.append(report)
            }
        }
        return InspectionReport(files: reports, pair: InspectionReport.pair(of: top.count == 1 && top[0].role == .bundle ? members : top))
    }
}

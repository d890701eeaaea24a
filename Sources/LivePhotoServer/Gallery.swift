import Foundation
import LivePhotoKit

/// A Live Photo or Motion Photo found in the served folder.
struct GalleryItem: Sendable, Encodable {
    var id: Int
    var name: String
    /// "live-photo" or "motion-photo".
    var kind: String
    var coverTimeSeconds: Double?
    /// Internal paths; never sent.
    var photo: String
    var movie: String?

    enum CodingKeys: String, CodingKey { case id, name, kind, coverTimeSeconds }
}

/// The Live Photos (a still and a movie with the same name and identifier) and Motion Photos in a folder and its
/// subfolders. Items are addressed by number only, so no path from a request ever reaches the file system.
actor Gallery {
    let root: String
    static let maxFiles = 20_000
    static let maxDepth = 4
    private(set) var items: [GalleryItem] = []

    init(root: String) { self.root = root }

    /// Looks through the folder again (on ``BlockingWork``'s threads: it reads every candidate's headers).
    @discardableResult
    func scan() async -> [GalleryItem] {
        let root = self.root
        items = await BlockingWork.perform { Self.find(in: root) }
        return items
    }

    /// The Live Photos and Motion Photos under `root`, numbered in the order of their names.
    nonisolated static func find(in root: String) -> [GalleryItem] {
        let rootURL = URL(fileURLWithPath: root).standardizedFileURL
        var groups: [String: (stills: [String], movies: [String])] = [:]
        let stillExtensions: Set<String> = ["jpg", "jpeg", "heic", "heif"], movieExtensions: Set<String> = ["mov", "mp4"]
        var count = 0
        if let walker = FileManager.default.enumerator(
            at: rootURL, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles, .skipsPackageDescendants])
        {
            for case let url as URL in walker {
                count += 1
                if count > maxFiles { break }
                if walker.level > maxDepth { walker.skipDescendants() }
                guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
                let ext = url.pathExtension.lowercased()
                let key = url.deletingPathExtension().path.lowercased()
                if stillExtensions.contains(ext) { groups[key, default: ([], [])].stills.append(url.path) }
                if movieExtensions.contains(ext) { groups[key, default: ([], [])].movies.append(url.path) }
            }
        }
        var found: [GalleryItem] = []
        for key in groups.keys.sorted() {
            guard let group = groups[key] else { continue }
            for still in group.stills {
                let name = URL(fileURLWithPath: still).path.replacingOccurrences(of: rootURL.path + "/", with: "")
                guard let detected = LivePhotoDetection.detect(still: still, movie: group.movies.first) else { continue }
                found.append(
                    GalleryItem(
                        id: found.count, name: name, kind: detected.kind.rawValue, coverTimeSeconds: detected.coverTimeSeconds,
                        photo: still, movie: detected.kind == .livePhoto ? group.movies.first : nil))
            }
        }
        return found
    }

    func item(_ id: Int) -> GalleryItem? { items.indices.contains(id) ? items[id] : nil }
}

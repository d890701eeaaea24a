import LivePhotoKit

/// Text the server sends: it never shows where the server keeps its files.
enum ServerText {
    /// `text` with every path under `folder` replaced by its last component (`/tmp/livephoto-serve-0/42/uploads/ab/
    /// IMG.MOV` becomes `IMG.MOV`), and the folder itself by `name` ("the server's work folder").
    static func hidingPaths(in text: String, under folder: String, calling name: String = "the server's work folder") -> String {
        PathText.replacingPaths(in: text, under: folder) { rest in
            rest.isEmpty ? name : rest.split(separator: "/").last.map(String.init) ?? "a file"
        }
    }
}

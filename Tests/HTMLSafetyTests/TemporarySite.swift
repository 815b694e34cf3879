import Foundation

/// A site folder in the temporary directory, removed when the test is done with it.
final class TemporarySite {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("pokedex-check-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// Writes `contents` at `path` (relative, `/`-separated), creating folders on the way.
    func write(_ path: String, _ contents: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
    }

    /// A small valid HTML5 page whose body is `body`, starting on line 3.
    static func page(_ body: String, title: String = "Page") -> String {
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>\(title)</title></head><body>\n\(body)\n</body></html>\n"
    }
}

import Foundation

/// Where things live in a cache folder, which is in PokeAPI's api-data layout.
///
/// - `api/v2/<resource>/<id>/index.json` and `api/v2/<resource>/index.json` (lists),
/// - `sprites/...` under the sprite's upstream path,
/// - `.pokedex/metadata.json` and `.pokedex/metadata.log`: a record per entry (ETag,
///   Last-Modified, URL, date, status), see ``MetadataJournal``,
/// - `.pokedex/lists/` the upstream lists, `.pokedex/lock` the lock a fetch holds while it
///   writes, `.pokedex/running` present while a fetch runs (and after one was killed).
///
/// Metadata sits apart so the data folders stay a plain api-data mirror.
package struct CacheLayout: Sendable, Hashable {
    package let root: URL
    private let rootPath: String

    package init(root: URL) {
        self.root = root.standardizedFileURL
        self.rootPath = self.root.path
    }

    /// The JSON file of a resource (or of a list endpoint).
    package func file(for path: APIResourcePath) -> URL {
        var url = root.appendingPathComponent("api/v2/\(path.resource)", isDirectory: true)
        if let identifier = path.identifier { url.appendPathComponent(identifier, isDirectory: true) }
        return url.appendingPathComponent("index.json")
    }

    /// The image file of a sprite.
    package func file(for sprite: SpritePath) -> URL {
        root.appendingPathComponent(sprite.relativePath)
    }

    /// The file of a resource as a path string (no URL to build: a fetch asks for thousands).
    func path(for path: APIResourcePath) -> String {
        rootPath + "/" + relativePath(for: path)
    }

    /// The file of a sprite as a path string.
    func path(for sprite: SpritePath) -> String {
        rootPath + "/" + sprite.relativePath
    }

    /// The path of a resource's file relative to the root: the key of its metadata.
    func relativePath(for path: APIResourcePath) -> String {
        path.filePath
    }

    /// The file a running fetch locks.
    var lockFile: URL { root.appendingPathComponent(".pokedex/lock") }

    /// Present while a fetch writes; found at the start of the next one, it means the last was killed.
    var runningMarker: URL { root.appendingPathComponent(".pokedex/running") }
}

import Foundation

/// Where things live in a cache folder, which is in PokeAPI's api-data layout.
///
/// - `api/v2/<resource>/<id>/index.json` and `api/v2/<resource>/index.json` (lists),
/// - `sprites/...` under the sprite's upstream path,
/// - `.pokedex/meta/...` one metadata record per entry (ETag, Last-Modified, URL, date),
/// - `.pokedex/lock` the lock a fetch holds while it writes.
///
/// Metadata sits apart so the data folders stay a plain api-data mirror.
public struct CacheLayout: Sendable, Hashable {
    public let root: URL

    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    /// The JSON file of a resource (or of a list endpoint).
    public func file(for path: APIResourcePath) -> URL {
        var url = root.appendingPathComponent("api/v2/\(path.resource)", isDirectory: true)
        if let identifier = path.identifier { url.appendPathComponent(identifier, isDirectory: true) }
        return url.appendingPathComponent("index.json")
    }

    /// The image file of a sprite.
    public func file(for sprite: SpritePath) -> URL {
        root.appendingPathComponent(sprite.relativePath)
    }

    /// The metadata record of a resource.
    func metadata(for path: APIResourcePath) -> URL {
        metaRoot.appendingPathComponent("api/v2/\(path.resource)/\(path.identifier ?? "_list").json")
    }

    /// The metadata record of a sprite.
    func metadata(for sprite: SpritePath) -> URL {
        metaRoot.appendingPathComponent(sprite.relativePath + ".json")
    }

    /// The file a running fetch locks.
    var lockFile: URL { root.appendingPathComponent(".pokedex/lock") }

    /// Where temporary files go before they are renamed into place.
    var temporaryFolder: URL { root.appendingPathComponent(".pokedex/tmp", isDirectory: true) }

    private var metaRoot: URL { root.appendingPathComponent(".pokedex/meta", isDirectory: true) }
}

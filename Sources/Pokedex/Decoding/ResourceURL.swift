import PokeAPI

/// Ids and sprite paths from PokeAPI links, whether relative (api-data dumps) or absolute (the live API).
enum ResourceURL {
    /// The numeric id that ends a resource link ("/api/v2/type/3/" -> 3).
    static func id(in url: String) -> Int? {
        APIResourcePath(link: url)?.id
    }

    /// The sprite's path under the sprites root ("sprites/pokemon/25.png"), or nil.
    ///
    /// Upstream URLs go through the PokeAPI module's `SpritePath`; a root-relative
    /// "/sprites/..." link (a local dump) is taken as a path. Anything else has no file.
    static func spritePath(_ url: String?) -> String? {
        guard let url, !url.isEmpty else { return nil }
        if let path = SpritePath(url: url) { return path.relativePath }
        guard !url.contains("://") else { return nil }
        return SpritePath(relativePath: String(url.drop { $0 == "/" }))?.relativePath
    }
}

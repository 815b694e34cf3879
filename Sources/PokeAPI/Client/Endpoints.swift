import Foundation

/// Where resources and sprites are fetched from, and which hosts redirects may reach.
///
/// Every link, relative or absolute, is reduced to an ``APIResourcePath`` and rebuilt
/// on `apiBase`, so dumps, the live API and self-hosted copies all work.
struct Endpoints: Sendable, Hashable {
    /// Ends with `/`: `https://pokeapi.co/api/v2/`, `http://127.0.0.1:8765/api/v2/`, `file:///.../api/v2/`.
    let apiBase: String
    /// Replaces ``SpritePath/upstreamPrefix``; ends with `/`.
    let spritesBase: String
    /// Replaces ``SpritePath/criesPrefix``; ends with `/`.
    let criesBase: String

    init(apiBase: String, spritesBase: String, criesBase: String? = nil) {
        self.apiBase = apiBase.hasSuffix("/") ? apiBase : apiBase + "/"
        self.spritesBase = spritesBase.hasSuffix("/") ? spritesBase : spritesBase + "/"
        // One media root serves both, as the mirror lays them out, unless told otherwise.
        let cries = criesBase ?? (spritesBase == SpritePath.upstreamPrefix ? SpritePath.criesPrefix : spritesBase)
        self.criesBase = cries.hasSuffix("/") ? cries : cries + "/"
    }

    func url(for path: APIResourcePath) -> String { apiBase + path.relativePath }

    /// A whole list endpoint in one page where the server allows it.
    func listURL(for resource: String) -> String { apiBase + resource + "/?limit=100000&offset=0" }

    /// A list's `next` link rebuilt on the base, query kept.
    func url(forNext link: String) -> String? {
        guard let marker = link.range(of: "api/v2/", options: .backwards) else { return nil }
        return apiBase + link[marker.upperBound...]
    }

    func url(for sprite: SpritePath) -> String { (sprite.isCry ? criesBase : spritesBase) + sprite.relativePath }

    /// Whether a redirect may go to `url`: only the API's and the sprites' hosts.
    func allowsRedirect(to url: String) -> Bool {
        guard let target = Self.origin(of: url) else { return false }
        let allowed = [apiBase, spritesBase, criesBase, SpritePath.upstreamPrefix, SpritePath.criesPrefix].compactMap(Self.origin)
        return allowed.contains(target)
    }

    private static func origin(of url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
              let host = components.host?.lowercased(), !host.isEmpty else { return nil }
        let port = components.port ?? (scheme == "https" ? 443 : 80)
        return "\(host):\(port)"
    }
}

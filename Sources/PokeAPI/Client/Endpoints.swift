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
    /// The bases whose server is this machine (``URLAuthority/isLoopback``) and the others,
    /// decided once: ``wantsCompression(_:)`` asks it of every request.
    private let loopbackBases: [String], remoteBases: [String]
    /// The origins a redirect may lead to: the bases' and upstream's.
    private let allowedOrigins: [String]

    init(apiBase: String, spritesBase: String, criesBase: String? = nil) {
        self.apiBase = apiBase.hasSuffix("/") ? apiBase : apiBase + "/"
        self.spritesBase = spritesBase.hasSuffix("/") ? spritesBase : spritesBase + "/"
        // One media root serves both, as the mirror lays them out, unless told otherwise.
        let cries = criesBase ?? (spritesBase == SpritePath.upstreamPrefix ? SpritePath.criesPrefix : spritesBase)
        self.criesBase = cries.hasSuffix("/") ? cries : cries + "/"
        let bases = [self.apiBase, self.spritesBase, self.criesBase]
        let loopback = bases.filter { URLAuthority($0)?.isLoopback == true }
        loopbackBases = loopback
        remoteBases = bases.filter { !loopback.contains($0) }
        allowedOrigins = (bases + [SpritePath.upstreamPrefix, SpritePath.criesPrefix]).compactMap { URLAuthority($0)?.origin }
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
        guard let target = URLAuthority(url)?.origin else { return false }
        return allowedOrigins.contains(target)
    }

    /// Whether to ask `url`'s server for a compressed body: yes, except on loopback
    /// (`127.0.0.0/8`, `::1`, `localhost`). There no bandwidth is saved, and the server's
    /// compressing and the fetch's inflating share the same machine's cores: against the
    /// shared mirror on this machine they were a fifth of a cold fetch's wall time. A body
    /// sent compressed anyway is inflated as always. A URL on one of the bases takes the
    /// base's answer; another (a redirect's target) is read on its own.
    func wantsCompression(_ url: String) -> Bool {
        let bytes = url.utf8
        if loopbackBases.contains(where: { bytes.starts(with: $0.utf8) }) { return false }
        if remoteBases.contains(where: { bytes.starts(with: $0.utf8) }) { return true }
        return URLAuthority(url)?.isLoopback != true
    }
}

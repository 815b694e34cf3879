import Foundation

/// Everything a fetch needs to know; the CLI fills it from its options.
package struct FetchConfiguration: Sendable {
    /// PokeAPI's own base.
    package static let defaultAPI = "https://pokeapi.co/api/v2/"
    /// The User-Agent version; the CLI passes its own.
    package static let defaultVersion = "0.1.0"

    /// An http(s) URL ending in `/api/v2/`, or a folder in api-data layout.
    package var api: String
    package var cache: URL
    /// Replaces `https://raw.githubusercontent.com/PokeAPI/sprites/master/` in sprite URLs.
    package var spritesURL: String?
    /// Replaces `https://raw.githubusercontent.com/PokeAPI/cries/main/`; the sprites URL when nil.
    package var criesURL: String?
    /// Which large images to fetch besides the sprites: official artwork, HOME renders, or none.
    package var images: ImageSet = .sprites
    package var selection: FetchSelection
    /// Revalidate every cached entry with conditional requests.
    package var refresh: Bool
    /// Never touch the network; a miss is an error listing what is missing.
    package var offline: Bool
    /// Requests in flight at once.
    package var concurrency: Int
    /// Per-request timeout, retries included separately.
    package var timeout: Duration
    /// Larger responses are refused.
    package var maxResponseBytes: Int
    package var retry: RetryPolicy
    /// Sent with every request; PokeAPI asks clients to identify themselves.
    package var userAgent: String
    /// Read `cache` in place as a finished data folder (an `--api PATH` the build only
    /// reads): nothing is fetched or written into it, absent sprites and places are
    /// missing, an absent resource is an error; the source index goes to `indexFolder`.
    package var inPlace = false
    /// Where the source index is kept (`<folder>/.pokedex/`); the cache when nil.
    package var indexFolder: URL?
    /// Read and check every file the selection reaches, as if no index said they were
    /// unchanged (a file changed by another tool keeping its size, mtime and inode).
    package var verify = false

    package init(
        cache: URL,
        api: String = FetchConfiguration.defaultAPI,
        spritesURL: String? = nil,
        selection: FetchSelection = .all,
        refresh: Bool = false,
        offline: Bool = false,
        concurrency: Int = 8,
        timeout: Duration = .seconds(30),
        maxResponseBytes: Int = 16 * 1_048_576,
        retry: RetryPolicy = RetryPolicy(),
        version: String = FetchConfiguration.defaultVersion
    ) {
        self.cache = cache
        self.api = api
        self.spritesURL = spritesURL
        self.selection = selection
        self.refresh = refresh
        self.offline = offline
        self.concurrency = max(1, concurrency)
        self.timeout = timeout
        self.maxResponseBytes = maxResponseBytes
        self.retry = retry
        self.userAgent = "pokedex/\(version) (static Pokédex site generator)"
    }
}

extension FetchConfiguration {
    /// What a source index covers: the selection, and the large images when fetched.
    var indexKey: String {
        images == .sprites ? selection.key : selection.key + "|images:" + images.rawValue
    }

    /// The endpoints `api` and `spritesURL` describe; a folder becomes `file://` URLs.
    func endpoints() throws(PokeAPIFailure) -> Endpoints {
        let sprites = try spritesURL.map(Self.base(forSprites:))
        let cries = try criesURL.map(Self.base(forSprites:))
        let lowered = api.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || lowered.hasPrefix("file://") {
            return Endpoints(apiBase: api, spritesBase: sprites ?? SpritePath.upstreamPrefix, criesBase: cries)
        }
        var folder = URL(fileURLWithPath: api, isDirectory: true).standardizedFileURL
        if folder.path.hasSuffix("/api/v2") { folder = folder.deletingLastPathComponent().deletingLastPathComponent() }
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("api/v2").path) else { throw .badBase(api) }
        let localSprites = FileManager.default.fileExists(atPath: folder.appendingPathComponent("sprites").path)
        return Endpoints(
            apiBase: folder.appendingPathComponent("api/v2/", isDirectory: true).absoluteString,
            spritesBase: sprites ?? (localSprites ? folder.absoluteString : SpritePath.upstreamPrefix),
            criesBase: cries ?? (localSprites ? folder.absoluteString : nil)
        )
    }

    private static func base(forSprites text: String) throws(PokeAPIFailure) -> String {
        let lowered = text.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || lowered.hasPrefix("file://") { return text }
        return URL(fileURLWithPath: text, isDirectory: true).standardizedFileURL.absoluteString
    }
}

/// The large images a site shows besides sprites, chosen by `images` in `pokedex.toml`.
package enum ImageSet: String, Sendable, CaseIterable {
    /// The sprites only (the default): nothing more is fetched.
    case sprites
    /// PokeAPI's official artwork for heroes and cards.
    case artwork
    /// PokeAPI's HOME renders for heroes and cards.
    case home
}

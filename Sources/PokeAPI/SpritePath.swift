import Common

/// Where a sprite lives below the sprites repository's root: `sprites/pokemon/25.png`.
///
/// Sprite URLs point at `https://raw.githubusercontent.com/PokeAPI/sprites/master/...`;
/// the cache keeps each image under that upstream path whichever host served it.
package struct SpritePath: Hashable, Sendable, Comparable {
    /// The upstream prefix every sprite URL starts with.
    package static let upstreamPrefix = "https://raw.githubusercontent.com/PokeAPI/sprites/master/"

    /// The path below the prefix, without a leading slash.
    package let relativePath: String

    /// The path of an upstream sprite URL, or nil when it is not one (or unsafe).
    package init?(url: String) {
        guard url.hasPrefix(Self.upstreamPrefix) else { return nil }
        self.init(relativePath: String(url.dropFirst(Self.upstreamPrefix.count)))
    }

    /// A path below the sprites root, or nil when it is not an image under `sprites/`.
    ///
    /// Only image files under `sprites/` are sprites: a link naming `search-index.js`,
    /// `evil.html` or `sprites/x.svg` (an SVG can carry script) would otherwise plant a
    /// file of the data's choosing in the cache and in the published site.
    package init?(relativePath: String) {
        let parts = relativePath.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts.first == "sprites", parts.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") }),
              !relativePath.contains("?"), !relativePath.contains("#"), !relativePath.contains("\\"),
              relativePath.utf8.count <= 300, MediaFile.kind(ofName: relativePath) == .image
        else { return nil }
        self.relativePath = relativePath
    }

    /// The upstream URL this path came from.
    package var upstreamURL: String { Self.upstreamPrefix + relativePath }

    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.relativePath < rhs.relativePath }
}

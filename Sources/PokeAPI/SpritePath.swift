import Common

/// Where a sprite or a cry lives below the media root: `sprites/pokemon/25.png`,
/// `cries/pokemon/latest/25.ogg`.
///
/// Sprite URLs point at `https://raw.githubusercontent.com/PokeAPI/sprites/master/...`,
/// cries at `.../PokeAPI/cries/main/...`; the cache keeps each file under that upstream
/// path whichever host served it, as the shared mirror lays them out.
package struct SpritePath: Hashable, Sendable, Comparable {
    /// The upstream prefix every sprite URL starts with.
    package static let upstreamPrefix = "https://raw.githubusercontent.com/PokeAPI/sprites/master/"
    /// The upstream prefix of cries (`cries/pokemon/latest/25.ogg` below it), kept in the
    /// cache and the site the same way.
    package static let criesPrefix = "https://raw.githubusercontent.com/PokeAPI/cries/main/"

    /// The path below the prefix, without a leading slash.
    package let relativePath: String

    /// The path of an upstream sprite URL, or nil when it is not one (or unsafe).
    package init?(url: String) {
        if url.hasPrefix(Self.upstreamPrefix) {
            self.init(relativePath: String(url.dropFirst(Self.upstreamPrefix.count)))
        } else if url.hasPrefix(Self.criesPrefix) {
            self.init(relativePath: String(url.dropFirst(Self.criesPrefix.count)))
        } else {
            return nil
        }
    }

    /// A path below the sprites root, or nil when it is not an image under `sprites/`.
    ///
    /// Only image files under `sprites/` are sprites: a link naming `search-index.js`,
    /// `evil.html` or `sprites/x.svg` (an SVG can carry script) would otherwise plant a
    /// file of the data's choosing in the cache and in the published site.
    package init?(relativePath: String) {
        let parts = relativePath.split(separator: "/", omittingEmptySubsequences: false)
        let kind = MediaFile.kind(ofName: relativePath)
        guard parts.count >= 2, parts.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") }),
              (parts.first == "sprites" && kind == .image) || (parts.first == "cries" && kind == .audio),
              !relativePath.utf8.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "\\") }),
              relativePath.utf8.count <= 300
        else { return nil }
        self.relativePath = relativePath
    }

    /// Whether it is a sound (a cry) rather than an image.
    package var isCry: Bool { relativePath.hasPrefix("cries/") }

    /// What its bytes must be.
    package var kind: MediaFile.Kind { isCry ? .audio : .image }

    /// The upstream URL this path came from.
    package var upstreamURL: String { (isCry ? Self.criesPrefix : Self.upstreamPrefix) + relativePath }

    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.relativePath < rhs.relativePath }
}

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
        let utf8 = url.utf8
        guard let prefix = [Self.upstreamPrefix, Self.criesPrefix].first(where: { utf8.starts(with: $0.utf8) }) else { return nil }
        self.init(relativePath: String(url[utf8.index(utf8.startIndex, offsetBy: prefix.utf8.count)...]))
    }

    /// A path below the sprites root, or nil when it is not an image under `sprites/`.
    ///
    /// Only image files under `sprites/` are sprites: a link naming `search-index.js`,
    /// `evil.html` or `sprites/x.svg` (an SVG can carry script) would otherwise plant a
    /// file of the data's choosing in the cache and in the published site. Read in one pass
    /// over the bytes (a fetch meets thousands of sprite links).
    package init?(relativePath: String) {
        let bytes = relativePath.utf8
        guard bytes.count <= 300 else { return nil }
        // At least two parts, none empty or starting with a dot; no query, fragment or backslash.
        var parts = 1, atPartStart = true
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "/"):
                guard !atPartStart else { return nil }
                parts += 1
                atPartStart = true
            case UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "\\"):
                return nil
            case UInt8(ascii: "."):
                guard !atPartStart else { return nil }
                atPartStart = false
            default:
                atPartStart = false
            }
        }
        guard !atPartStart, parts >= 2 else { return nil }
        let kind = MediaFile.kind(ofName: relativePath)
        guard (bytes.starts(with: "sprites/".utf8) && kind == .image) || (bytes.starts(with: "cries/".utf8) && kind == .audio) else { return nil }
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

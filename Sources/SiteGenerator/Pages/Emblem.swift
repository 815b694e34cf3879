import Foundation

/// An original picture for a Pokémon the site has no image of: its name's initials on its
/// types' colours. Drawn from the data, never copied art; written as a small SVG file.
enum Emblem {
    /// Colours of the games' types, for the emblem's fill; any other type gets one from its name's hash.
    static let typeColors: [String: String] = [
        "normal": "#9fa19f", "fire": "#e62829", "water": "#2980ef", "electric": "#fac000", "grass": "#3fa129",
        "ice": "#3dcef3", "fighting": "#ff8000", "poison": "#9141cb", "ground": "#915121", "flying": "#81b9ef",
        "psychic": "#ef4179", "bug": "#91a119", "rock": "#afa981", "ghost": "#704170", "dragon": "#5060e1",
        "dark": "#624d4e", "steel": "#60a1b8", "fairy": "#ef70ef",
    ]

    /// The file of a pokemon's emblem, relative to the site root.
    static func path(pokemon slug: String) -> String { "emblems/\(CatalogIndex.fileName(slug)).svg" }

    /// The file of a species' emblem (a chain member outside the site: no types known).
    static func path(species slug: String) -> String { "emblems/species/\(CatalogIndex.fileName(slug)).svg" }

    /// The colour of a type slug.
    static func color(_ type: String) -> String {
        if let known = typeColors[type] { return known }
        var hash: UInt32 = 2_166_136_261
        for byte in type.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return String(format: "#%06x", hash & 0x7F7F7F | 0x404040)
    }

    /// Up to two initials of a display name: one per word, words split at spaces, hyphens
    /// and full stops ("Mr. Mime" -> "MM", "Porygon-Z" -> "PZ", "Farfetch’d" -> "F",
    /// "ピカチュウ" -> "ピ").
    static func initials(_ name: String) -> String {
        let words = name.split { $0.isWhitespace || $0 == "-" || $0 == "." || $0 == ":" }
        let letters = words.prefix(2).compactMap { $0.first { $0.isLetter || $0.isNumber } }
        return letters.isEmpty ? "?" : String(letters).uppercased()
    }

    /// The SVG: a disc split between the two types' colours (one colour for one type), a
    /// Poké Ball's band, and the initials. Text is escaped: names come from the data.
    static func svg(name: String, types: [String]) -> String {
        let first = types.first.map(color) ?? "#8a8f9c"
        let second = types.dropFirst().first.map(color) ?? first
        let text = escape(initials(name))
        let size = text.count > 1 ? 34 : 44
        return """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="6 6 84 84" width="84" height="84" role="img" aria-label="\(escape(name))">
        <defs><clipPath id="c"><circle cx="48" cy="48" r="40"/></clipPath></defs>
        <g clip-path="url(#c)"><rect width="96" height="48" fill="\(first)"/><rect y="48" width="96" height="48" fill="\(second)"/></g>
        <circle cx="48" cy="48" r="40" fill="none" stroke="#1b1d25" stroke-opacity=".35" stroke-width="3"/>
        <rect x="8" y="45" width="80" height="6" fill="#1b1d25" fill-opacity=".35"/>
        <text x="48" y="\(48 + size * 35 / 100)" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="800" font-size="\(size)" fill="#fff" stroke="#1b1d25" stroke-opacity=".45" stroke-width="1.5" paint-order="stroke">\(text)</text>
        </svg>

        """
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

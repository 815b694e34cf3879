import JSONLinkScan

/// PokeAPI's JSON as this product reads it: the one description of every field the
/// catalog uses and, through the types of its links, of everything the fetch follows.
///
/// Each resource is a lean `Codable` struct of the fields read, with explicit coding keys
/// (no key conversion per object), optional wherever the live API has sent null or
/// nothing. Adding a field is one edit here plus its uses: a field typed ``Link`` (or
/// ``SpriteURL``) is followed by the fetch from then on, because the fetch's rules are
/// derived from these types (``SchemaProbe``). The exhaustive models that decode every
/// field of every mirror file live in the tests, as an oracle.
package enum Wire {}

/// A resource that states its own id, which must match the folder it is stored in.
package protocol IdentifiedResource {
    var id: Int { get }
}

extension Wire {
    /// A link the fetch follows: `{"name": "pikachu", "url": ".../api/v2/pokemon/25/"}`.
    package struct Link: Codable, Sendable, Hashable {
        package var name: String?
        /// Relative (`/api/v2/type/13/`) in api-data dumps, absolute on the live API.
        package var url: String

        package init(name: String?, url: String) {
            self.name = name
            self.url = url
        }

        /// The resource and id it points at.
        package var path: APIResourcePath? { APIResourcePath(link: url) }

        /// Whether the address holds `api/v2/`, by its bytes (`String.contains` goes through
        /// Foundation's locale-aware search: a tenth of loading a catalog, once).
        /// A loop, not `utf8.firstRange(of:)`: the generic search made the catalog 25% slower.
        static func hasAPIPath(_ url: String) -> Bool {
            var url = url
            return url.withUTF8(hasAPIPath)
        }

        private static func hasAPIPath(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            let marker: StaticString = "api/v2/"
            let length = marker.utf8CodeUnitCount
            guard bytes.count >= length else { return false }
            for start in 0...(bytes.count - length) where bytes[start] == marker.utf8Start[0] {
                if (0..<length).allSatisfy({ bytes[start + $0] == marker.utf8Start[$0] }) { return true }
            }
            return false
        }

        /// The numeric id that ends it (`.../type/13/` -> 13), read off the end of the URL:
        /// the catalog asks this of every link it keeps. Read from the URL's bytes in place
        /// (through `Substring`'s views it was a few index checks per byte).
        package var id: Int? {
            var url = url
            return url.withUTF8 { bytes -> Int? in
                var end = bytes.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
                while end > 0, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
                var value = 0
                var digits = 0
                while digits < end, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end - 1 - digits]) {
                    digits += 1
                    // As `Int(_:)` reads the digits: leading zeros are nothing, and past
                    // Int's range is nil.
                    let digit = Int(bytes[end - digits] - UInt8(ascii: "0"))
                    guard digit != 0 else { continue }
                    guard digits <= Self.powers.count else { return nil }
                    let (scaled, over) = digit.multipliedReportingOverflow(by: Self.powers[digits - 1])
                    let (sum, past) = value.addingReportingOverflow(scaled)
                    guard !over, !past else { return nil }
                    value = sum
                }
                guard digits > 0, end - digits > 0, bytes[end - digits - 1] == UInt8(ascii: "/"), Self.hasAPIPath(bytes) else { return nil }
                return value
            }
        }

        private static let powers: [Int] = (0..<19).map { exponent in (0..<exponent).reduce(1) { value, _ in value * 10 } }

        enum CodingKeys: String, CodingKey {
            case name, url
        }
    }

    /// A link the fetch does not follow: a type names every pokemon of it, and following
    /// those would fetch the whole dex for any selection.
    package struct Mention: Codable, Sendable, Hashable {
        package var name: String?
        package var url: String?

        enum CodingKeys: String, CodingKey {
            case name, url
        }
    }

    /// A species a generation introduced: followed only when that generation is selected.
    package struct GenerationSpecies: Codable, Sendable, Hashable {
        package var name: String?
        package var url: String

        enum CodingKeys: String, CodingKey {
            case name, url
        }
    }

    /// A media URL (a sprite under PokeAPI's sprites prefix, a cry under its cries prefix):
    /// fetched, cached and copied into the site.
    package struct SpriteURL: Codable, Sendable, Hashable {
        package var url: String

        package init(url: String) {
            self.url = url
        }

        package init(from decoder: any Decoder) throws {
            url = try decoder.singleValueContainer().decode(String.self)
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(url)
        }

        /// Its path below the media root, when it is one.
        package var sprite: SpritePath? { SpritePath(url: url) }
    }

    /// Official artwork: fetched only when the site's `images` setting chooses it.
    package struct ArtworkURL: Codable, Sendable, Hashable {
        package var url: String

        package init(url: String) { self.url = url }
        package init(from decoder: any Decoder) throws { url = try decoder.singleValueContainer().decode(String.self) }
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(url)
        }
    }

    /// A HOME render: fetched only when the site's `images` setting chooses it.
    package struct HomeURL: Codable, Sendable, Hashable {
        package var url: String

        package init(url: String) { self.url = url }
        package init(from decoder: any Decoder) throws { url = try decoder.singleValueContainer().decode(String.self) }
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(url)
        }
    }

    /// A resource named by a bare URL string rather than a link object (a pokemon's
    /// `location_area_encounters`): followed like a link.
    package struct ResourceURL: Codable, Sendable, Hashable {
        package var url: String

        package init(url: String) { self.url = url }
        package init(from decoder: any Decoder) throws { url = try decoder.singleValueContainer().decode(String.self) }
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(url)
        }
    }

    /// A text in one language: a name, a genus, a flavor text, an effect.
    package struct Name: Codable, Sendable, Hashable {
        package var name: String
        package var language: Link

        enum CodingKeys: String, CodingKey {
            case name, language
        }
    }

    package struct Genus: Codable, Sendable, Hashable {
        package var genus: String
        package var language: Link

        enum CodingKeys: String, CodingKey {
            case genus, language
        }
    }

    package struct FlavorText: Codable, Sendable, Hashable {
        package var flavorText: String
        package var language: Link
        package var version: Link?

        enum CodingKeys: String, CodingKey {
            case language, version
            case flavorText = "flavor_text"
        }
    }

    /// A text of one version group (a move's or ability's flavor text).
    package struct GroupText: Codable, Sendable, Hashable {
        package var flavorText: String
        package var language: Link
        package var versionGroup: Link?

        enum CodingKeys: String, CodingKey {
            case language
            case flavorText = "flavor_text"
            case versionGroup = "version_group"
        }
    }

    /// An item's text of one version group (items call it `text`, not `flavor_text`).
    package struct ItemText: Codable, Sendable, Hashable {
        package var text: String
        package var language: Link
        package var versionGroup: Link?

        enum CodingKeys: String, CodingKey {
            case text, language
            case versionGroup = "version_group"
        }
    }

    /// A short description (a growth rate's "medium slow").
    package struct Description: Codable, Sendable, Hashable {
        package var description: String
        package var language: Link

        enum CodingKeys: String, CodingKey {
            case description, language
        }
    }

    package struct Effect: Codable, Sendable, Hashable {
        package var shortEffect: String?
        package var effect: String?
        package var language: Link

        enum CodingKeys: String, CodingKey {
            case effect, language
            case shortEffect = "short_effect"
        }
    }
}

extension Wire {
    /// Set in a decoder's `userInfo` to a `Set<String>` of PokeAPI language codes: long
    /// texts in other languages (flavor texts: nine tenths of a species) are dropped as
    /// they are read, so they never fill memory or the build's records.
    package static let languagesKey = CodingUserInfoKey(rawValue: "pokedex.languages")!

    /// A text that says which language it is in.
    package protocol LanguageTagged: Codable, Sendable, Hashable {
        var language: Link { get }
        /// Read off the tape as `init(from:)` reads it (a missing or null optional is nil);
        /// ``TapeValue/Miss`` on anything else, and the texts are read the ordinary way.
        init(cursor: TapeCursor) throws
    }

    /// Texts in the languages the build shows (all when the decoder does not say).
    package struct Texts<Entry: LanguageTagged>: Codable, Sendable, Hashable {
        package var entries: [Entry]

        package init(_ entries: [Entry]) {
            self.entries = entries
        }

        package init(from decoder: any Decoder) throws {
            let all = try [Entry](from: decoder)
            if let languages = decoder.userInfo[Wire.languagesKey] as? Set<String> {
                entries = all.filter { $0.language.name.map(languages.contains) ?? false }
            } else {
                entries = all
            }
        }

        package func encode(to encoder: any Encoder) throws {
            try entries.encode(to: encoder)
        }
    }
}

extension Wire.FlavorText: Wire.LanguageTagged {}
extension Wire.Name: Wire.LanguageTagged {}
extension Wire.Genus: Wire.LanguageTagged {}
extension Wire.Effect: Wire.LanguageTagged {}
extension Wire.GroupText: Wire.LanguageTagged {}
extension Wire.ItemText: Wire.LanguageTagged {}
extension Wire.Description: Wire.LanguageTagged {}

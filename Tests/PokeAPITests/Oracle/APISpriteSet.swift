@testable import PokeAPI
/// A set of sprite URLs whose shape varies (`other`, `versions` of a pokemon's sprites).
///
/// Keys holding a string or null land in `urls`; keys holding an object land in
/// `nested`, recursively, so every generation's layout decodes. Other values are ignored.
struct APISpriteSet: Decodable, Sendable, Hashable {
    /// Sprite URLs by key (`front_default`, ...); null when PokeAPI has no image.
    let urls: [String: String?]
    /// Nested sets by key (`home`, `generation-i`, `red-blue`, `animated`, ...).
    let nested: [String: APISpriteSet]

    init(urls: [String: String?], nested: [String: APISpriteSet]) {
        self.urls = urls
        self.nested = nested
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        var urls: [String: String?] = [:]
        var nested: [String: APISpriteSet] = [:]
        for key in container.allKeys {
            if try container.decodeNil(forKey: key) {
                urls[key.stringValue] = .some(nil)
            } else if let url = try? container.decode(String.self, forKey: key) {
                urls[key.stringValue] = url
            } else if let set = try? container.decode(APISpriteSet.self, forKey: key) {
                nested[key.stringValue] = set
            }
        }
        self.urls = urls
        self.nested = nested
    }

    /// The URL under `key`, if present and not null.
    subscript(url key: String) -> String? { urls[key] ?? nil }

    /// Every non-null URL in this set and the sets below it.
    var allURLs: [String] {
        urls.values.compactMap { $0 } + nested.values.flatMap(\.allURLs)
    }
}

/// A coding key for objects whose keys are data, not schema.
struct AnyKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

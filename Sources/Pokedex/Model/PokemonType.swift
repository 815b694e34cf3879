/// A type (Fire, Water...) with its display name and damage relations.
package struct PokemonType: Sendable, Hashable, Codable, Identifiable {
    package var id: Int
    package var slug: String
    package var name: String
    /// Type slugs this type takes double, half and no damage from when defending.
    package var doubleDamageFrom: [String]
    package var halfDamageFrom: [String]
    package var noDamageFrom: [String]
    /// Type slugs this type deals double, half and no damage to when attacking.
    package var doubleDamageTo: [String]
    package var halfDamageTo: [String]
    package var noDamageTo: [String]
    /// Its names in the search's other languages (English, kana and romaji for a Japanese
    /// site), plain text; nil when the catalog's language needs none.
    package var searchNames: [String]?

    package init(
        id: Int, slug: String, name: String,
        doubleDamageFrom: [String] = [], halfDamageFrom: [String] = [], noDamageFrom: [String] = [],
        doubleDamageTo: [String] = [], halfDamageTo: [String] = [], noDamageTo: [String] = []
    ) {
        self.id = id
        self.slug = slug
        self.name = name
        self.doubleDamageFrom = doubleDamageFrom
        self.halfDamageFrom = halfDamageFrom
        self.noDamageFrom = noDamageFrom
        self.doubleDamageTo = doubleDamageTo
        self.halfDamageTo = halfDamageTo
        self.noDamageTo = noDamageTo
    }
}

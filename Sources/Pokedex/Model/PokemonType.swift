/// A type (Fire, Water...) with its display name and damage relations.
public struct PokemonType: Sendable, Hashable, Codable, Identifiable {
    public var id: Int
    public var slug: String
    public var name: String
    /// Type slugs this type takes double, half and no damage from when defending.
    public var doubleDamageFrom: [String]
    public var halfDamageFrom: [String]
    public var noDamageFrom: [String]
    /// Type slugs this type deals double, half and no damage to when attacking.
    public var doubleDamageTo: [String]
    public var halfDamageTo: [String]
    public var noDamageTo: [String]

    public init(
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

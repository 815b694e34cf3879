/// A move, with what a moves table shows.
public struct Move: Sendable, Hashable, Codable {
    public var slug: String
    public var name: String
    public var type: String?
    /// "physical", "special" or "status".
    public var damageClass: String?
    public var power: Int?
    public var accuracy: Int?
    public var pp: Int?

    public init(
        slug: String, name: String, type: String? = nil, damageClass: String? = nil,
        power: Int? = nil, accuracy: Int? = nil, pp: Int? = nil
    ) {
        self.slug = slug
        self.name = name
        self.type = type
        self.damageClass = damageClass
        self.power = power
        self.accuracy = accuracy
        self.pp = pp
    }
}

/// An ability, with its display name and short effect.
public struct Ability: Sendable, Hashable, Codable {
    public var slug: String
    public var name: String
    public var shortEffect: String?

    public init(slug: String, name: String, shortEffect: String? = nil) {
        self.slug = slug
        self.name = name
        self.shortEffect = shortEffect
    }
}

/// An item (evolution stones, held items).
public struct Item: Sendable, Hashable, Codable {
    public var slug: String
    public var name: String

    public init(slug: String, name: String) {
        self.slug = slug
        self.name = name
    }
}

/// A stat (HP, Attack...), with its display name.
public struct Stat: Sendable, Hashable, Codable {
    public var slug: String
    public var name: String

    public init(slug: String, name: String) {
        self.slug = slug
        self.name = name
    }
}

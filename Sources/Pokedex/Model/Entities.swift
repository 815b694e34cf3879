/// A move, with what a moves table shows.
package struct Move: Sendable, Hashable, Codable {
    package var slug: String
    package var name: String
    package var type: String?
    /// "physical", "special" or "status".
    package var damageClass: String?
    package var power: Int?
    package var accuracy: Int?
    package var pp: Int?

    package init(
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
package struct Ability: Sendable, Hashable, Codable {
    package var slug: String
    package var name: String
    package var shortEffect: String?

    package init(slug: String, name: String, shortEffect: String? = nil) {
        self.slug = slug
        self.name = name
        self.shortEffect = shortEffect
    }
}

/// An item (evolution stones, held items).
package struct Item: Sendable, Hashable, Codable {
    package var slug: String
    package var name: String

    package init(slug: String, name: String) {
        self.slug = slug
        self.name = name
    }
}

/// A stat (HP, Attack...), with its display name.
package struct Stat: Sendable, Hashable, Codable {
    package var slug: String
    package var name: String

    package init(slug: String, name: String) {
        self.slug = slug
        self.name = name
    }
}

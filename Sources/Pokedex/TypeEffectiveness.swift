/// How much damage each attacking type deals to a pokemon of one or two types.
package enum TypeEffectiveness {
    /// One attacking type and its multiplier against the defender.
    package struct Entry: Sendable, Hashable {
        /// The attacking type's slug.
        package var attackingType: String
        /// 4, 2, 1, 0.5, 0.25 or 0.
        package var multiplier: Double
    }

    /// The multiplier of every type in `catalog.types` (in their order) against `types`.
    ///
    /// Multiplies the defending types' damage relations; a defending slug the catalog
    /// does not know counts as neutral.
    package static func defending(types: [String], in catalog: Catalog) -> [Entry] {
        defending(types: types, relations: catalog.types)
    }

    /// The same, grouped: multiplier -> attacking type slugs, for the multipliers that occur.
    package static func defendingGroups(types: [String], in catalog: Catalog) -> [(multiplier: Double, types: [String])] {
        let entries = defending(types: types, in: catalog)
        return [4, 2, 1, 0.5, 0.25, 0].compactMap { multiplier in
            let slugs = entries.filter { $0.multiplier == multiplier }.map(\.attackingType)
            return slugs.isEmpty ? nil : (multiplier, slugs)
        }
    }

    static func defending(types: [String], relations: [PokemonType]) -> [Entry] {
        let defenders = types.compactMap { slug in relations.first { $0.slug == slug } }
        return relations.map { attacker in
            var multiplier = 1.0
            for defender in defenders {
                if defender.noDamageFrom.contains(attacker.slug) {
                    multiplier = 0
                } else if defender.doubleDamageFrom.contains(attacker.slug) {
                    multiplier *= 2
                } else if defender.halfDamageFrom.contains(attacker.slug) {
                    multiplier *= 0.5
                }
            }
            return Entry(attackingType: attacker.slug, multiplier: multiplier)
        }
    }
}

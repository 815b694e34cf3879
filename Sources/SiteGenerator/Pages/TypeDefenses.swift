import Pokedex

/// How much damage each attacking type does to a pokemon, from its types' damage relations.
struct TypeDefenses: Sendable, Hashable {
    /// One multiplier and the attacking types that hit with it.
    struct Group: Sendable, Hashable {
        /// The multiplier in quarters (16 = 4x, 8 = 2x, 2 = 1/2x, 1 = 1/4x, 0 = 0x).
        var quarters: Int
        var types: [String]
    }

    /// Groups for 4x, 2x, 1/2x, 1/4x and 0x, in that order, empty ones left out.
    var groups: [Group]

    init(defending: [String], types: [PokemonType]) {
        let bySlug = Dictionary(types.map { ($0.slug, $0) }, uniquingKeysWith: { first, _ in first })
        var byQuarters: [Int: [String]] = [:]
        for attacker in types {
            var quarters = 4
            for slug in defending {
                guard let defender = bySlug[slug] else { continue }
                if defender.noDamageFrom.contains(attacker.slug) {
                    quarters = 0
                } else if defender.doubleDamageFrom.contains(attacker.slug) {
                    quarters *= 2
                } else if defender.halfDamageFrom.contains(attacker.slug) {
                    quarters /= 2
                }
            }
            byQuarters[quarters, default: []].append(attacker.slug)
        }
        // A single type never reaches 1/4x by halving twice from 4, so quarters stay whole.
        groups = [16, 8, 2, 1, 0].compactMap { key in
            byQuarters[key].map { Group(quarters: key, types: $0) }
        }
    }
}

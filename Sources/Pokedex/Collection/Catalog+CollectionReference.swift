/// The catalog is what the collection's rules are checked against, so `catch` agrees
/// with the site it will be shown on.
extension Catalog: CollectionReference {
    package var speciesNames: [(slug: String, name: String)] {
        species.map { ($0.slug, $0.name) }
    }

    package func learnableMoves(ofSpecies slug: String) -> Set<String> {
        guard let pokemon = defaultPokemon(forSpeciesSlug: slug) else { return [] }
        return Set(pokemon.learnableMoves).union(pokemon.moves.map(\.move))
    }

    package var moveNames: [String: String] {
        var names: [String: String] = [:]
        for pokemon in pokemon.values {
            for slug in pokemon.learnableMoves where names[slug] == nil { names[slug] = slug }
        }
        for move in moves.values { names[move.slug] = move.name }
        return names
    }

    package var itemNames: [String: String] {
        var names = Dictionary(itemSlugs.map { ($0, $0) }, uniquingKeysWith: { first, _ in first })
        for item in items.values { names[item.slug] = item.name }
        return names
    }

    package func spriteKeys(ofSpecies slug: String) -> [String] {
        defaultPokemon(forSpeciesSlug: slug)?.sprites.byKey.map(\.key) ?? []
    }

    package func experienceTable(ofSpecies slug: String) -> [Int]? {
        species(slug: slug)?.growthRate.flatMap { growthRates[$0] }
    }
}

private extension Catalog {
    func defaultPokemon(forSpeciesSlug slug: String) -> Pokemon? {
        species(slug: slug).flatMap { defaultPokemon(of: $0) }
    }
}

/// Lookups the Pages stage needs, over the catalog's plain arrays and dictionaries.
extension Catalog {
    /// The species with this national-dex number, if selected.
    package func species(id: Int) -> Species? {
        var low = 0
        var high = species.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let candidate = species[middle]
            if candidate.id == id { return candidate }
            if candidate.id < id { low = middle + 1 } else { high = middle - 1 }
        }
        return species.first { $0.id == id }
    }

    /// The species with this slug, if selected.
    package func species(slug: String) -> Species? {
        species.first { $0.slug == slug }
    }

    /// The species' default pokemon (its first variety).
    package func defaultPokemon(of species: Species) -> Pokemon? {
        species.varieties.lazy.compactMap { pokemon[$0] }.first { $0.isDefault }
            ?? species.varieties.first.flatMap { pokemon[$0] }
    }

    /// Every pokemon of the species, default first.
    package func varieties(of species: Species) -> [Pokemon] {
        species.varieties.compactMap { pokemon[$0] }
    }

    /// The evolution chain the species belongs to.
    package func evolutionChain(of species: Species) -> EvolutionChain? {
        species.evolutionChainID.flatMap { evolutionChains[$0] }
    }

    /// Number, slug and name of any species the catalog names: selected or chain-only.
    package func speciesSummary(slug: String) -> SpeciesSummary? {
        if let selected = species(slug: slug) {
            return SpeciesSummary(id: selected.id, slug: selected.slug, name: selected.name)
        }
        return chainOnlySpecies[slug]
    }

    /// The type with this slug.
    package func type(slug: String) -> PokemonType? {
        types.first { $0.slug == slug }
    }

    /// Pokémon of a type in national-dex order: default varieties only, as the type rows show them.
    package func defaultPokemon(ofType slug: String) -> [Pokemon] {
        species.compactMap { defaultPokemon(of: $0) }.filter { $0.types.contains(slug) }
    }
}

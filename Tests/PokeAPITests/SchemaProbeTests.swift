import Testing
@testable import PokeAPI

/// The fetch's rules come from the schema's types: these are the paths it follows.
@Suite("Rules derived from the schema")
struct SchemaProbeTests {
    func paths(_ type: any Decodable.Type, _ target: SchemaProbe.Target = .link) -> [String] {
        SchemaProbe.links(of: type).filter { $0.target == target }.map { ($0.anywhere ? "…" : "") + $0.path.joined(separator: ".") }
    }

    @Test("a species leads to its varieties, chain, lookups and the languages and versions of its texts")
    func species() {
        #expect(paths(Wire.Species.self) == [
            "color", "egg_groups", "evolution_chain", "evolves_from_species", "flavor_text_entries.language",
            "flavor_text_entries.version", "genera.language", "generation", "growth_rate", "habitat", "names.language",
            "shape", "varieties.pokemon",
        ])
    }

    @Test("a chain's links are matched at any depth, through evolves_to")
    func chain() {
        let found = paths(Wire.EvolutionChain.self)
        #expect(found.contains("…species"))
        #expect(found.contains("…evolution_details.item"))
        #expect(found.contains("…evolution_details.used_move"))
        #expect(found.allSatisfy { $0.hasPrefix("…") })
        #expect(found.count == 14)
    }

    @Test("a pokemon's sprites are media; a type's pokemon are never followed")
    func sprites() {
        #expect(paths(Wire.Pokemon.self, .sprite) == ["sprites.front_default", "sprites.front_female", "sprites.front_shiny", "sprites.front_shiny_female"])
        #expect(paths(Wire.Pokemon.self).contains("moves.move"))
        #expect(!paths(Wire.PokemonType.self).contains { $0.hasPrefix("pokemon") })
        #expect(paths(Wire.Generation.self, .generationSpecies) == ["pokemon_species"])
    }
}

import Testing
@testable import Pokedex

@Suite("Type defenses are computed from the catalog's damage relations")
struct TypeEffectivenessTests {
    func multipliers(_ types: [String], in catalog: Catalog) -> [String: Double] {
        Dictionary(uniqueKeysWithValues: TypeEffectiveness.defending(types: types, in: catalog).map { ($0.attackingType, $0.multiplier) })
    }

    @Test("Charizard takes 4x from rock and nothing from ground")
    func charizard() throws {
        let catalog = try Catalog.sample()
        let charizard = try #require(catalog.pokemon["charizard"])
        let table = multipliers(charizard.types, in: catalog)
        #expect(table["rock"] == 4)
        #expect(table["ground"] == 0)
        #expect(table["grass"] == 0.25)
        #expect(table["water"] == 2)
        #expect(table["normal"] == 1)
    }

    @Test("Steelix is immune to poison and electric and takes 2x from water")
    func steelix() throws {
        let catalog = try Catalog.sample()
        let table = multipliers(try #require(catalog.pokemon["steelix"]).types, in: catalog)
        #expect(table["poison"] == 0)
        #expect(table["electric"] == 0)
        #expect(table["water"] == 2)
        #expect(table["rock"] == 0.25)
    }

    @Test("every type of the catalog gets a multiplier, in the catalog's order")
    func everyType() throws {
        let catalog = try Catalog.sample()
        #expect(TypeEffectiveness.defending(types: ["normal"], in: catalog).map(\.attackingType) == catalog.types.map(\.slug))
    }

    @Test("the multipliers follow the relations, not a built-in chart")
    func fromRelations() {
        let types = [
            PokemonType(id: 1, slug: "a", name: "A", doubleDamageFrom: ["b"]),
            PokemonType(id: 2, slug: "b", name: "B", halfDamageFrom: ["a"], noDamageFrom: ["b"]),
        ]
        let catalog = Catalog(language: "en", species: [], pokemon: [:], types: types, evolutionChains: [:],
                              moves: [:], abilities: [:], items: [:], stats: [:])
        let groups = TypeEffectiveness.defendingGroups(types: ["a", "b"], in: catalog)
        #expect(groups.map(\.multiplier) == [0.5, 0])
        #expect(groups.map(\.types) == [["a"], ["b"]])
    }
}

import Testing
@testable import Pokedex

@Suite("The bundled sample exercises every feature")
struct SampleCatalogTests {
    let catalog: Catalog

    init() throws {
        catalog = try Catalog.sample()
    }

    @Test("it holds about thirty species, in dex order, with facts but no flavor text or sprites")
    func shape() {
        #expect((25...40).contains(catalog.species.count))
        #expect(catalog.species.map(\.id) == catalog.species.map(\.id).sorted())
        #expect(catalog.species.allSatisfy { $0.flavorText == nil })
        #expect(catalog.pokemon.values.allSatisfy { $0.sprites.byKey.isEmpty })
        #expect(catalog.pokemon.values.allSatisfy { !$0.moves.isEmpty && $0.moves.count <= 12 })
        #expect(catalog.pokemon.values.allSatisfy { $0.moves.allSatisfy { catalog.moves[$0.move] != nil } })
    }

    @Test("every one of the 18 types has at least one Pokémon")
    func everyType() {
        #expect(catalog.types.count == 18)
        for type in catalog.types {
            #expect(!catalog.defaultPokemon(ofType: type.slug).isEmpty, "no pokemon of type \(type.slug)")
        }
    }

    @Test("names come from the data, with punctuation and symbols")
    func names() {
        let names = Set(catalog.species.map(\.name))
        #expect(names.isSuperset(of: ["Mr. Mime", "Nidoran♀", "Farfetch’d"]))
    }

    @Test("dual types, a three-stage chain and a legendary are there")
    func basics() throws {
        #expect(catalog.pokemon["venusaur"]?.types == ["grass", "poison"])
        let bulbasaur = try #require(catalog.species(slug: "bulbasaur"))
        let chain = try #require(catalog.evolutionChain(of: bulbasaur))
        #expect(chain.root.evolvesTo.first?.evolvesTo.first?.species == "venusaur")
        #expect(chain.root.evolvesTo.first?.conditions.first?.minLevel == 16)
        #expect(catalog.species(slug: "mewtwo")?.isLegendary == true)
    }

    @Test("Eevee branches into all eight evolutions, Sylveon from a later generation included")
    func eevee() throws {
        let eevee = try #require(catalog.species(slug: "eevee"))
        let chain = try #require(catalog.evolutionChain(of: eevee))
        let branches = Set(chain.root.evolvesTo.map(\.species))
        #expect(branches == ["vaporeon", "jolteon", "flareon", "espeon", "umbreon", "leafeon", "glaceon", "sylveon"])
        #expect(catalog.species(slug: "sylveon")?.generation == 6)
        let espeon = try #require(chain.root.evolvesTo.first { $0.species == "espeon" })
        #expect(espeon.conditions.contains { $0.minHappiness != nil && $0.timeOfDay == "day" })
        let umbreon = try #require(chain.root.evolvesTo.first { $0.species == "umbreon" })
        #expect(umbreon.conditions.contains { $0.minHappiness != nil && $0.timeOfDay == "night" })
    }

    @Test("Pichu is a baby at the root of Pikachu's chain")
    func pichu() throws {
        let pichu = try #require(catalog.species(slug: "pichu"))
        #expect(pichu.isBaby)
        #expect(pichu.evolvesFrom == nil)
        let chain = try #require(catalog.evolutionChain(of: pichu))
        #expect(chain.root.species == "pichu")
        #expect(chain.root.evolvesTo.map(\.species) == ["pikachu"])
        #expect(chain.root.evolvesTo.first?.evolvesTo.map(\.species) == ["raichu"])
    }

    @Test("Raichu has its Alolan form as a named variety")
    func regionalForm() throws {
        let raichu = try #require(catalog.species(slug: "raichu"))
        let names = catalog.varieties(of: raichu).map(\.name)
        #expect(names == ["Raichu", "Alolan Raichu"])
        #expect(catalog.pokemon["raichu-alola"]?.types == ["electric", "psychic"])
    }

    @Test("trade evolutions keep their held item, and items have names")
    func tradeWithItem() throws {
        let onix = try #require(catalog.species(slug: "onix"))
        let chain = try #require(catalog.evolutionChain(of: onix))
        let steelix = try #require(chain.root.evolvesTo.first { $0.species == "steelix" })
        let trade = try #require(steelix.conditions.first { $0.trigger == "trade" })
        #expect(trade.heldItem == "metal-coat")
        #expect(catalog.items["metal-coat"]?.name == "Metal Coat")
    }

    @Test("hidden abilities and gender differences are marked")
    func abilitiesAndGender() {
        #expect(catalog.pokemon["bulbasaur"]?.abilities.contains { $0.isHidden && $0.ability == "chlorophyll" } == true)
        #expect(catalog.abilities["chlorophyll"]?.name == "Chlorophyll")
        #expect(catalog.species(slug: "pikachu")?.hasGenderDifferences == true)
    }

    @Test("chain members left out of the sample are still named")
    func chainOnly() throws {
        let charizard = try #require(catalog.species(slug: "charizard"))
        let chain = try #require(catalog.evolutionChain(of: charizard))
        #expect(chain.root.species == "charmander")
        #expect(catalog.species(slug: "charmander") == nil)
        #expect(catalog.speciesSummary(slug: "charmander")?.name == "Charmander")
        #expect(catalog.speciesSummary(slug: "mime-jr")?.id == 439)
    }
}

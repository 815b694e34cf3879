import Foundation
import Testing
import TestSupport
@testable import Pokedex

/// One build of the whole shared mirror, shared by the tests below.
private enum Mirror {
    static let full = Task { try await build(.all) }
    static let firstGeneration = Task { try await build(Selection(generations: [1])) }

    static func build(_ selection: Selection) async throws -> Catalog {
        var loader = CatalogLoader(cacheRoot: SharedFixtures.pokeapiMirror, selection: selection)
        loader.snapshotFolder = nil
        return try await loader.load().catalog
    }
}

@Suite("Catalog built from the shared PokeAPI mirror", .enabled(if: SharedFixtures.hasMirror, SharedFixtures.absent("pokeapi-mirror")))
struct MirrorCatalogTests {
    @Test("every species and pokemon of the mirror is in the catalog")
    func counts() async throws {
        let catalog = try await Mirror.full.value
        #expect(catalog.species.count == 508)
        #expect(catalog.pokemon.count == 666)
        #expect(catalog.types.map(\.slug).count == 18)
        #expect(!catalog.types.contains { ["unknown", "stellar", "shadow"].contains($0.slug) })
    }

    @Test("display names come from the data", arguments: [
        ("mr-mime", "Mr. Mime"), ("nidoran-f", "Nidoran♀"), ("farfetchd", "Farfetch’d"),
        ("ho-oh", "Ho-Oh"), ("porygon-z", "Porygon-Z"), ("mime-jr", "Mime Jr."),
    ])
    func names(slug: String, name: String) async throws {
        #expect(try await Mirror.full.value.species(slug: slug)?.name == name)
    }

    @Test("varieties are named from their forms", arguments: [
        ("raichu-alola", "Alolan Raichu"), ("charizard-mega-x", "Mega Charizard X"), ("eevee-gmax", "Gigantamax Eevee"),
    ])
    func varietyNames(slug: String, name: String) async throws {
        #expect(try await Mirror.full.value.pokemon[slug]?.name == name)
    }

    @Test("evolution conditions keep the form that evolves, the move to use and the special rock")
    func formSpecificEvolutions() async throws {
        let catalog = try await Mirror.full.value
        func conditions(into slug: String) throws -> [EvolutionCondition] {
            let species = try #require(catalog.species(slug: slug))
            let chain = try #require(catalog.evolutionChain(of: species))
            func find(_ node: EvolutionNode) -> EvolutionNode? {
                node.species == slug ? node : node.evolvesTo.lazy.compactMap(find).first
            }
            return try #require(find(chain.root)).conditions
        }
        #expect(try conditions(into: "perrserker").allSatisfy { $0.baseForm == "meowth-galar" })
        #expect(try conditions(into: "annihilape").contains { $0.usedMove == "rage-fist" && $0.minMoveCount == 20 })
        #expect(try conditions(into: "raichu").contains { $0.evolvedForm == "raichu-alola" && $0.region == "alola" })
        let leafeon = try conditions(into: "leafeon").filter(\.nearSpecialRock)
        #expect(leafeon.count > 1 && leafeon.allSatisfy { $0.location != nil })
        // Alternatives that differ only in their game stay apart only when something else differs.
        #expect(try conditions(into: "charmeleon").count == 1)
    }

    @Test("flavor text is the newest English entry with no stray whitespace")
    func flavorText() async throws {
        let catalog = try await Mirror.full.value
        for species in catalog.species {
            let text = try #require(species.flavorText, "\(species.slug) has no flavor text")
            #expect(!text.contains { $0.isNewline || $0 == "\u{0C}" || $0 == "\u{AD}" || $0 == "\u{A0}" })
            #expect(!text.contains("  "))
        }
    }

    @Test("learnsets come from the newest version group each pokemon has moves in")
    func learnsets() async throws {
        let catalog = try await Mirror.full.value
        let pikachu = try #require(catalog.pokemon["pikachu"])
        #expect(pikachu.movesVersionGroup != nil)
        #expect(!["red-green-japan", "blue-japan", "red-blue"].contains(pikachu.movesVersionGroup ?? ""))
        #expect(pikachu.moves.contains { $0.method == .levelUp && $0.move == "thunder-shock" })
        for pokemon in catalog.pokemon.values {
            #expect(pokemon.moves.allSatisfy { catalog.moves[$0.move] != nil }, "\(pokemon.slug) names an unknown move")
        }
    }

    @Test("Eevee's chain branches into eight evolutions across generations")
    func eevee() async throws {
        let catalog = try await Mirror.full.value
        let chain = try #require(catalog.species(slug: "eevee").flatMap { catalog.evolutionChain(of: $0) })
        #expect(chain.root.evolvesTo.count == 8)
        #expect(chain.root.evolvesTo.contains { $0.species == "sylveon" })
    }

    @Test("Pichu has no predecessor and leads to Pikachu and Raichu")
    func pichu() async throws {
        let catalog = try await Mirror.full.value
        let pichu = try #require(catalog.species(slug: "pichu"))
        #expect(pichu.isBaby)
        let chain = try #require(catalog.evolutionChain(of: pichu))
        #expect(chain.root.species == "pichu")
        #expect(chain.root.evolvesTo.first?.evolvesTo.first?.species == "raichu")
    }

    @Test("every chain member is either selected or named as chain-only")
    func chainMembersResolve() async throws {
        for catalog in [try await Mirror.full.value, try await Mirror.firstGeneration.value] {
            func check(_ node: EvolutionNode) {
                #expect(catalog.speciesSummary(slug: node.species) != nil, "\(node.species) has no name")
                node.evolvesTo.forEach(check)
            }
            catalog.evolutionChains.values.forEach { check($0.root) }
        }
    }

    @Test("a generation I selection keeps Eevee's later evolutions as unlinked members")
    func generationOne() async throws {
        let catalog = try await Mirror.firstGeneration.value
        #expect(catalog.species.count == 151)
        #expect(catalog.species(slug: "espeon") == nil)
        #expect(catalog.chainOnlySpecies["espeon"]?.name == "Espeon")
        #expect(catalog.chainOnlySpecies["pichu"]?.id == 172)
    }

    @Test("sprite paths point into the mirror's sprite folder")
    func sprites() async throws {
        let catalog = try await Mirror.full.value
        let pikachu = try #require(catalog.pokemon["pikachu"])
        #expect(pikachu.sprites.frontDefault == "sprites/pokemon/25.png")
        let file = SharedFixtures.pokeapiMirror.appendingPathComponent(try #require(pikachu.sprites.frontDefault))
        #expect(FileManager.default.fileExists(atPath: file.path))
    }
}

@Suite("The mirror's catalog as the collection's reference", .enabled(if: SharedFixtures.hasMirror, SharedFixtures.absent("pokeapi-mirror")))
struct MirrorCollectionReferenceTests {
    @Test("A move from an older game counts as learnable, and a foreign one does not")
    func learnableAcrossVersionGroups() async throws {
        let catalog = try await Mirror.firstGeneration.value
        let rules = CollectionRules(reference: catalog)
        let ok = rules.validate(CatchDraft(species: "Pikachu", nickname: "Sparky", level: "12", moves: ["Thunderbolt", "thunder-shock"]), id: "a")
        #expect(try ok.get().moves == ["thunderbolt", "thunder-shock"])
        let learnable = catalog.learnableMoves(ofSpecies: "pikachu")
        #expect(learnable.count > catalog.pokemon["pikachu"].map { Set($0.moves.map(\.move)).count } ?? 0)
        guard case .failure(let failure) = rules.validate(
            CatchDraft(species: "pikachu", nickname: "Sparky", level: "12", moves: ["hydro-pump"]), id: "a") else {
            Issue.record("Pikachu learned Hydro Pump")
            return
        }
        #expect(failure.violations.map(\.field) == ["move"])
    }

    @Test("Experience bounds come from the species' growth rate in the data")
    func growthRates() async throws {
        let catalog = try await Mirror.firstGeneration.value
        #expect(Set(catalog.growthRates.keys).isSuperset(of: ["slow", "medium", "fast", "medium-slow"]))
        // Bulbasaur grows medium-slow: PokeAPI lists 560 experience at level 10 and 742 at 11.
        let table = try #require(catalog.experienceTable(ofSpecies: "bulbasaur"))
        #expect(table[9] == 560 && table[10] == 742)
        let rules = CollectionRules(reference: catalog)
        let draft = { (xp: String) in CatchDraft(species: "bulbasaur", nickname: "Bulby", level: "10", experience: xp, moves: ["tackle"]) }
        #expect((try? rules.validate(draft("741"), id: "a").get()) != nil)
        #expect((try? rules.validate(draft("742"), id: "a").get()) == nil)
    }

    @Test("Items the data lists exist, with their display names")
    func items() async throws {
        let catalog = try await Mirror.firstGeneration.value
        #expect(catalog.itemNames["thunder-stone"] == "Thunder Stone")
        #expect(catalog.itemSlugs.count >= catalog.items.count)
    }
}

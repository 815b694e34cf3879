import Foundation
import Testing
import TestSupport
@testable import PokeAPI

/// Every model decodes every file of its resource in the shared mirror: real data, not samples.
@Suite("Models decode the shared PokeAPI mirror", .enabled(if: SharedFixtures.hasMirror, SharedFixtures.absent("pokeapi-mirror")))
struct MirrorDecodingTests {
    let source = LocalSource(root: SharedFixtures.pokeapiMirror)

    @Test("every file of each resource decodes with its model", arguments: [
        "pokemon", "pokemon-species", "evolution-chain", "type", "ability", "move", "item", "stat", "language",
        "generation", "version-group", "pokemon-color", "growth-rate", "pokemon-form",
    ])
    func everyFileDecodes(resource: String) throws {
        let model = try #require(Self.model(for: resource))
        let list = try source.list(resource)
        #expect(!list.results.isEmpty)
        var failures: [String] = []
        for entry in list.results {
            let path = try #require(entry.path)
            do {
                _ = try source.decode(model, at: path)
            } catch {
                failures.append("\(error)")
            }
        }
        let failed = failures.count
        #expect(failed == 0, "\(failed) of \(list.results.count) \(resource) failed, first: \(failures.first ?? "")")
        #expect(list.results.count == list.count)
    }

    static func model(for resource: String) -> (any Decodable.Type)? {
        let models: [String: any Decodable.Type] = [
        "pokemon": APIPokemon.self, "pokemon-species": APIPokemonSpecies.self, "evolution-chain": APIEvolutionChain.self,
        "type": APIType.self, "ability": APIAbility.self, "move": APIMove.self, "item": APIItem.self, "stat": APIStat.self,
        "language": APILanguage.self, "generation": APIGeneration.self, "version-group": APIVersionGroup.self,
        "pokemon-color": APIPokemonColor.self, "growth-rate": APIGrowthRate.self, "pokemon-form": APIPokemonForm.self,
        ]
        return models[resource]
    }

    @Test("pikachu's species links its chain, varieties and flavor text")
    func pikachuSpecies() throws {
        let species = try source.decode(APIPokemonSpecies.self, at: APIResourcePath(resource: "pokemon-species", id: 25))
        #expect(species.name == "pikachu")
        #expect(species.evolutionChain?.path?.resource == "evolution-chain")
        #expect(species.varieties.contains { $0.isDefault && $0.pokemon.name == "pikachu" })
        #expect(species.flavorTextEntries.contains { $0.language.name == "en" })
        #expect(species.evolvesFromSpecies?.name == "pichu")
    }

    @Test("eevee's chain branches into every eeveelution with its condition")
    func eeveeChain() throws {
        let species = try source.decode(APIPokemonSpecies.self, at: APIResourcePath(resource: "pokemon-species", id: 133))
        let chainPath = try #require(species.evolutionChain?.path)
        let chain = try source.decode(APIEvolutionChain.self, at: chainPath)
        #expect(chain.chain.species.name == "eevee")
        #expect(chain.chain.evolvesTo.count >= 8)
        let vaporeon = try #require(chain.chain.evolvesTo.first { $0.species.name == "vaporeon" })
        #expect(vaporeon.evolutionDetails.contains { $0.item?.name == "water-stone" && $0.trigger?.name == "use-item" })
    }

    @Test("pokemon sprites keep other and versions as nested URL sets")
    func nestedSprites() throws {
        let pikachu = try source.decode(APIPokemon.self, at: APIResourcePath(resource: "pokemon", id: 25))
        #expect(pikachu.sprites.frontDefault?.hasSuffix("sprites/pokemon/25.png") == true)
        let home = try #require(pikachu.sprites.other?["home"])
        #expect(home[url: "front_default"] != nil)
        let generationOne = try #require(pikachu.sprites.versions?["generation-i"])
        #expect(generationOne.nested["red-blue"]?[url: "front_default"] != nil)
    }

    @Test("a name is looked up through the list endpoint")
    func nameLookup() throws {
        let path = try #require(APIResourcePath(resource: "pokemon", identifier: "pikachu"))
        let pokemon = try source.decode(APIPokemon.self, at: path)
        #expect(pokemon.id == 25)
    }
}

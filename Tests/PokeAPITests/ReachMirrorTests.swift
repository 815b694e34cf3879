import Foundation
import Testing
import TestSupport
@testable import PokeAPI

/// The scanner against the models: on every file of the shared mirror, the links a fetch
/// follows (the rules derived from the schema) are exactly those the exhaustive `API*`
/// models (decoded by `JSONDecoder`) give for the same fields.
@Suite("Reach agrees with the models on the shared mirror", .enabled(if: SharedFixtures.hasMirror, SharedFixtures.absent("pokeapi-mirror")))
struct ReachMirrorTests {
    let source = LocalSource(root: SharedFixtures.pokeapiMirror)

    @Test("every pokemon, species, chain, move and generation", arguments: ["pokemon", "pokemon-species", "evolution-chain", "move", "generation"])
    func reachMatchesModels(resource: String) throws {
        let list = try source.list(resource)
        var differences: [String] = []
        for entry in list.results {
            let path = try #require(entry.path)
            let data = try Data(contentsOf: source.root.appendingPathComponent("api/v2/\(resource)/\(path.identifier ?? "")/index.json"))
            let scanned = try Reach.links(in: data, at: path, url: path.link)
            let expected = try Self.reach(of: data, resource: resource)
            if scanned != expected { differences.append(path.link) }
        }
        #expect(!list.results.isEmpty)
        #expect(differences.isEmpty, "\(differences.count) differ, first: \(differences.first ?? "")")
    }

    /// What the fetch reached before the scanner, from the full models.
    static func reach(of data: Data, resource: String) throws -> Reach {
        var reach = Reach()
        func add(_ links: [APINamedResource?]) {
            for link in links.compactMap({ $0 }) {
                if let path = link.path { reach.resources[path] = link.name }
            }
        }
        let decoder = JSONDecoder()
        switch resource {
        case "pokemon":
            let pokemon = try decoder.decode(APIPokemon.self, from: data)
            add([pokemon.species] + pokemon.forms + pokemon.types.map(\.type) + pokemon.moves.map(\.move)
                + pokemon.abilities.map(\.ability) + pokemon.heldItems.map(\.item) + pokemon.stats.map(\.stat))
            add(pokemon.moves.flatMap(\.versionGroupDetails).flatMap { [$0.moveLearnMethod, $0.versionGroup] })
            add(pokemon.heldItems.flatMap(\.versionDetails).map(\.version))
            if let encounters = APIResourcePath(link: pokemon.locationAreaEncounters) { reach.resources[encounters] = .some(nil) }
            let sprites = pokemon.sprites
            reach.sprites = Set([sprites.frontDefault, sprites.frontShiny, sprites.frontFemale, sprites.frontShinyFemale,
                                 sprites.backDefault, sprites.backShiny, sprites.backFemale, sprites.backShinyFemale,
                                 pokemon.cries?.latest, pokemon.cries?.legacy]
                .compactMap { $0 }.compactMap(SpritePath.init(url:)))
            let artwork = sprites.other?["official-artwork"], home = sprites.other?["home"]
            reach.artwork = Set([artwork?[url: "front_default"], artwork?[url: "front_shiny"]].compactMap { $0 }.compactMap(SpritePath.init(url:)))
            reach.home = Set([home?[url: "front_default"], home?[url: "front_shiny"]].compactMap { $0 }.compactMap(SpritePath.init(url:)))
        case "pokemon-species":
            let species = try decoder.decode(APIPokemonSpecies.self, from: data)
            add(species.varieties.map(\.pokemon) + species.eggGroups + [species.growthRate, species.color, species.generation, species.shape, species.habitat])
            add([species.evolvesFromSpecies] + species.names.map(\.language) + species.genera.map(\.language))
            add(species.flavorTextEntries.flatMap { [$0.language, $0.version] })
            if let chain = species.evolutionChain?.path { reach.resources[chain] = .some(nil) }
        case "evolution-chain":
            let chain = try decoder.decode(APIEvolutionChain.self, from: data)
            func details(_ link: APIChainLink) -> [APIEvolutionDetail] { link.evolutionDetails + link.evolvesTo.flatMap(details) }
            add(chain.allSpecies)
            add(details(chain.chain).flatMap { [$0.item, $0.heldItem, $0.knownMove, $0.usedMove, $0.trigger, $0.knownMoveType, $0.partyType, $0.location, $0.region] })
            add(details(chain.chain).flatMap { [$0.partySpecies, $0.tradeSpecies, $0.baseForm, $0.evolvedForm] })
        case "move":
            let move = try decoder.decode(APIMove.self, from: data)
            add([move.type, move.damageClass, move.target, move.generation] + move.names.map(\.language))
            add(move.effectEntries.map(\.language) + move.flavorTextEntries.flatMap { [$0.language, $0.versionGroup] })
            for machine in move.machines {
                if let path = APIResourcePath(link: machine.machine.url) { reach.resources[path] = .some(nil) }
                add([machine.versionGroup])
            }
        case "generation":
            let generation = try decoder.decode(APIGeneration.self, from: data)
            reach.generationSpecies = generation.pokemonSpecies.compactMap(\.path)
            add(generation.names.map(\.language))
        default:
            break
        }
        return reach
    }
}

import Foundation

/// What a fetched resource leads to: the resources and sprites the site needs next.
///
/// Decoding here is also the check that a response is the JSON it should be:
/// nothing reaches the cache unless it decoded.
struct Reach: Sendable, Equatable {
    /// Resources to fetch, with their names where the link gives one.
    var resources: [APIResourcePath: String?] = [:]
    var sprites: Set<SpritePath> = []
    /// The species a generation introduced; fetched only when that generation is selected.
    var generationSpecies: [APIResourcePath] = []

    /// Resources whose every entry is fetched, as lookups for the site.
    static let lookupResources = [
        "language", "stat", "type", "generation", "version-group", "pokemon-color", "growth-rate",
        "move-damage-class", "move-learn-method", "evolution-trigger", "egg-group", "pokemon-shape", "pokemon-habitat",
    ]

    /// The links in `data`, a resource at `path`; throws when it is not valid JSON of that resource.
    static func links(in data: Data, at path: APIResourcePath, url: String) throws(PokeAPIFailure) -> Reach {
        var reach = Reach()
        switch path.resource {
        case "pokemon-species":
            let species = try APIJSON.decode(APIPokemonSpecies.self, from: data, url: url)
            reach.add(species.varieties.map(\.pokemon) + species.eggGroups)
            reach.add([species.growthRate, species.color, species.generation])
            reach.add([species.shape, species.habitat].compactMap { $0 })
            if let chain = species.evolutionChain?.path { reach.resources[chain] = .some(nil) }
        case "evolution-chain":
            let chain = try APIJSON.decode(APIEvolutionChain.self, from: data, url: url)
            reach.add(chain.allSpecies)
            reach.add(details(chain.chain).flatMap { detail in
                [detail.item, detail.heldItem, detail.knownMove, detail.usedMove, detail.trigger, detail.knownMoveType, detail.partyType]
                    .compactMap { $0 }
            })
        case "pokemon":
            let pokemon = try APIJSON.decode(ReachModels.Pokemon.self, from: data, url: url)
            let links = [pokemon.species] + pokemon.forms + pokemon.types.map(\.type) + pokemon.moves.map(\.move)
                + pokemon.abilities.compactMap(\.ability) + pokemon.heldItems.map(\.item) + pokemon.stats.map(\.stat)
            reach.add(links.compactMap(\.resource))
            let sprites = pokemon.sprites
            reach.sprites = Set([sprites.frontDefault, sprites.frontShiny, sprites.frontFemale, sprites.frontShinyFemale]
                .compactMap { $0 }.compactMap(SpritePath.init(url:)))
        case "generation":
            let generation = try APIJSON.decode(ReachModels.Generation.self, from: data, url: url)
            reach.generationSpecies = generation.pokemonSpecies.compactMap { APIResourcePath(link: $0.url) }
        case "move":
            let move = try APIJSON.decode(ReachModels.Move.self, from: data, url: url)
            reach.add(([move.type] + [move.damageClass].compactMap { $0 }).compactMap(\.resource))
        default:
            guard APIJSON.isValid(data) else { throw .invalidJSON(url: url) }
        }
        return reach
    }
}

private extension Reach {
    mutating func add(_ links: [APINamedResource]) {
        for link in links {
            if let path = link.path { resources[path] = link.name }
        }
    }

    static func details(_ link: APIChainLink) -> [APIEvolutionDetail] {
        link.evolutionDetails + link.evolvesTo.flatMap(details)
    }
}

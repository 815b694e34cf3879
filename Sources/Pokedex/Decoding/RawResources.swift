/// The few fields of PokeAPI resources the catalog reads, decoded leniently.
///
/// These mirror only what the Catalog stage needs so a 500 KB pokemon resource decodes
/// without building the parts it ignores (game indices, past stats, sprite versions...).
/// Optional wherever the live API has been seen to send null or omit a field.

/// A `{ "name": ..., "url": ... }` link to another resource.
struct RawLink: Decodable, Sendable {
    var name: String?
    var url: String

    /// The numeric id at the end of the URL, relative ("/api/v2/type/3/") or absolute.
    var id: Int? { ResourceURL.id(in: url) }
}

/// A list endpoint's page.
struct RawList: Decodable, Sendable {
    var results: [RawLink]
}

struct RawName: Decodable, Sendable {
    var name: String
    var language: RawLink
}

struct RawGenus: Decodable, Sendable {
    var genus: String
    var language: RawLink
}

struct RawFlavorText: Decodable, Sendable {
    var flavorText: String
    var language: RawLink
    var version: RawLink?
}

struct RawEffect: Decodable, Sendable {
    var shortEffect: String?
    var effect: String?
    var language: RawLink
}

struct RawSpecies: Decodable, Sendable {
    struct Variety: Decodable, Sendable {
        var isDefault: Bool
        var pokemon: RawLink
    }

    var id: Int
    var name: String
    var names: [RawName]?
    var genera: [RawGenus]?
    var flavorTextEntries: [RawFlavorText]?
    var color: RawLink?
    var generation: RawLink?
    var isLegendary: Bool?
    var isMythical: Bool?
    var isBaby: Bool?
    var evolutionChain: RawLink?
    var evolvesFromSpecies: RawLink?
    var varieties: [Variety]?
    var growthRate: RawLink?
    var captureRate: Int?
    var baseHappiness: Int?
    var genderRate: Int?
    var hatchCounter: Int?
    var eggGroups: [RawLink]?
    var hasGenderDifferences: Bool?
}

struct RawPokemon: Decodable, Sendable {
    struct AbilityEntry: Decodable, Sendable {
        var ability: RawLink?
        var isHidden: Bool
        var slot: Int
    }
    struct StatEntry: Decodable, Sendable {
        var baseStat: Int
        var stat: RawLink
    }
    struct TypeEntry: Decodable, Sendable {
        var slot: Int
        var type: RawLink
    }
    struct MoveEntry: Decodable, Sendable {
        struct Detail: Decodable, Sendable {
            var levelLearnedAt: Int?
            var moveLearnMethod: RawLink
            var versionGroup: RawLink
        }
        var move: RawLink
        var versionGroupDetails: [Detail]
    }
    struct HeldItem: Decodable, Sendable {
        var item: RawLink
    }
    struct SpriteSet: Decodable, Sendable {
        var frontDefault: String?
        var frontShiny: String?
        var frontFemale: String?
        var frontShinyFemale: String?
    }

    var id: Int
    var name: String
    var isDefault: Bool?
    var height: Int?
    var weight: Int?
    var baseExperience: Int?
    var species: RawLink
    var forms: [RawLink]?
    var abilities: [AbilityEntry]?
    var stats: [StatEntry]?
    var types: [TypeEntry]?
    var moves: [MoveEntry]?
    var heldItems: [HeldItem]?
    var sprites: SpriteSet?
}

struct RawPokemonForm: Decodable, Sendable {
    var id: Int
    var name: String
    var formName: String?
    var names: [RawName]?
    var formNames: [RawName]?
}

struct RawEvolutionChain: Decodable, Sendable {
    struct Link: Decodable, Sendable {
        var species: RawLink
        var evolutionDetails: [RawEvolutionDetail]?
        var evolvesTo: [Link]?
    }

    var id: Int
    var chain: Link
}

struct RawEvolutionDetail: Decodable, Sendable {
    var trigger: RawLink?
    var minLevel: Int?
    var item: RawLink?
    var heldItem: RawLink?
    var knownMove: RawLink?
    var knownMoveType: RawLink?
    var location: RawLink?
    var minHappiness: Int?
    var minBeauty: Int?
    var minAffection: Int?
    var timeOfDay: String?
    var gender: Int?
    var needsOverworldRain: Bool?
    var partySpecies: RawLink?
    var partyType: RawLink?
    var relativePhysicalStats: Int?
    var tradeSpecies: RawLink?
    var turnUpsideDown: Bool?
}

struct RawType: Decodable, Sendable {
    struct Relations: Decodable, Sendable {
        var doubleDamageFrom: [RawLink]?
        var halfDamageFrom: [RawLink]?
        var noDamageFrom: [RawLink]?
        var doubleDamageTo: [RawLink]?
        var halfDamageTo: [RawLink]?
        var noDamageTo: [RawLink]?
    }
    struct Member: Decodable, Sendable {
        var pokemon: RawLink
    }

    var id: Int
    var name: String
    var names: [RawName]?
    var damageRelations: Relations?
    var pokemon: [Member]?
}

struct RawMove: Decodable, Sendable {
    var id: Int
    var name: String
    var names: [RawName]?
    var type: RawLink?
    var damageClass: RawLink?
    var power: Int?
    var accuracy: Int?
    var pp: Int?
}

struct RawAbility: Decodable, Sendable {
    var id: Int
    var name: String
    var names: [RawName]?
    var effectEntries: [RawEffect]?
}

/// Items and stats: a name and its translations.
struct RawNamed: Decodable, Sendable {
    var id: Int
    var name: String
    var names: [RawName]?
}


struct RawVersion: Decodable, Sendable {
    var id: Int
    var name: String
    var versionGroup: RawLink?
}

struct RawVersionGroup: Decodable, Sendable {
    var id: Int
    var name: String
    var order: Int?
}

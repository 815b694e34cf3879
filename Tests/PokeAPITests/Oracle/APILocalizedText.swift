@testable import PokeAPI
/// A resource's name in one language.
struct APIName: Decodable, Sendable, Hashable {
    let name: String
    let language: APINamedResource

    enum CodingKeys: String, CodingKey {
        case name
        case language
    }
}

/// A description in one language (growth rates, form descriptions).
struct APIDescription: Decodable, Sendable, Hashable {
    let description: String
    let language: APINamedResource

    enum CodingKeys: String, CodingKey {
        case description
        case language
    }
}

/// An effect text in one language.
struct APIEffect: Decodable, Sendable, Hashable {
    let effect: String
    let language: APINamedResource

    enum CodingKeys: String, CodingKey {
        case effect
        case language
    }
}

/// An effect text with its short form, in one language.
struct APIVerboseEffect: Decodable, Sendable, Hashable {
    let effect: String
    let shortEffect: String?
    let language: APINamedResource

    enum CodingKeys: String, CodingKey {
        case effect
        case shortEffect = "short_effect"
        case language
    }
}

/// A flavor text tied to a version group (abilities, moves).
struct APIVersionGroupFlavorText: Decodable, Sendable, Hashable {
    let flavorText: String
    let language: APINamedResource
    let versionGroup: APINamedResource?

    enum CodingKeys: String, CodingKey {
        case flavorText = "flavor_text"
        case language
        case versionGroup = "version_group"
    }
}

/// A game index in one generation.
struct APIGenerationGameIndex: Decodable, Sendable, Hashable {
    let gameIndex: Int
    let generation: APINamedResource

    enum CodingKeys: String, CodingKey {
        case gameIndex = "game_index"
        case generation
    }
}

/// A game index in one version.
struct APIVersionGameIndex: Decodable, Sendable, Hashable {
    let gameIndex: Int
    let version: APINamedResource

    enum CodingKeys: String, CodingKey {
        case gameIndex = "game_index"
        case version
    }
}

/// A resource's name in one language.
public struct APIName: Decodable, Sendable, Hashable {
    public let name: String
    public let language: APINamedResource

    enum CodingKeys: String, CodingKey {
        case name
        case language
    }
}

/// A description in one language (growth rates, form descriptions).
public struct APIDescription: Decodable, Sendable, Hashable {
    public let description: String
    public let language: APINamedResource

    enum CodingKeys: String, CodingKey {
        case description
        case language
    }
}

/// An effect text in one language.
public struct APIEffect: Decodable, Sendable, Hashable {
    public let effect: String
    public let language: APINamedResource

    enum CodingKeys: String, CodingKey {
        case effect
        case language
    }
}

/// An effect text with its short form, in one language.
public struct APIVerboseEffect: Decodable, Sendable, Hashable {
    public let effect: String
    public let shortEffect: String?
    public let language: APINamedResource

    enum CodingKeys: String, CodingKey {
        case effect
        case shortEffect = "short_effect"
        case language
    }
}

/// A flavor text tied to a version group (abilities, moves).
public struct APIVersionGroupFlavorText: Decodable, Sendable, Hashable {
    public let flavorText: String
    public let language: APINamedResource
    public let versionGroup: APINamedResource?

    enum CodingKeys: String, CodingKey {
        case flavorText = "flavor_text"
        case language
        case versionGroup = "version_group"
    }
}

/// A game index in one generation.
public struct APIGenerationGameIndex: Decodable, Sendable, Hashable {
    public let gameIndex: Int
    public let generation: APINamedResource

    enum CodingKeys: String, CodingKey {
        case gameIndex = "game_index"
        case generation
    }
}

/// A game index in one version.
public struct APIVersionGameIndex: Decodable, Sendable, Hashable {
    public let gameIndex: Int
    public let version: APINamedResource

    enum CodingKeys: String, CodingKey {
        case gameIndex = "game_index"
        case version
    }
}

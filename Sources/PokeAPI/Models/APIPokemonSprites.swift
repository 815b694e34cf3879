/// A pokemon's (or a form's) sprites; any of them may be null.
public struct APIPokemonSprites: Decodable, Sendable, Hashable {
    public let frontDefault: String?
    public let frontShiny: String?
    public let frontFemale: String?
    public let frontShinyFemale: String?
    public let backDefault: String?
    public let backShiny: String?
    public let backFemale: String?
    public let backShinyFemale: String?
    /// Keyed by artwork family: `dream_world`, `home`, `official-artwork`, `showdown`.
    public let other: [String: APISpriteSet]?
    /// Keyed by generation; each holds games, which hold URL sets.
    public let versions: [String: APISpriteSet]?

    enum CodingKeys: String, CodingKey {
        case frontDefault = "front_default"
        case frontShiny = "front_shiny"
        case frontFemale = "front_female"
        case frontShinyFemale = "front_shiny_female"
        case backDefault = "back_default"
        case backShiny = "back_shiny"
        case backFemale = "back_female"
        case backShinyFemale = "back_shiny_female"
        case other
        case versions
    }
}

extension APIPokemonSprites {
    /// The sprites the site shows: front default and shiny, female where present.
    public var siteSprites: [String] {
        [frontDefault, frontShiny, frontFemale, frontShinyFemale].compactMap { $0 }
    }
}

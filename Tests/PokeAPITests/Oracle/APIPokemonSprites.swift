@testable import PokeAPI
/// A pokemon's (or a form's) sprites; any of them may be null.
struct APIPokemonSprites: Decodable, Sendable, Hashable {
    let frontDefault: String?
    let frontShiny: String?
    let frontFemale: String?
    let frontShinyFemale: String?
    let backDefault: String?
    let backShiny: String?
    let backFemale: String?
    let backShinyFemale: String?
    /// Keyed by artwork family: `dream_world`, `home`, `official-artwork`, `showdown`.
    let other: [String: APISpriteSet]?
    /// Keyed by generation; each holds games, which hold URL sets.
    let versions: [String: APISpriteSet]?

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
    var siteSprites: [String] {
        [frontDefault, frontShiny, frontFemale, frontShinyFemale].compactMap { $0 }
    }
}

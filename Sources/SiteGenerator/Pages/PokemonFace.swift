import Pokedex

/// What a card, a row or a link shows of a pokemon: its name and number, form, types and the
/// images it may lead with, and what kind of variety it is (a species' forms section groups
/// its varieties by that). Pages that list other Pokémon (a move's learners, a type's
/// members, an evolution line, the previous and next) read only this, as `f:<slug>`, so an
/// edit to what only the pokemon's own pages show (its stats, moves, base experience) leaves
/// them as they were: before, each listed pokemon was read whole, and one edited pokemon
/// rendered its move pages again (150 pages on the mirror to find one changed).
///
/// A type of its own rather than a pokemon logged under another name: a page holding a face
/// cannot reach a field the face's fingerprint does not cover.
struct PokemonFace: Sendable, Hashable, Codable {
    var slug: String
    var name: String
    var speciesID: Int
    var isDefault: Bool
    var formName: String?
    /// Regional, mega, Gigantamax, battle-only: the forms section's groups.
    var form: FormInfo
    var types: [String]
    /// The front sprite, the official artwork and HOME's picture (``CatalogIndex/image(of:)``).
    var sprite: String?
    var artwork: String?
    var home: String?

    init(_ pokemon: Pokemon) {
        slug = pokemon.slug
        name = pokemon.name
        speciesID = pokemon.speciesID
        isDefault = pokemon.isDefault
        formName = pokemon.formName
        form = pokemon.form
        types = pokemon.types
        sprite = pokemon.sprites.frontDefault
        artwork = pokemon.media.artwork["front_default"]
        home = pokemon.media.home["front_default"]
    }
}

/// A pokemon's base stats and abilities (``CatalogIndex/battleFacts(of:)``).
struct BattleFacts: Sendable, Hashable, Encodable {
    var stats: [BaseStat]
    var abilities: [AbilitySlot]

    init(_ pokemon: Pokemon) {
        stats = pokemon.stats
        abilities = pokemon.abilities
    }
}

/// The catalog's pokemon as faces (``CatalogIndex/faces``), each lookup recorded as `f:<slug>`.
struct RecordedFaces: Sendable {
    let base: [String: PokemonFace]
    let log: ReadLog?

    subscript(slug: String) -> PokemonFace? {
        log?.read("f:" + slug)
        return base[slug]
    }
}

import Pokedex

/// What the trainer has: the input the collection feature fills, empty by default.
///
/// Pages only read it: captured individuals mark cards, fill "My Pokémon" and the
/// "Your <species>" part of detail pages; favorite species fill "Favorites".
package struct SiteCollection: Sendable, Hashable, Codable {
    /// One captured individual.
    package struct Caught: Sendable, Hashable, Codable {
        /// The pokemon's slug (a variety, e.g. "raichu-alola").
        package var pokemon: String
        package var id: String
        package var nickname: String?
        package var level: Int?
        package var experience: Int?
        /// Move slugs.
        package var moves: [String]
        /// An item slug.
        package var heldItem: String?
        /// A sprite key (`front_default`, `front_shiny`, ...).
        package var sprite: String?
        /// The trainer's notes, in Markdown; pages show them rendered and sanitized.
        package var notes: String?

        package init(
            pokemon: String, id: String = "", nickname: String? = nil, level: Int? = nil, experience: Int? = nil,
            moves: [String] = [], heldItem: String? = nil, sprite: String? = nil, notes: String? = nil
        ) {
            self.notes = notes
            self.pokemon = pokemon
            self.id = id
            self.nickname = nickname
            self.level = level
            self.experience = experience
            self.moves = moves
            self.heldItem = heldItem
            self.sprite = sprite
        }
    }

    package var caught: [Caught]
    /// Species slugs marked as favorites.
    package var favorites: [String]

    package init(caught: [Caught] = [], favorites: [String] = []) {
        self.caught = caught
        self.favorites = favorites
    }

    /// A collection with nothing in it.
    package static let empty = SiteCollection()

    /// The trainer's collection file as the pages read it: each individual shown as its
    /// species' default variety; species the catalog does not hold are left out.
    package init(_ collection: TrainerCollection, catalog: Catalog) {
        caught = collection.caught.compactMap { individual in
            guard let species = catalog.species(slug: individual.species),
                  let pokemon = catalog.defaultPokemon(of: species) else { return nil }
            return Caught(
                pokemon: pokemon.slug, id: individual.id, nickname: individual.nickname, level: individual.level,
                experience: individual.experience, moves: individual.moves, heldItem: individual.heldItem,
                sprite: individual.sprite, notes: individual.notes
            )
        }
        favorites = collection.favorites.filter { catalog.species(slug: $0) != nil }
    }
}

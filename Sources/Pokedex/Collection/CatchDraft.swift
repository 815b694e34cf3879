/// A caught Pokémon as a person typed it, before any rule is checked.
///
/// Everything is text so that every mistake can be reported at once, in the rules'
/// own words, rather than the first one failing a parse.
package struct CatchDraft: Sendable, Hashable {
    package var species: String
    package var nickname: String
    package var level: String
    package var experience: String?
    package var moves: [String]
    package var heldItem: String?
    package var sprite: String?
    package var notes: String?

    package init(
        species: String, nickname: String, level: String, experience: String? = nil,
        moves: [String], heldItem: String? = nil, sprite: String? = nil, notes: String? = nil
    ) {
        self.notes = notes
        self.species = species
        self.nickname = nickname
        self.level = level
        self.experience = experience
        self.moves = moves
        self.heldItem = heldItem
        self.sprite = sprite
    }

    /// The draft that re-checks an individual already in the collection.
    package init(_ pokemon: CaughtPokemon) {
        self.init(
            species: pokemon.species, nickname: pokemon.nickname, level: String(pokemon.level),
            experience: String(pokemon.experience), moves: pokemon.moves,
            heldItem: pokemon.heldItem, sprite: pokemon.sprite, notes: pokemon.notes
        )
    }
}

/// The changes `pokedex edit` asks for; nil leaves a field as it is.
package struct CatchEdit: Sendable, Hashable {
    package var species: String?
    package var nickname: String?
    package var level: String?
    package var experience: String?
    /// Replaces every move when non-empty.
    package var moves: [String]
    /// `.some(nil)` removes the held item.
    package var heldItem: String??
    package var sprite: String?
    /// `.some(nil)` (or an empty text) removes the notes.
    package var notes: String??

    package init(
        species: String? = nil, nickname: String? = nil, level: String? = nil,
        experience: String? = nil, moves: [String] = [], heldItem: String?? = nil, sprite: String? = nil, notes: String?? = nil
    ) {
        self.notes = notes
        self.species = species
        self.nickname = nickname
        self.level = level
        self.experience = experience
        self.moves = moves
        self.heldItem = heldItem
        self.sprite = sprite
    }

    /// The draft that results from applying these changes to `pokemon`.
    package func applied(to pokemon: CaughtPokemon) -> CatchDraft {
        var draft = CatchDraft(pokemon)
        if let species { draft.species = species }
        if let nickname { draft.nickname = nickname }
        if let level {
            draft.level = level
            // A new level with no new experience starts at that level's threshold.
            if experience == nil { draft.experience = nil }
        }
        if let experience { draft.experience = experience }
        if !moves.isEmpty { draft.moves = moves }
        if let heldItem { draft.heldItem = heldItem }
        if let sprite { draft.sprite = sprite }
        if let notes { draft.notes = notes }
        return draft
    }
}

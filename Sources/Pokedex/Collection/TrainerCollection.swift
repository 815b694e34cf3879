import Foundation
import Common

/// What a trainer has: the Pokémon they caught and the species they favor.
///
/// Kept in a human-readable file beside `pokedex.toml` (see `CollectionFile`); the
/// site shows it on the home page, the detail pages, "My Pokémon" and "Favorites".
package struct TrainerCollection: Sendable, Hashable {
    /// Caught individuals, in the order they were caught.
    package var caught: [CaughtPokemon]
    /// Favorite species slugs, in the order they were added.
    package var favorites: [String]

    package init(caught: [CaughtPokemon] = [], favorites: [String] = []) {
        self.caught = caught
        self.favorites = favorites
    }

    /// Species slugs the trainer holds at least one of.
    package var caughtSpecies: Set<String> { Set(caught.map(\.species)) }

    /// The individual whose id is `reference`, or else the one nicknamed so (ignoring case).
    ///
    /// Ids win over nicknames so a nickname that looks like an id can never shadow one.
    package func individual(matching reference: String) throws(CollectionError) -> CaughtPokemon {
        let wanted = reference.trimmingCharacters(in: .whitespaces)
        if let byID = caught.first(where: { $0.id == wanted }) { return byID }
        let matches = caught.filter { $0.nickname.caseInsensitiveCompare(wanted) == .orderedSame }
        switch matches.count {
        case 1: return matches[0]
        case 0: throw .notFound(reference, suggestions: Suggestions.closest(to: wanted, in: caught.map(\.nickname) + caught.map(\.id)))
        default: throw .ambiguous(reference, ids: matches.map(\.id))
        }
    }
}

/// One Pokémon the trainer caught.
package struct CaughtPokemon: Sendable, Hashable, Identifiable {
    /// Stable across edits; never reused after a release.
    package var id: String
    /// The species slug ("pikachu").
    package var species: String
    package var nickname: String
    package var level: Int
    package var experience: Int
    /// Move slugs, one to four.
    package var moves: [String]
    /// An item slug.
    package var heldItem: String?
    /// The sprite key shown for it (`front_default`, `front_shiny`, `front_female`, ...).
    package var sprite: String
    /// The trainer's notes on it, in Markdown (rendered and sanitized on the site).
    package var notes: String?

    package init(
        id: String, species: String, nickname: String, level: Int, experience: Int,
        moves: [String], heldItem: String? = nil, sprite: String = "front_default", notes: String? = nil
    ) {
        self.notes = notes
        self.id = id
        self.species = species
        self.nickname = nickname
        self.level = level
        self.experience = experience
        self.moves = moves
        self.heldItem = heldItem
        self.sprite = sprite
    }
}

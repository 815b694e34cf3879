import Foundation

/// What a trainer has: the Pokémon they caught and the species they favor.
///
/// Kept in a human-readable file beside `pokedex.toml` (see `CollectionFile`); the
/// site shows it on the home page, the detail pages, "My Pokémon" and "Favorites".
public struct TrainerCollection: Sendable, Hashable {
    /// Caught individuals, in the order they were caught.
    public var caught: [CaughtPokemon]
    /// Favorite species slugs, in the order they were added.
    public var favorites: [String]

    public init(caught: [CaughtPokemon] = [], favorites: [String] = []) {
        self.caught = caught
        self.favorites = favorites
    }

    /// Species slugs the trainer holds at least one of.
    public var caughtSpecies: Set<String> { Set(caught.map(\.species)) }

    /// The individual whose id is `reference`, or else the one nicknamed so (ignoring case).
    ///
    /// Ids win over nicknames so a nickname that looks like an id can never shadow one.
    public func individual(matching reference: String) throws(CollectionError) -> CaughtPokemon {
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
public struct CaughtPokemon: Sendable, Hashable, Identifiable {
    /// Stable across edits; never reused after a release.
    public var id: String
    /// The species slug ("pikachu").
    public var species: String
    public var nickname: String
    public var level: Int
    public var experience: Int
    /// Move slugs, one to four.
    public var moves: [String]
    /// An item slug.
    public var heldItem: String?
    /// The sprite key shown for it (`front_default`, `front_shiny`, `front_female`, ...).
    public var sprite: String

    public init(
        id: String, species: String, nickname: String, level: Int, experience: Int,
        moves: [String], heldItem: String? = nil, sprite: String = "front_default"
    ) {
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

/// What a Pokémon caught without details gets: its own name, level 5, the moves it knows then.
package struct CatchDefaults: Sendable {
    package static let level = 5
    let catalog: Catalog

    package init(catalog: Catalog) {
        self.catalog = catalog
    }

    /// A draft for `species` at the default level, with up to four of the moves it learns
    /// by level-up at or below that level (the last ones learned, as the games do).
    package func draft(forSpecies slug: String) -> CatchDraft {
        let species = catalog.species(slug: slug)
        let pokemon = species.flatMap { catalog.defaultPokemon(of: $0) }
        // Read from the learnset once (``Pokemon/moves`` is not held).
        let newest = pokemon?.moves ?? []
        let levelUp = newest.filter { $0.method == .levelUp && ($0.level ?? 0) <= Self.level }
        var moves = Array(levelUp.suffix(4).map(\.move))
        if moves.isEmpty, let first = newest.first?.move ?? pokemon?.learnableMoves.first { moves = [first] }
        return CatchDraft(species: slug, nickname: species?.name ?? slug, level: String(Self.level), moves: moves)
    }
}

/// Makes ids for caught Pokémon: short, readable, never one the collection has.
package struct CollectionIDs: Sendable {
    private var generator: any RandomNumberGenerator & Sendable
    private static let alphabet = Array("abcdefghjkmnpqrstuvwxyz23456789")

    package init(generator: any RandomNumberGenerator & Sendable = SystemRandomNumberGenerator()) {
        self.generator = generator
    }

    /// A six-character id no Pokémon in `collection` has.
    package mutating func next(avoiding collection: TrainerCollection) -> String {
        let taken = Set(collection.caught.map(\.id))
        while true {
            var id = ""
            for _ in 0..<6 { id.append(Self.alphabet[Int(generator.next() % UInt64(Self.alphabet.count))]) }
            if !taken.contains(id) { return id }
        }
    }
}

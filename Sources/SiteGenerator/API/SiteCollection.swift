/// What the trainer has: the input the collection feature fills, empty by default.
///
/// Pages only read it: captured individuals mark cards and fill "My Pokémon";
/// favorite species fill "Favorites".
public struct SiteCollection: Sendable, Hashable {
    /// One captured individual.
    public struct Caught: Sendable, Hashable {
        /// The pokemon's slug (a variety, e.g. "raichu-alola").
        public var pokemon: String
        public var nickname: String?
        public var level: Int?

        public init(pokemon: String, nickname: String? = nil, level: Int? = nil) {
            self.pokemon = pokemon
            self.nickname = nickname
            self.level = level
        }
    }

    public var caught: [Caught]
    /// Species slugs marked as favorites.
    public var favorites: [String]

    public init(caught: [Caught] = [], favorites: [String] = []) {
        self.caught = caught
        self.favorites = favorites
    }

    /// A collection with nothing in it.
    public static let empty = SiteCollection()
}

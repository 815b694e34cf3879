/// Everything the site knows, normalized from PokeAPI into the project's own shape.
///
/// A catalog is plain data: no JSON shapes, no URLs to the API. Display names are
/// already resolved in the catalog's language (falling back to English), so later
/// stages never title-case a slug. It is `Codable` so a build can keep it as a snapshot
/// and skip decoding the raw resources when they have not changed.
public struct Catalog: Sendable, Hashable, Codable {
    /// The language code names, genera and flavor text were chosen in (e.g. "en").
    public var language: String
    /// Every species, in national-dex order.
    public var species: [Species]
    /// Every pokemon (default and alternate varieties), keyed by slug.
    public var pokemon: [String: Pokemon]
    /// The types Pokémon can have (the 18 of the games), in the games' order.
    public var types: [PokemonType]
    /// Evolution chains, keyed by chain id.
    public var evolutionChains: [Int: EvolutionChain]
    /// Moves, abilities, items and stats referenced anywhere above, keyed by slug.
    public var moves: [String: Move]
    public var abilities: [String: Ability]
    public var items: [String: Item]
    public var stats: [String: Stat]
    /// Species that appear in a chain of the catalog but are outside its selection, keyed by slug.
    ///
    /// The site shows them as unlinked cards; they have no pages and no pokemon here.
    public var chainOnlySpecies: [String: SpeciesSummary]
    /// Total experience for levels 1 through 100, keyed by growth-rate slug.
    public var growthRates: [String: [Int]]
    /// Slugs of every item the data lists, sorted: what "an item that exists" means for
    /// the collection, even where the catalog has no display name for one.
    public var itemSlugs: [String]
    /// Display names of the places and regions evolution conditions name, keyed by slug,
    /// where the data has them (api-data dumps hold no locations).
    public var locationNames: [String: String]
    public var regionNames: [String: String]

    public init(
        language: String,
        species: [Species],
        pokemon: [String: Pokemon],
        types: [PokemonType],
        evolutionChains: [Int: EvolutionChain],
        moves: [String: Move],
        abilities: [String: Ability],
        items: [String: Item],
        stats: [String: Stat],
        chainOnlySpecies: [String: SpeciesSummary] = [:],
        growthRates: [String: [Int]] = [:],
        itemSlugs: [String] = [],
        locationNames: [String: String] = [:],
        regionNames: [String: String] = [:]
    ) {
        self.language = language
        self.species = species
        self.pokemon = pokemon
        self.types = types
        self.evolutionChains = evolutionChains
        self.moves = moves
        self.abilities = abilities
        self.items = items
        self.stats = stats
        self.chainOnlySpecies = chainOnlySpecies
        self.growthRates = growthRates
        self.itemSlugs = itemSlugs
        self.locationNames = locationNames
        self.regionNames = regionNames
    }
}

/// Everything the site knows, normalized from PokeAPI into the project's own shape.
///
/// A catalog is plain data: no JSON shapes, no URLs to the API. Display names are
/// already resolved in the catalog's language (falling back to English), so later
/// stages never title-case a slug. It is `Codable` so a build can keep it as a snapshot
/// and skip decoding the raw resources when they have not changed.
package struct Catalog: Sendable, Hashable, Codable {
    /// The language code names, genera and flavor text were chosen in (e.g. "en").
    package var language: String
    /// Every species, in national-dex order.
    package var species: [Species]
    /// Every pokemon (default and alternate varieties), keyed by slug.
    package var pokemon: [String: Pokemon]
    /// The types Pokémon can have (the 18 of the games), in the games' order.
    package var types: [PokemonType]
    /// Evolution chains, keyed by chain id.
    package var evolutionChains: [Int: EvolutionChain]
    /// Moves, abilities, items and stats referenced anywhere above, keyed by slug.
    package var moves: [String: Move]
    package var abilities: [String: Ability]
    package var items: [String: Item]
    package var stats: [String: Stat]
    /// Species that appear in a chain of the catalog but are outside its selection, keyed by slug.
    ///
    /// The site shows them as unlinked cards; they have no pages and no pokemon here.
    package var chainOnlySpecies: [String: SpeciesSummary]
    /// Total experience for levels 1 through 100, keyed by growth-rate slug.
    package var growthRates: [String: [Int]]
    /// Slugs of every item the data lists, sorted: what "an item that exists" means for
    /// the collection, even where the catalog has no display name for one.
    package var itemSlugs: [String]
    /// Display names of the places and regions evolution conditions name, keyed by slug,
    /// where the data has them (api-data dumps hold no locations).
    package var locationNames: [String: String]
    package var regionNames: [String: String]
    /// Version groups, newest first; versions by slug.
    package var versionGroups: [VersionGroupInfo] = []
    package var versionNames: [String: String] = [:]
    /// Display names of small lookups by kind, then slug: `egg-group`, `encounter-method`,
    /// `encounter-condition-value`, `evolution-trigger`, `move-target`, `move-damage-class`,
    /// `language`, `growth-rate`, `item-category`, `generation`, `location-area`.
    package var labels: [String: [String: String]] = [:]
    /// The place each location area belongs to, and the region each place is in.
    package var areaLocations: [String: String] = [:]
    package var locationRegions: [String: String] = [:]

    package init(
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

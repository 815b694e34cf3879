// Generates Sources/Pokedex/Resources/sample-catalog.json from a PokeAPI api-data folder.
//
// Usage: swift run make-sample <api-data folder> <output.json>
// The sample is the project's own catalog format, trimmed to facts: no flavor text, no
// ability effects, no sprites, about ten moves per pokemon.
import Foundation
import Pokedex

/// Species chosen to exercise every page: dual types, a three-stage chain, Eevee's branches
/// (across generations, with friendship and time), a baby, a regional form, megas, a
/// legendary, trade evolutions with and without a held item, gender differences, hidden
/// abilities, names with punctuation and symbols, and every one of the 18 types.
let speciesNames = [
    "bulbasaur", "ivysaur", "venusaur", "charizard", "pichu", "pikachu", "raichu",
    "nidoran-f", "farfetchd", "gastly", "haunter", "gengar", "onix", "steelix",
    "scyther", "scizor", "mr-mime", "eevee", "vaporeon", "jolteon", "flareon",
    "espeon", "umbreon", "leafeon", "glaceon", "sylveon", "dratini", "dragonair",
    "dragonite", "mewtwo", "riolu", "lucario",
]
/// Alternate varieties kept (the rest of each species' varieties are left out).
let keptVarieties: Set<String> = ["raichu-alola", "charizard-mega-x", "charizard-mega-y", "mewtwo-mega-x", "mewtwo-mega-y"]
/// Learnset shape per pokemon: how many of each method, in this order.
let moveQuota: [(LearnedMove.Method, Int)] = [(.levelUp, 6), (.machine, 2), (.egg, 1), (.tutor, 1)]

/// Up to `count` elements spread evenly over `list` (level-up moves from first to last level).
func spread<Element>(_ list: [Element], _ count: Int) -> [Element] {
    guard list.count > count, count > 1 else { return Array(list.prefix(count)) }
    return (0..<count).map { list[$0 * (list.count - 1) / (count - 1)] }
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: make-sample <api-data folder> <output.json>\n".utf8))
    exit(2)
}
var loader = CatalogLoader(
    cacheRoot: URL(fileURLWithPath: arguments[1]), language: "en", selection: Selection(names: speciesNames))
loader.snapshotFolder = nil
var catalog = try await loader.load().catalog

var pokemon: [String: Pokemon] = [:]
for index in catalog.species.indices {
    var species = catalog.species[index]
    species.flavorText = nil
    species.entries = []
    species.varieties = species.varieties.enumerated()
        .filter { $0.offset == 0 || keptVarieties.contains($0.element) }
        .map(\.element)
    for slug in species.varieties {
        guard var entry = catalog.pokemon[slug] else { continue }
        entry.sprites = Sprites()
        entry.media = Media()
        entry.cosmeticForms = entry.cosmeticForms.map { CosmeticForm(slug: $0.slug, name: $0.name, sprite: nil) }
        // Both given, not read from the learnset cut below. learnableMoves stays whole (slugs
        // only): `pokedex catch --sample` accepts any move the species really learns, not only
        // the ten its moves table shows.
        entry.learnableMoves = entry.learnableMoves
        entry.moves = moveQuota.flatMap { method, count in spread(entry.moves.filter { $0.method == method }, count) }
        // Every game's learnset, but of the moves kept only: the moves section's switcher shows.
        let kept = Set(entry.moves.map(\.move))
        entry.learnset.packed = LearnedWords(entry.learnset.packed.filter { kept.contains(entry.learnset.moves[Int($0 >> 32)]) })
        entry.encounters = EncounterList(entry.encounters.prefix(12))
        pokemon[slug] = entry
    }
    catalog.species[index] = species
}
catalog.pokemon = pokemon

/// Moves and items a chain's conditions name, so their names stay in the sample.
func conditionReferences(_ node: EvolutionNode) -> (moves: [String], items: [String]) {
    var moves = node.conditions.compactMap(\.knownMove)
    var items = node.conditions.flatMap { [$0.item, $0.heldItem].compactMap { $0 } }
    for child in node.evolvesTo {
        let found = conditionReferences(child)
        moves += found.moves
        items += found.items
    }
    return (moves, items)
}
let chainReferences = catalog.evolutionChains.values.map { conditionReferences($0.root) }
let usedMoves = Set(pokemon.values.flatMap { $0.moves.map(\.move) } + chainReferences.flatMap(\.moves))
let usedItems = Set(pokemon.values.flatMap(\.heldItems) + chainReferences.flatMap(\.items))
let usedAbilities = Set(pokemon.values.flatMap { $0.abilities.map(\.ability) })
catalog.moves = catalog.moves.filter { usedMoves.contains($0.key) }
catalog.items = catalog.items.filter { usedItems.contains($0.key) }
catalog.itemSlugs = catalog.items.keys.sorted()
catalog.abilities = catalog.abilities.filter { usedAbilities.contains($0.key) }
    .mapValues { ability in
        var trimmed = Ability(slug: ability.slug, name: ability.name)
        trimmed.generation = ability.generation
        return trimmed
    }
// Facts only: PokeAPI's prose (effects, flavor text) and pictures stay out of the sample.
catalog.moves = catalog.moves.mapValues { move in
    var trimmed = move
    trimmed.effect = nil
    trimmed.flavorText = nil
    return trimmed
}
catalog.items = catalog.items.mapValues { item in
    var trimmed = item
    trimmed.effect = nil
    trimmed.flavorText = nil
    trimmed.sprite = nil
    return trimmed
}
let usedAreas = Set(pokemon.values.flatMap { $0.encounters.map(\.area) })
catalog.labels["location-area"] = catalog.labels["location-area"]?.filter { usedAreas.contains($0.key) }
catalog.areaLocations = catalog.areaLocations.filter { usedAreas.contains($0.key) }
let usedLocations = Set(catalog.areaLocations.values)
catalog.locationRegions = catalog.locationRegions.filter { usedLocations.contains($0.key) }

let encoder = JSONEncoder()
encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
try encoder.encode(catalog).write(to: URL(fileURLWithPath: arguments[2]), options: .atomic)
let typesCovered = Set(pokemon.values.flatMap(\.types))
let missing = catalog.types.map(\.slug).filter { !typesCovered.contains($0) }
FileHandle.standardError.write(Data("""
    wrote \(catalog.species.count) species, \(pokemon.count) pokemon, \(catalog.moves.count) moves; \
    types without a pokemon: \(missing.isEmpty ? "none" : missing.joined(separator: ", "))\n
    """.utf8))

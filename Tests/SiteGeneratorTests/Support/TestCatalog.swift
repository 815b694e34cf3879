import Foundation
import Pokedex
@testable import SiteGenerator

/// A small hand-built catalog with every shape the pages handle: a baby, a three-stage
/// chain, Eevee's branches, a trade with an item, a regional form, a chain member outside
/// the selection, and a species with no evolution.
enum TestCatalog {
    static let typeSlugs = [
        "normal", "fighting", "flying", "poison", "ground", "rock", "bug", "ghost", "steel",
        "fire", "water", "grass", "electric", "psychic", "ice", "dragon", "dark", "fairy",
    ]

    static func make() -> Catalog {
        let types = typeSlugs.enumerated().map { offset, slug -> PokemonType in
            var type = PokemonType(id: offset + 1, slug: slug, name: slug.prefix(1).uppercased() + slug.dropFirst())
            switch slug {
            case "electric": type.doubleDamageFrom = ["ground"]; type.halfDamageFrom = ["flying", "steel", "electric"]
                type.doubleDamageTo = ["water", "flying"]; type.noDamageTo = ["ground"]
            case "ground": type.noDamageFrom = ["electric"]; type.doubleDamageFrom = ["water", "grass", "ice"]; type.halfDamageFrom = ["poison", "rock"]
            case "psychic": type.doubleDamageFrom = ["bug", "ghost", "dark"]; type.halfDamageFrom = ["fighting", "psychic"]
            case "fire": type.doubleDamageFrom = ["water", "ground", "rock"]; type.halfDamageFrom = ["fire", "grass", "bug", "steel", "fairy", "ice"]
            case "flying": type.doubleDamageFrom = ["electric", "rock", "ice"]; type.halfDamageFrom = ["grass", "fighting", "bug"]; type.noDamageFrom = ["ground"]
            case "steel": type.doubleDamageFrom = ["fire", "fighting", "ground"]; type.noDamageFrom = ["poison"]
                type.halfDamageFrom = ["normal", "flying", "rock", "bug", "steel", "grass", "psychic", "ice", "dragon", "fairy"]
            case "rock": type.doubleDamageFrom = ["water", "grass", "fighting", "ground", "steel"]; type.halfDamageFrom = ["normal", "flying", "poison", "fire"]
            default: break
            }
            return type
        }
        var pokemon: [String: Pokemon] = [:]
        var species: [Species] = []
        func add(_ id: Int, _ slug: String, _ name: String, _ types: [String], chain: Int?, from: String? = nil,
                 baby: Bool = false, legendary: Bool = false, color: String = "yellow", extra: [Pokemon] = []) {
            let main = Pokemon(
                id: id, slug: slug, speciesID: id, name: name, isDefault: true, types: types, height: 4, weight: 60,
                abilities: [AbilitySlot(ability: "static", isHidden: false, slot: 1), AbilitySlot(ability: "lightning-rod", isHidden: true, slot: 3)],
                stats: [BaseStat(stat: "hp", value: 35), BaseStat(stat: "attack", value: 55), BaseStat(stat: "speed", value: 90)],
                sprites: Sprites(frontDefault: "sprites/pokemon/\(id).png", frontShiny: "sprites/pokemon/shiny/\(id).png"),
                movesVersionGroup: "scarlet-violet",
                moves: [LearnedMove(move: "thunder-shock", method: .levelUp, level: 1), LearnedMove(move: "thunderbolt", method: .machine)],
                heldItems: id == 25 ? ["light-ball"] : []
            )
            var shown = main
            shown.media.sprites = ["front_default": "sprites/pokemon/\(id).png", "front_shiny": "sprites/pokemon/shiny/\(id).png"]
            pokemon[slug] = shown
            for variety in extra { pokemon[variety.slug] = variety }
            species.append(Species(
                id: id, slug: slug, name: name, genus: "Test Pokémon", flavorText: "A <b>bold</b> & curious Pokémon.",
                color: color, generation: 1, isLegendary: legendary, isBaby: baby, evolutionChainID: chain, evolvesFrom: from,
                varieties: [slug] + extra.map(\.slug)
            ))
        }
        add(4, "charmander", "Charmander", ["fire"], chain: 2, color: "red")
        add(5, "charmeleon", "Charmeleon", ["fire"], chain: 2, from: "charmander", color: "red")
        add(6, "charizard", "Charizard", ["fire", "flying"], chain: 2, from: "charmeleon", color: "red")
        add(25, "pikachu", "Pikachu", ["electric"], chain: 10, from: "pichu")
        let alola = Pokemon(
            id: 10100, slug: "raichu-alola", speciesID: 26, name: "Alolan Raichu", formName: "Alolan Form", isDefault: false,
            types: ["electric", "psychic"], height: 7, weight: 210, abilities: [], stats: [BaseStat(stat: "hp", value: 60)],
            sprites: Sprites(frontDefault: "sprites/pokemon/10100.png")
        )
        add(26, "raichu", "Raichu", ["electric"], chain: 10, from: "pikachu", extra: [alola])
        add(95, "onix", "Onix", ["rock", "ground"], chain: 36, color: "gray")
        add(133, "eevee", "Eevee", ["normal"], chain: 67, color: "brown")
        add(134, "vaporeon", "Vaporeon", ["water"], chain: 67, from: "eevee", color: "blue")
        add(135, "jolteon", "Jolteon", ["electric"], chain: 67, from: "eevee")
        add(136, "flareon", "Flareon", ["fire"], chain: 67, from: "eevee", color: "red")
        add(150, "mewtwo", "Mewtwo", ["psychic"], chain: 78, legendary: true, color: "purple")
        add(172, "pichu", "Pichu", ["electric"], chain: 10, baby: true)
        add(196, "espeon", "Espeon", ["psychic"], chain: 67, from: "eevee", color: "purple")
        add(197, "umbreon", "Umbreon", ["dark"], chain: 67, from: "eevee", color: "black")
        add(208, "steelix", "Steelix", ["steel", "ground"], chain: 36, from: "onix", color: "gray")
        species.sort { $0.id < $1.id }
        let chains: [Int: EvolutionChain] = [
            2: EvolutionChain(id: 2, root: EvolutionNode(species: "charmander", evolvesTo: [
                EvolutionNode(species: "charmeleon", conditions: [EvolutionCondition(trigger: "level-up", minLevel: 16)], evolvesTo: [
                    EvolutionNode(species: "charizard", conditions: [EvolutionCondition(trigger: "level-up", minLevel: 36)]),
                ]),
            ])),
            10: EvolutionChain(id: 10, root: EvolutionNode(species: "pichu", evolvesTo: [
                EvolutionNode(species: "pikachu", conditions: [EvolutionCondition(trigger: "level-up", minHappiness: 220)], evolvesTo: [
                    EvolutionNode(species: "raichu", conditions: [EvolutionCondition(trigger: "use-item", item: "thunder-stone")]),
                ]),
            ])),
            36: EvolutionChain(id: 36, root: EvolutionNode(species: "onix", evolvesTo: [
                EvolutionNode(species: "steelix", conditions: [EvolutionCondition(trigger: "trade", heldItem: "metal-coat")]),
            ])),
            67: EvolutionChain(id: 67, root: EvolutionNode(species: "eevee", evolvesTo: [
                EvolutionNode(species: "vaporeon", conditions: [EvolutionCondition(trigger: "use-item", item: "water-stone")]),
                EvolutionNode(species: "jolteon", conditions: [EvolutionCondition(trigger: "use-item", item: "thunder-stone")]),
                EvolutionNode(species: "flareon", conditions: [EvolutionCondition(trigger: "use-item", item: "fire-stone")]),
                EvolutionNode(species: "espeon", conditions: [EvolutionCondition(trigger: "level-up", minHappiness: 160, timeOfDay: "day")]),
                EvolutionNode(species: "umbreon", conditions: [EvolutionCondition(trigger: "level-up", minHappiness: 160, timeOfDay: "night")]),
                EvolutionNode(species: "sylveon", conditions: [EvolutionCondition(trigger: "level-up", knownMoveType: "fairy", minAffection: 2)]),
            ])),
            78: EvolutionChain(id: 78, root: EvolutionNode(species: "mewtwo")),
        ]
        return Catalog(
            language: "en", species: species, pokemon: pokemon, types: types, evolutionChains: chains,
            moves: [
                "thunder-shock": Move(slug: "thunder-shock", name: "Thunder Shock", type: "electric", damageClass: "special", power: 40, accuracy: 100, pp: 30),
                "thunderbolt": Move(slug: "thunderbolt", name: "Thunderbolt", type: "electric", damageClass: "special", power: 90, accuracy: 100, pp: 15),
            ],
            abilities: [
                "static": Ability(slug: "static", name: "Static", shortEffect: "May paralyze on contact."),
                "lightning-rod": Ability(slug: "lightning-rod", name: "Lightning Rod"),
            ],
            items: [
                "thunder-stone": Item(slug: "thunder-stone", name: "Thunder Stone"),
                "water-stone": Item(slug: "water-stone", name: "Water Stone"),
                "fire-stone": Item(slug: "fire-stone", name: "Fire Stone"),
                "metal-coat": Item(slug: "metal-coat", name: "Metal Coat"),
                "light-ball": Item(slug: "light-ball", name: "Light Ball"),
            ],
            stats: ["hp": Stat(slug: "hp", name: "HP"), "attack": Stat(slug: "attack", name: "Attack"), "speed": Stat(slug: "speed", name: "Speed")],
            chainOnlySpecies: ["sylveon": SpeciesSummary(id: 700, slug: "sylveon", name: "Sylveon")]
        )
    }

    /// The default theme's strings (Templates/strings/en.json of this package).
    static func strings() throws -> SiteStrings {
        try SiteStrings(folders: [themeRoot.appendingPathComponent("Templates")], language: "en")
    }

    static var themeRoot: URL { TestSupportPaths.packageRoot }

    /// The index over the test catalog, with every sprite but the Alolan one present.
    static func index(_ catalog: Catalog = make()) -> CatalogIndex {
        let sprites = Set(catalog.pokemon.values.compactMap(\.sprites.frontDefault).filter { !$0.contains("10100") })
        return CatalogIndex(catalog: catalog, spriteShapes: Dictionary(uniqueKeysWithValues: sprites.map { ($0, .box) }))
    }
}

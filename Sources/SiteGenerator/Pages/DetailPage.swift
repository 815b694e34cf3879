import Pokedex
import TemplateEngine

/// A pokemon's own page: everything the Pokédex knows about it.
struct DetailPage: Sendable, Hashable {
    struct Neighbor: Sendable, Hashable { var page: String; var name: String; var number: String }
    struct Variety: Sendable, Hashable { var name: String; var page: String; var current: Bool }
    struct SpriteView: Sendable, Hashable { var label: String; var sprite: SpriteRef }
    struct AbilityView: Sendable, Hashable { var name: String; var effect: String?; var hidden: Bool }
    struct StatView: Sendable, Hashable { var name: String; var value: Int; var percent: Int }
    struct DefenseView: Sendable, Hashable { var label: String; var types: [TypeBadge] }
    struct MoveRow: Sendable, Hashable {
        var level: String?
        var name: String
        var type: TypeBadge?
        var damageClass: String
        var power: String
        var accuracy: String
        var pp: String
    }
    struct MoveGroup: Sendable, Hashable { var title: String; var showsLevel: Bool; var moves: [MoveRow] }

    var card: Card
    var speciesSlug: String
    var genus: String?
    var color: String
    var tags: [String]
    var sprites: [SpriteView]
    var height: String
    var weight: String
    var abilities: [AbilityView]
    var stats: [StatView]
    var statTotal: Int
    var defenses: [DefenseView]
    var evolution: EvolutionTree?
    var moveGroups: [MoveGroup]
    var heldItems: [String]
    var flavorText: String?
    var previous: Neighbor?
    var next: Neighbor?
    var varieties: [Variety]
    var favorite: Bool
    /// The trainer's own individuals of this species, from the collection file.
    var yours: [IndividualView]
    var yoursHeading: String
}

extension DetailPage {
    init(pokemon: Pokemon, index: CatalogIndex, collection: SiteCollection, strings: SiteStrings) {
        let captured = Set(collection.caught.map(\.pokemon))
        let species = index.species(of: pokemon)
        card = index.card(pokemon, captured: captured)
        speciesSlug = species?.slug ?? pokemon.slug
        genus = species?.genus
        color = species?.color ?? "gray"
        tags = [
            species?.isLegendary == true ? strings["detail_legendary"] : nil,
            species?.isMythical == true ? strings["detail_mythical"] : nil,
            species?.isBaby == true ? strings["detail_baby"] : nil,
        ].compactMap { $0 }
        sprites = Self.sprites(pokemon, index: index, strings: strings)
        height = Measures.height(decimetres: pokemon.height)
        weight = Measures.weight(hectograms: pokemon.weight)
        abilities = pokemon.abilities.sorted { $0.slot < $1.slot }.map { slot in
            let ability = index.catalog.abilities[slot.ability]
            return AbilityView(name: ability?.name ?? slot.ability, effect: ability?.shortEffect, hidden: slot.isHidden)
        }
        stats = pokemon.stats.map {
            StatView(name: index.catalog.stats[$0.stat]?.name ?? $0.stat, value: $0.value, percent: min(100, $0.value * 100 / 255))
        }
        statTotal = pokemon.stats.reduce(0) { $0 + $1.value }
        defenses = TypeDefenses(defending: pokemon.types, types: index.catalog.types).groups.map { group in
            DefenseView(label: strings["defense_\(group.quarters)"], types: group.types.map(index.badge))
        }
        evolution = species?.evolutionChainID.flatMap { index.catalog.evolutionChains[$0] }.map {
            EvolutionTree(chain: $0, current: species?.slug ?? "", index: index, collection: collection, strings: strings)
        }
        moveGroups = Self.moveGroups(pokemon, index: index, strings: strings)
        heldItems = pokemon.heldItems.map { index.catalog.items[$0]?.name ?? $0 }
        flavorText = species?.flavorText
        let position = index.defaults.firstIndex { $0.speciesID == pokemon.speciesID }
        func neighbor(_ offset: Int) -> Neighbor? {
            guard let position, index.defaults.indices.contains(position + offset) else { return nil }
            let other = index.defaults[position + offset]
            return Neighbor(page: CatalogIndex.page(of: other.slug), name: other.name, number: CatalogIndex.number(other.speciesID))
        }
        previous = neighbor(-1)
        next = neighbor(1)
        let all = (species?.varieties ?? []).compactMap { index.catalog.pokemon[$0] }
        varieties = all.count > 1
            ? all.map { Variety(name: $0.name, page: CatalogIndex.page(of: $0.slug), current: $0.slug == pokemon.slug) }
            : []
        favorite = collection.favorites.contains(speciesSlug)
        let ownVarieties = Set(species?.varieties ?? [pokemon.slug])
        yours = collection.caught.filter { ownVarieties.contains($0.pokemon) }
            .compactMap { IndividualView($0, index: index, strings: strings) }
        yoursHeading = strings.format("detail_yours", ["species": species?.name ?? pokemon.name])
    }
}

extension DetailPage: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .dictionary([
            "card": card.templateValue,
            "speciesSlug": .string(speciesSlug),
            "genus": genus.map(TemplateValue.string) ?? .null,
            "color": .string(CatalogIndex.fileName(color)),
            "tags": .array(tags.map(TemplateValue.string)),
            "sprites": .array(sprites.map { .dictionary(["label": .string($0.label), "sprite": $0.sprite.templateValue]) }),
            "height": .string(height),
            "weight": .string(weight),
            "abilities": .array(abilities.map {
                .dictionary(["name": .string($0.name), "effect": $0.effect.map(TemplateValue.string) ?? .null, "hidden": .bool($0.hidden)])
            }),
            "stats": .array(stats.map { .dictionary(["name": .string($0.name), "value": .int($0.value), "percent": .int($0.percent)]) }),
            "statTotal": .int(statTotal),
            "defenses": .array(defenses.map { .dictionary(["label": .string($0.label), "types": .array($0.types.map(\.templateValue))]) }),
            "evolution": evolution?.templateValue ?? .null,
            "moveGroups": .array(moveGroups.map(\.templateValue)),
            "hasMoves": .bool(!moveGroups.isEmpty),
            "heldItems": .array(heldItems.map(TemplateValue.string)),
            "flavorText": flavorText.map(TemplateValue.string) ?? .null,
            "previous": previous.map { .dictionary(["page": .string($0.page), "name": .string($0.name), "number": .string($0.number)]) } ?? .null,
            "next": next.map { .dictionary(["page": .string($0.page), "name": .string($0.name), "number": .string($0.number)]) } ?? .null,
            "varieties": .array(varieties.map { .dictionary(["name": .string($0.name), "page": .string($0.page), "current": .bool($0.current)]) }),
            "hasVarieties": .bool(!varieties.isEmpty),
            "favorite": .bool(favorite),
            "yours": .array(yours.map(\.templateValue)),
            "hasYours": .bool(!yours.isEmpty),
            "yoursHeading": .string(yoursHeading),
        ])
    }
}

extension DetailPage.MoveGroup: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .dictionary([
            "title": .string(title),
            "showsLevel": .bool(showsLevel),
            "moves": .array(moves.map { move in
                .dictionary([
                    "level": move.level.map(TemplateValue.string) ?? .null,
                    "name": .string(move.name),
                    "type": move.type?.templateValue ?? .null,
                    "damageClass": .string(move.damageClass),
                    "power": .string(move.power),
                    "accuracy": .string(move.accuracy),
                    "pp": .string(move.pp),
                ])
            }),
        ])
    }
}

private extension DetailPage {
    static func sprites(_ pokemon: Pokemon, index: CatalogIndex, strings: SiteStrings) -> [SpriteView] {
        var views = [SpriteView(label: strings["detail_spriteDefault"], sprite: index.sprite(pokemon.sprites.frontDefault))]
        let extra: [(String, String?)] = [
            ("detail_spriteShiny", pokemon.sprites.frontShiny),
            ("detail_spriteFemale", pokemon.sprites.frontFemale),
            ("detail_spriteShinyFemale", pokemon.sprites.frontShinyFemale),
        ]
        // Extra sprites only when the cache has them: a row of placeholders says nothing.
        for (key, path) in extra {
            guard let path, index.spriteShapes[path] != nil else { continue }
            views.append(SpriteView(label: strings[key], sprite: index.sprite(path)))
        }
        return views
    }

    static func moveGroups(_ pokemon: Pokemon, index: CatalogIndex, strings: SiteStrings) -> [MoveGroup] {
        let dash = "—"
        return LearnedMove.Method.allCases.compactMap { method in
            let learned = pokemon.moves.filter { $0.method == method }
            guard !learned.isEmpty else { return nil }
            let rows = learned.map { entry -> (Int, MoveRow) in
                let move = index.catalog.moves[entry.move]
                let level = entry.level ?? 0
                return (level, MoveRow(
                    level: method == .levelUp ? (level > 0 ? String(level) : strings["moves_evolve"]) : nil,
                    name: move?.name ?? entry.move,
                    type: move?.type.map(index.badge),
                    damageClass: move?.damageClass.map { strings["moves_class_\($0)"] } ?? dash,
                    power: move?.power.map(String.init) ?? dash,
                    accuracy: move?.accuracy.map { "\($0)%" } ?? dash,
                    pp: move?.pp.map(String.init) ?? dash
                ))
            }
            .sorted { ($0.0, $0.1.name) < ($1.0, $1.1.name) }
            .map(\.1)
            return MoveGroup(title: strings["moves_method_\(method.rawValue)"], showsLevel: method == .levelUp, moves: rows)
        }
    }
}

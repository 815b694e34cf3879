import Pokedex
import TemplateEngine

/// A type's page: its Pokémon (the no-JavaScript type filter) and its damage relations.
struct TypePage: Sendable, Hashable {
    struct Relation: Sendable, Hashable {
        var label: String
        var types: [TypeBadge]
    }

    var type: TypeBadge
    var title: String
    var cards: [Card]
    var filters: [TypeFilter]
    var attacking: [Relation]
    var defending: [Relation]
}

extension TypePage {
    init(type: PokemonType, index: CatalogIndex, collection: SiteCollection, strings: SiteStrings) {
        let captured = Set(collection.caught.map(\.pokemon))
        self.type = index.badge(type.slug)
        title = strings.format("type_title", ["type": type.name])
        // Every pokemon of the type, alternate varieties too (Alolan Raichu is Electric and Psychic).
        cards = (index.reverse.typeMembers[type.slug] ?? []).compactMap { index.faces[$0] }.map { index.card($0, captured: captured) }
        filters = TypeFilter.all(index: index, strings: strings, current: type.slug)
        func relation(_ key: String, _ slugs: [String]) -> Relation {
            Relation(label: strings[key], types: slugs.map(index.badge))
        }
        attacking = [
            relation("type_doubleTo", type.doubleDamageTo),
            relation("type_halfTo", type.halfDamageTo),
            relation("type_noTo", type.noDamageTo),
        ]
        defending = [
            relation("type_doubleFrom", type.doubleDamageFrom),
            relation("type_halfFrom", type.halfDamageFrom),
            relation("type_noFrom", type.noDamageFrom),
        ]
    }
}

extension TypePage: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .dictionary([
            "type": type.templateValue,
            "title": .string(title),
            "cards": .array(cards.map(\.templateValue)),
            "count": .int(cards.count),
            "empty": .bool(cards.isEmpty),
            "filters": .array(filters.map(\.templateValue)),
            "attacking": .array(attacking.map(\.templateValue)),
            "defending": .array(defending.map(\.templateValue)),
        ])
    }
}

extension TypePage.Relation: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .dictionary(["label": .string(label), "types": .array(types.map(\.templateValue)), "none": .bool(types.isEmpty)])
    }
}

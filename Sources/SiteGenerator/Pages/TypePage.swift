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
    /// Every pokemon of the type: the cards and the forms folded into them.
    var count: Int
    var filters: [TypeFilter]
    var attacking: [Relation]
    var defending: [Relation]
}

extension TypePage {
    init(type: PokemonType, index: CatalogIndex, collection: SiteCollection, strings: SiteStrings) {
        let captured = Set(collection.caught.map(\.pokemon))
        self.type = index.badge(type.slug)
        title = strings.format("type_title", ["type": type.name])
        // Every pokemon of the type, alternate varieties too (Alolan Raichu is Electric and
        // Psychic); a form with its species' types, base stats and abilities is the same
        // Pokémon in battle (Pikachu's caps and costumes, Gigantamax Pikachu: 16 cards before
        // Raichu's) and is folded into the first such card, counted there, unless the
        // collection has it caught. Stats and abilities are read only where species and types
        // match: a stat edited elsewhere leaves the page.
        let members = index.reverse.typeMembers[type.slug] ?? []
        let folded = ReferencePages.folded(members, index: index, key: { ($0, true) }) { lead, form in
            !captured.contains(lead) && !captured.contains(form) && index.battleFacts(of: lead) == index.battleFacts(of: form)
        }
        count = folded.reduce(0) { $0 + 1 + $1.forms.count }
        cards = folded.compactMap { slug, forms in
            guard var card = index.faces[slug].map({ index.card($0, captured: captured) }) else { return nil }
            if !forms.isEmpty {
                card.moreForms = strings.plural("type_moreForms", count: forms.count)
                card.forms = forms
            }
            return card
        }
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
            // Every Pokémon of the type, the folded forms too (as a move's tables count them).
            "count": .int(count),
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

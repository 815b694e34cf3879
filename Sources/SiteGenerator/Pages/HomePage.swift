import HTMLSafety
import Pokedex
import TemplateEngine

/// The home page: the captured row (only when anything is captured), then a row per type.
struct HomePage: Sendable, Hashable {
    struct Row: Sendable, Hashable {
        var type: TypeBadge?
        var title: String
        /// The first cards of the row; the type's page has them all.
        var cards: [Card]
        var count: Int
    }

    /// Cards per type row: enough to browse, few enough that the home page stays light.
    static let rowLimit = 30

    var capturedRow: Row?
    var typeRows: [Row]
    var total: Int
    /// The trainer's own words (`about.md`) as sanitized HTML.
    var aboutHTML: String?
}

extension HomePage {
    init(index: CatalogIndex, collection: SiteCollection, strings: SiteStrings, about: String? = nil) {
        aboutHTML = about.map(TrainerMarkdown.html(from:)).flatMap { $0.isEmpty ? nil : $0 }
        let captured = Set(collection.caught.map(\.pokemon))
        var byType: [String: [Card]] = [:]
        for pokemon in index.defaultFaces {
            let card = index.card(pokemon, captured: captured)
            for type in pokemon.types {
                byType[type, default: []].append(card)
            }
        }
        typeRows = index.catalog.types.map { type in
            let cards = byType[type.slug] ?? []
            return Row(
                type: index.badge(type.slug), title: strings.format("home_typeRow", ["type": type.name]),
                cards: Array(cards.prefix(Self.rowLimit)), count: cards.count
            )
        }
        let capturedCards = collection.caught.compactMap { index.catalog.pokemon[$0.pokemon] }
            .reduce(into: [Pokemon]()) { list, pokemon in
                if !list.contains(where: { $0.slug == pokemon.slug }) { list.append(pokemon) }
            }
            .map { index.card($0, captured: captured) }
        capturedRow = capturedCards.isEmpty ? nil : Row(type: nil, title: strings["home_captured"], cards: capturedCards, count: capturedCards.count)
        total = index.defaultFaces.count
    }
}

extension HomePage: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .dictionary([
            "capturedRow": capturedRow?.templateValue ?? .null,
            "typeRows": .array(typeRows.map(\.templateValue)),
            "total": .int(total),
            "aboutHTML": aboutHTML.map(TemplateValue.string) ?? .null,
        ])
    }
}

extension HomePage.Row: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .dictionary([
            "type": type?.templateValue ?? .null,
            "title": .string(title),
            "id": .string("row-" + (type?.slug ?? "captured")),
            "cards": .array(cards.map(\.templateValue)),
            "count": .int(count),
            "more": .bool(count > cards.count),
            "empty": .bool(cards.isEmpty),
        ])
    }
}

import Pokedex
import TemplateEngine

/// "Favorites" and "My Pokémon": the trainer's own Pokémon, with a friendly empty state.
struct CollectionPage: Sendable, Hashable {
    enum Kind: String, Sendable { case favorites, mine }
    struct Entry: Sendable, Hashable {
        var card: Card
        /// The caught individual, on "My Pokémon".
        var individual: IndividualView?
    }

    var kind: Kind
    var entries: [Entry]
}

extension CollectionPage {
    init(kind: Kind, index: CatalogIndex, collection: SiteCollection, strings: SiteStrings) {
        self.kind = kind
        let captured = Set(collection.caught.map(\.pokemon))
        switch kind {
        case .favorites:
            entries = collection.favorites.compactMap(index.defaultPokemon(ofSpecies:)).map {
                Entry(card: index.card($0, captured: captured), individual: nil)
            }
        case .mine:
            // Dex order by default (what the page shows without JavaScript); the page's
            // sort buttons reorder by level or nickname in place.
            entries = collection.caught.compactMap { caught -> Entry? in
                guard let pokemon = index.catalog.pokemon[caught.pokemon],
                      let individual = IndividualView(caught, index: index, strings: strings) else { return nil }
                return Entry(card: index.card(pokemon, captured: captured), individual: individual)
            }
            .sorted { ($0.individual?.dexNumber ?? 0, $0.individual?.nickname ?? "") < ($1.individual?.dexNumber ?? 0, $1.individual?.nickname ?? "") }
        }
    }
}

extension CollectionPage: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .dictionary([
            "kind": .string(kind.rawValue),
            "empty": .bool(entries.isEmpty),
            "entries": .array(entries.map { entry in
                .dictionary([
                    "card": entry.card.templateValue,
                    "individual": entry.individual?.templateValue ?? .null,
                ])
            }),
        ])
    }
}

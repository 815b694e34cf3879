import Pokedex
import TemplateEngine

/// "Favorites" and "My Pokémon": the trainer's own Pokémon, with a friendly empty state.
struct CollectionPage: Sendable, Hashable {
    enum Kind: String, Sendable { case favorites, mine }
    struct Entry: Sendable, Hashable {
        var card: Card
        var nickname: String?
        var level: String?
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
                Entry(card: index.card($0, captured: captured), nickname: nil, level: nil)
            }
        case .mine:
            entries = collection.caught.compactMap { caught in
                index.catalog.pokemon[caught.pokemon].map {
                    Entry(
                        card: index.card($0, captured: captured), nickname: caught.nickname,
                        level: caught.level.map { strings.format("mine_level", ["level": String($0)]) }
                    )
                }
            }
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
                    "nickname": entry.nickname.map(TemplateValue.string) ?? .null,
                    "level": entry.level.map(TemplateValue.string) ?? .null,
                ])
            }),
        ])
    }
}

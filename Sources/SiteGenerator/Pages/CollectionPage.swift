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
    /// The export's note, its `command` in code: a strings file writes "`pokedex import FILE`".
    var exportNote: [InlineSegment] = []
}

/// A piece of an interface sentence: plain text, or a command or name set in `<code>`.
struct InlineSegment: Sendable, Hashable {
    var text: String
    var isCode: Bool

    /// "run `pokedex import FILE` to…": text outside backticks, code inside (no nesting, and
    /// an unpaired backtick is text), so a translation keeps its command where it wants it.
    static func split(_ sentence: String) -> [InlineSegment] {
        var segments: [InlineSegment] = []
        let parts = sentence.split(separator: "`", omittingEmptySubsequences: false).map(String.init)
        let paired = parts.count % 2 == 1
        for (offset, part) in parts.enumerated() {
            let isCode = paired && offset % 2 == 1
            if !isCode, let last = segments.last, !last.isCode {
                segments[segments.count - 1].text += "`" + part
            } else if !part.isEmpty || isCode {
                segments.append(InlineSegment(text: part, isCode: isCode))
            }
        }
        return segments
    }

    static func templateValue(_ segments: [InlineSegment]) -> TemplateValue {
        .array(segments.map { .dictionary(["text": .string($0.text), "code": .bool($0.isCode)]) })
    }
}

extension CollectionPage {
    init(kind: Kind, index: CatalogIndex, collection: SiteCollection, strings: SiteStrings) {
        self.kind = kind
        exportNote = InlineSegment.split(strings["mine_exportNote"])
        let captured = Set(collection.caught.map(\.pokemon))
        switch kind {
        case .favorites:
            entries = collection.favorites.compactMap(index.defaultFace(ofSpecies:)).map {
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
            "exportNote": InlineSegment.templateValue(exportNote),
            "entries": .array(entries.map { entry in
                .dictionary([
                    "card": entry.card.templateValue,
                    "individual": entry.individual?.templateValue ?? .null,
                ])
            }),
        ])
    }
}

import Pokedex
import TemplateEngine

/// An evolution chain as nested cards, each step with its condition in words.
struct EvolutionTree: Sendable, Hashable {
    struct Node: Sendable, Hashable {
        var card: Card
        /// How to reach this stage; nil for the first stage.
        var condition: String?
        /// The stage this page is about.
        var isCurrent: Bool
        /// Whether the species is in this site (else its card has no link).
        var inSite: Bool
        var children: [Node]
    }

    var root: Node

    /// Whether the chain has more than one stage (a lone species shows a sentence instead).
    var evolves: Bool { !root.children.isEmpty }
}

extension EvolutionTree {
    init(chain: EvolutionChain, current: String, index: CatalogIndex, collection: SiteCollection, strings: SiteStrings) {
        let phrasing = EvolutionPhrasing(strings: strings, index: index)
        let captured = Set(collection.caught.map(\.pokemon))
        func node(_ source: EvolutionNode) -> Node {
            let card: Card
            let inSite: Bool
            if let pokemon = index.defaultPokemon(ofSpecies: source.species) {
                card = index.card(pokemon, captured: captured)
                inSite = true
            } else {
                // Outside the selection: the catalog keeps its number and name, but it has no page.
                let summary = index.catalog.chainOnlySpecies[source.species]
                let species = index.speciesBySlug[source.species]
                card = Card(
                    slug: source.species,
                    number: (summary?.id ?? species?.id).map(CatalogIndex.number) ?? "",
                    name: summary?.name ?? species?.name ?? source.species, form: nil, page: nil,
                    sprite: index.sprite(nil), types: [], captured: false
                )
                inSite = false
            }
            return Node(
                card: card,
                condition: source.conditions.isEmpty ? nil : phrasing.phrase(source.conditions),
                isCurrent: source.species == current,
                inSite: inSite,
                children: source.evolvesTo.map(node)
            )
        }
        root = node(chain.root)
    }
}

extension EvolutionTree: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .dictionary(["first": root.templateValue, "evolves": .bool(evolves)])
    }
}

extension EvolutionTree.Node: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .dictionary([
            "card": card.templateValue,
            "condition": condition.map(TemplateValue.string) ?? .null,
            "current": .bool(isCurrent),
            "inSite": .bool(inSite),
            "children": .array(children.map(\.templateValue)),
            "hasChildren": .bool(!children.isEmpty),
            "branches": .bool(children.count > 1),
        ])
    }
}

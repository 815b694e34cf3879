import Pokedex
import TemplateEngine

/// An evolution chain as nested cards, each step with its condition in words.
struct EvolutionTree: Sendable, Hashable {
    struct Node: Sendable, Hashable {
        var card: Card
        /// How to reach this stage; nil for the first stage.
        var condition: String?
        /// The places a condition said by region stands for.
        var places: [String] = []
        /// The stage this page is about.
        var isCurrent: Bool
        /// Whether the species is in this site (else its card has no link).
        var inSite: Bool
        var children: [Node]
    }

    var root: Node

    /// Whether the chain has more than one stage (a lone species shows a sentence instead).
    var evolves: Bool { !root.children.isEmpty }

    /// Whether some card of the tree is the pokemon `slug` (a species' default face, or a
    /// regional variety with a card of its own).
    func contains(_ slug: String) -> Bool {
        func walk(_ node: Node) -> Bool { node.card.slug == slug || node.children.contains(where: walk) }
        return walk(root)
    }

    /// Whether some stage branches more than three ways (Eevee): laid out as a grid.
    var isWide: Bool {
        func widest(_ node: Node) -> Int { node.children.map(widest).max().map { max($0, node.children.count) } ?? 0 }
        return widest(root) > 3
    }
}

extension EvolutionTree {
    init(chain: EvolutionChain, current: String, pokemon: String? = nil, index: CatalogIndex, collection: SiteCollection, strings: SiteStrings) {
        let phrasing = EvolutionPhrasing(strings: strings, index: index)
        let captured = Set(collection.caught.map(\.pokemon))
        func card(species slug: String) -> (Card, Bool) {
            if let pokemon = index.defaultFace(ofSpecies: slug) {
                return (index.card(pokemon, captured: captured), true)
            }
            // Outside the selection: the catalog keeps its number and name, but it has no page.
            let summary = index.catalog.chainOnlySpecies[slug]
            let species = index.speciesBySlug[slug]
            return (Card(
                slug: slug,
                number: (summary?.id ?? species?.id).map(CatalogIndex.number) ?? "",
                name: summary?.name ?? species?.name ?? slug, form: nil, page: nil,
                sprite: summary != nil ? index.speciesEmblem(slug) : index.sprite(nil), types: [], captured: false
            ), false)
        }
        func node(_ source: EvolutionNode, conditions: [EvolutionCondition]) -> Node {
            let (card, inSite) = card(species: source.species)
            let described = conditions.isEmpty ? nil : phrasing.describe(conditions)
            return Node(
                card: card,
                condition: described?.text,
                places: described?.places ?? [],
                isCurrent: source.species == current,
                inSite: inSite,
                children: source.evolvesTo.flatMap(stages)
            )
        }
        // A step into a regional variety (Pikachu -> Alolan Raichu) is a card of its own:
        // its conditions leave the species' card and go to the variety's.
        func stages(_ source: EvolutionNode) -> [Node] {
            var forms: [(slug: String, conditions: [EvolutionCondition])] = []
            var rest: [EvolutionCondition] = []
            for condition in source.conditions {
                guard let slug = condition.evolvedForm, let variety = index.faces[slug], !variety.isDefault,
                      index.speciesBySlug[source.species]?.varieties.contains(slug) == true else {
                    rest.append(condition)
                    continue
                }
                var own = condition
                own.evolvedForm = nil
                if let at = forms.firstIndex(where: { $0.slug == slug }) { forms[at].conditions.append(own) } else { forms.append((slug, [own])) }
            }
            var nodes: [Node] = []
            if !rest.isEmpty || forms.isEmpty {
                var own = node(source, conditions: rest)
                // On a split variety's page, its own card is the current one.
                if let pokemon, forms.contains(where: { $0.slug == pokemon }) { own.isCurrent = false }
                nodes.append(own)
            }
            for form in forms {
                guard let variety = index.faces[form.slug] else { continue }
                let described = phrasing.describe(form.conditions)
                nodes.append(Node(
                    card: index.card(variety, captured: captured), condition: described.text, places: described.places,
                    isCurrent: form.slug == pokemon, inSite: true, children: []
                ))
            }
            return nodes
        }
        root = node(chain.root, conditions: chain.root.conditions)
    }
}

extension EvolutionTree: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .dictionary(["first": root.templateValue, "evolves": .bool(evolves), "wide": .bool(isWide)])
    }
}

extension EvolutionTree.Node: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .dictionary([
            "card": card.templateValue,
            "condition": condition.map(TemplateValue.string) ?? .null,
            "places": .array(places.map(TemplateValue.string)),
            "hasPlaces": .bool(!places.isEmpty),
            "current": .bool(isCurrent),
            "inSite": .bool(inSite),
            "children": .array(children.map(\.templateValue)),
            "hasChildren": .bool(!children.isEmpty),
            "branches": .bool(children.count > 1),
        ])
    }
}

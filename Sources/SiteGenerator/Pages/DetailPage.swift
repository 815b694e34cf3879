import Pokedex
import TemplateEngine

/// A pokemon's own page: everything the Pokédex knows about it.
struct DetailPage: Sendable {
    struct Neighbor: Sendable, Hashable { var page: String; var name: String; var number: String }
    struct DefenseView: Sendable, Hashable { var label: String; var types: [TypeBadge] }

    var card: Card
    var speciesSlug: String
    var genus: String?
    var color: String
    var tags: [String]
    var height: String
    var weight: String
    var statTotal: Int
    var defenses: [DefenseView]
    var evolution: EvolutionTree?
    /// On the page of a form the tree has no card of (Original Cap Pikachu, Mega Charizard X):
    /// whose evolutions the tree shows. Whether such a form evolves is not in the data.
    var evolutionNote: String?
    var flavorText: String?
    var previous: Neighbor?
    var next: Neighbor?
    var favorite: Bool
    /// The trainer's own individuals of this species, from the collection file.
    var yours: [IndividualView]
    var yoursHeading: String
    /// Training, breeding, forms, moves, locations, entries, names, media: template values.
    var sections: TemplateDictionary = [:]
}

extension DetailPage {
    init(pokemon: Pokemon, index: CatalogIndex, collection: SiteCollection, strings: SiteStrings) {
        let captured = Set(collection.caught.map(\.pokemon))
        let species = index.speciesWithTexts(of: pokemon)
        card = index.card(pokemon, captured: captured)
        speciesSlug = species?.slug ?? pokemon.slug
        genus = species?.genus
        color = species?.color ?? "gray"
        tags = [
            species?.isLegendary == true ? strings["detail_legendary"] : nil,
            species?.isMythical == true ? strings["detail_mythical"] : nil,
            species?.isBaby == true ? strings["detail_baby"] : nil,
        ].compactMap { $0 }
        height = Measures.height(decimetres: pokemon.height, language: strings.language)
        weight = Measures.weight(hectograms: pokemon.weight, language: strings.language)
        statTotal = pokemon.stats.reduce(0) { $0 + $1.value }
        defenses = TypeDefenses(defending: pokemon.types, types: index.catalog.types).groups.map { group in
            DefenseView(label: strings["defense_\(group.quarters)"], types: group.types.map(index.badge))
        }
        evolution = species?.evolutionChainID.flatMap { index.catalog.evolutionChains[$0] }.map {
            EvolutionTree(chain: $0, current: species?.slug ?? "", pokemon: pokemon.slug, index: index, collection: collection, strings: strings)
        }
        if let species, let evolution, evolution.evolves, !pokemon.isDefault, !evolution.contains(pokemon.slug) {
            evolutionNote = strings.format("detail_evolutionOfSpecies", ["form": pokemon.name, "species": species.name])
        }
        flavorText = species?.flavorText
        func neighbor(_ offset: Int) -> Neighbor? {
            guard let other = index.neighbor(of: pokemon, offset: offset) else { return nil }
            return Neighbor(page: CatalogIndex.page(of: other.slug), name: other.name, number: CatalogIndex.number(other.speciesID))
        }
        previous = neighbor(-1)
        next = neighbor(1)
        favorite = collection.favorites.contains(speciesSlug)
        let ownVarieties = Set(species?.varieties ?? [pokemon.slug])
        yours = collection.caught.filter { ownVarieties.contains($0.pokemon) }
            .compactMap { IndividualView($0, index: index, strings: strings) }
        yoursHeading = strings.format("detail_yours", ["species": species?.name ?? pokemon.name])
        sections = [
            "training": DetailSections.training(pokemon, species: species, index: index, strings: strings),
            "breeding": DetailSections.breeding(species, index: index, strings: strings),
            "statRows": DetailSections.stats(pokemon, index: index),
            "forms": DetailSections.forms(pokemon, species: species, index: index, strings: strings),
            "learnset": DetailSections.moves(pokemon, index: index, strings: strings),
            "locations": DetailSections.locations(pokemon, index: index, strings: strings),
            "entries": DetailSections.entries(species, index: index, language: index.catalog.language),
            "hasEntries": .bool(!(species?.entries ?? []).isEmpty),
            "names": DetailSections.names(species, index: index),
            "hasNames": .bool(!(species?.names ?? []).isEmpty),
            "media": DetailSections.media(pokemon, index: index, strings: strings),
            "generation": species?.generation.flatMap { index.catalog.labels["generation"]?[String($0)] }.map(TemplateValue.string) ?? .null,
            "comparePage": .string("compare.html?p=" + pokemon.slug),
            "abilityLinks": .array(pokemon.abilities.sorted { $0.slot < $1.slot }.map { slot in
                let ability = index.catalog.abilities[slot.ability]
                return .dictionary([
                    "name": .string(ability?.name ?? slot.ability), "effect": ReferencePages.optional(ReferencePages.summary(ability?.shortEffect, ability?.flavorText)),
                    "hidden": .bool(slot.isHidden), "page": ability == nil ? .null : .string(AbilityPage.path(slot.ability)),
                ])
            }),
            "heldItemLinks": .array(Array(Set(pokemon.heldItems)).sorted().map { item in
                .dictionary(["name": .string(index.catalog.items[item]?.name ?? item),
                             "page": index.catalog.items[item] == nil ? .null : .string(ItemPage.path(item))])
            }),
        ]
    }
}

extension DetailPage: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var fields = sections
        for (key, value) in basics where fields[key] == nil { fields[key] = value }
        return .dictionary(fields)
    }

    private var basics: TemplateDictionary {
        func neighbor(_ value: Neighbor?) -> TemplateValue {
            value.map { .dictionary(["page": .string($0.page), "name": .string($0.name), "number": .string($0.number)]) } ?? .null
        }
        return [
            "card": card.templateValue,
            "speciesSlug": .string(speciesSlug),
            "genus": genus.map(TemplateValue.string) ?? .null,
            "color": .string(CatalogIndex.fileName(color)),
            "tags": .array(tags.map(TemplateValue.string)),
            "height": .string(height),
            "weight": .string(weight),
            "statTotal": .int(statTotal),
            "defenses": .array(defenses.map { .dictionary(["label": .string($0.label), "types": .array($0.types.map(\.templateValue))]) }),
            "evolution": evolution?.templateValue ?? .null,
            "evolutionNote": evolutionNote.map(TemplateValue.string) ?? .null,
            "flavorText": flavorText.map(TemplateValue.string) ?? .null,
            "previous": neighbor(previous),
            "next": neighbor(next),
            "favorite": .bool(favorite),
            "yours": .array(yours.map(\.templateValue)),
            "hasYours": .bool(!yours.isEmpty),
            "yoursHeading": .string(yoursHeading),
        ]
    }
}

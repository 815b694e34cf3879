import Common
import Foundation

extension Catalog {
    /// The bundled offline sample: about thirty Pokémon that exercise every page feature.
    ///
    /// Facts only (names, numbers, types, stats, abilities, some moves, evolutions): no
    /// flavor text and no sprites, so pages show the placeholder image.
    /// A key of the bundled sample's bytes, for the build's key.
    package static func sampleKey() -> String {
        var hash = Fingerprint()
        if let url = Bundle.module.url(forResource: "sample-catalog", withExtension: "json"), let data = FileManager.default.contents(atPath: url.path) {
            hash.add(data)
        }
        return hash.hex
    }

    package static func sample() throws(CatalogError) -> Catalog {
        guard let url = Bundle.module.url(forResource: "sample-catalog", withExtension: "json"),
              let data = try? Data(contentsOf: url) else {
            throw CatalogError(.sampleMissing)
        }
        do {
            return try JSONDecoder().decode(Catalog.self, from: data)
        } catch let error as DecodingError {
            let (path, detail) = error.pathAndDetail()
            throw CatalogError(.sampleMalformed(jsonPath: path, detail: detail))
        } catch {
            throw CatalogError(.sampleMalformed(jsonPath: "$", detail: error.localizedDescription))
        }
    }
}

extension Catalog {
    /// The sample in `language`, holding the species `selection` takes.
    ///
    /// The sample is English facts plus every species' name in every language PokeAPI has:
    /// in another language the Pokémon are called by their names there, and every other
    /// text (types, moves, forms...) is English, marked as such, so pages say `lang="en"`.
    package static func sample(language: String, selection: Selection) throws(CatalogError) -> Catalog {
        var catalog = try sample()
        if let site = SiteLanguage(language), !site.isEnglish { catalog.localizeSample(to: site) }
        return try catalog.selecting(selection, source: "the bundled sample")
    }

    /// Only the species `selection` takes; members of their chains outside it stay as
    /// chain-only cards, as a catalog built from data would have them.
    package func selecting(_ selection: Selection, source: String) throws(CatalogError) -> Catalog {
        guard !selection.isAll else { return self }
        let known = Set(species.map(\.slug))
        if let unknown = selection.names.first(where: { !known.contains($0) }) {
            let near = Suggestions.closest(to: unknown, in: species.map(\.slug))
            throw CatalogError(.notInSource(name: unknown, source: source, suggestions: near, available: species.map(\.slug)))
        }
        let generations = Set(species.compactMap(\.generation))
        if let missing = selection.generations.first(where: { !generations.contains($0) }) {
            throw CatalogError(.noSuchGeneration(missing, source: source, available: generations.sorted()))
        }
        let kept = species.filter { selection.includes(id: $0.id, slug: $0.slug, generation: $0.generation) }
        guard !kept.isEmpty else { throw CatalogError(.emptySelection(selection: selection.description, source: source)) }
        var result = self
        let keptSlugs = Set(kept.map(\.slug))
        result.species = kept
        let varieties = Set(kept.flatMap(\.varieties))
        result.pokemon = pokemon.filter { varieties.contains($0.key) }
        let chains = Set(kept.compactMap(\.evolutionChainID))
        result.evolutionChains = evolutionChains.filter { chains.contains($0.key) }
        var chainOnly = chainOnlySpecies.filter { _ in false }
        for chain in result.evolutionChains.values {
            var stack = [chain.root]
            while let node = stack.popLast() {
                stack += node.evolvesTo
                guard !keptSlugs.contains(node.species) else { continue }
                if let summary = chainOnlySpecies[node.species] {
                    chainOnly[node.species] = summary
                } else if let dropped = species.first(where: { $0.slug == node.species }) {
                    chainOnly[node.species] = SpeciesSummary(id: dropped.id, slug: dropped.slug, name: dropped.name)
                }
            }
        }
        result.chainOnlySpecies = chainOnly
        return result
    }

    /// Names from each species' names table; everything else marked as English.
    mutating func localizeSample(to site: SiteLanguage) {
        func english(_ text: String) -> String { LanguageMark.mark(LanguageMark.plain(text), tag: "en") }
        let localized = Localized(language: site.code)
        var names: [String: String] = [:]
        for index in species.indices {
            let table = species[index].names
            let englishName = species[index].name
            if let own = site.dataCodes.lazy.compactMap({ code in table.first { $0.language == code }?.name }).first {
                species[index].name = own
            } else {
                species[index].name = LanguageMark.mark(englishName, tag: "en")
            }
            species[index].genus = species[index].genus.map { LanguageMark.mark($0, tag: "en") }
            names[species[index].slug] = species[index].name
            for variety in species[index].varieties {
                guard var entry = pokemon[variety] else { continue }
                entry.searchNames = localized.searchNames(table.map { ($0.language, $0.name) }, display: species[index].name)
                if entry.isDefault {
                    entry.name = species[index].name
                } else {
                    entry.name = LanguageMark.mark(entry.name, tag: "en")
                    entry.searchNames = [LanguageMark.plain(pokemon[variety]?.name ?? "")]
                }
                entry.formName = entry.formName.map { LanguageMark.mark($0, tag: "en") }
                entry.cosmeticForms = entry.cosmeticForms.map { var form = $0; form.name = english(form.name); return form }
                pokemon[variety] = entry
            }
        }
        chainOnlySpecies = chainOnlySpecies.mapValues { var summary = $0; summary.name = english(summary.name); return summary }
        types = types.map { var type = $0; type.searchNames = [type.name]; type.name = english(type.name); return type }
        moves = moves.mapValues { var move = $0; move.searchNames = [move.name]; move.name = english(move.name); return move }
        abilities = abilities.mapValues { var ability = $0; ability.searchNames = [ability.name]; ability.name = english(ability.name); return ability }
        items = items.mapValues { var item = $0; item.searchNames = [item.name]; item.name = english(item.name); return item }
        stats = stats.mapValues { var stat = $0; stat.name = english(stat.name); return stat }
        labels = labels.mapValues { $0.mapValues(english) }
        versionNames = versionNames.mapValues(english)
        versionGroups = versionGroups.map { var group = $0; group.name = english(group.name); return group }
        locationNames = locationNames.mapValues(english)
        regionNames = regionNames.mapValues(english)
        language = site.code
    }
}

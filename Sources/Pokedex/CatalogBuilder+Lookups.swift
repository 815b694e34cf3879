import Common
import PokeAPI

extension CatalogBuilder {
    /// The lookups the pages name things with: games and their groups, egg groups,
    /// encounter methods and conditions, triggers, targets, classes, languages, growth rates,
    /// item categories, generations, and the places encounters happen in. Made from the
    /// references alone, so a build loads them while it loads the moves (``apply(_:to:)``
    /// puts them in the catalog).
    struct Lookups: Sendable {
        var versionGroups: [VersionGroupInfo] = []
        var versionNames: [String: String] = [:]
        var labels: [String: [String: String]] = [:]
        var areaLocations: [String: String] = [:]
        var locationNames: [String: String] = [:]
        var locationRegions: [String: String] = [:]
        /// The regions the places are in, by the names their files give.
        var placeRegions: [String: String] = [:]
        /// Every region the data holds, with its name.
        var regions: [(slug: String, name: String)] = []
    }

    func loadLookups(references: References) async throws(CatalogIssue) -> Lookups {
        var lookups = Lookups()
        let localized = self.localized
        let versions = try await loadAll(Wire.Version.self, kind: "version")
        var versionNames: [String: String] = [:]
        for version in versions { versionNames[version.name] = localized.name(version.names) ?? Localized.words(version.name) }
        var groups: [VersionGroupInfo] = []
        for group in try await loadAll(Wire.VersionGroup.self, kind: "version-group") {
            let members = (group.versions ?? []).compactMap(\.name)
            let name = members.isEmpty ? Localized.words(group.name) : localized.site.list(members.map { versionNames[$0] ?? Localized.words($0) })
            groups.append(VersionGroupInfo(slug: group.name, name: name, order: group.order ?? group.id,
                                           generation: group.generation?.id, versions: members))
        }
        lookups.versionGroups = groups.sorted { ($0.order, $0.slug) > ($1.order, $1.slug) }
        lookups.versionNames = versionNames

        // The kinds named by their names alone, every file of all of them in one go, each
        // label picked as its file is decoded.
        let kinds = ["egg-group", "encounter-method", "encounter-condition-value", "evolution-trigger", "move-target",
                     "move-damage-class", "move-learn-method", "language", "item-category", "stat"]
        var named: [(kind: String, id: Int)] = []
        for kind in kinds {
            lookups.labels[kind] = [:]
            for id in try store.ids(kind) { named.append((kind, id)) }
        }
        let store = self.store
        let labelled = try await BoundedConcurrency.map(named, width: width) { kind, id throws(CatalogIssue) in
            let resource = try store.load(Wire.Named.self, kind, id)
            let names = kind == "language" ? resource.names.map(Localized.englishLanguageNames) : resource.names
            return (kind, resource.name, localized.name(names) ?? Localized.words(resource.name))
        }
        for (kind, slug, label) in labelled { lookups.labels[kind]?[slug] = label }
        var generations: [String: String] = [:]
        for generation in try await loadAll(Wire.Generation.self, kind: "generation") {
            generations[String(generation.id)] = localized.name(generation.names) ?? Localized.words(generation.name)
        }
        lookups.labels["generation"] = generations
        var rates: [String: String] = [:]
        for rate in try await loadAll(Wire.GrowthRate.self, kind: "growth-rate") {
            rates[rate.name] = localized.pick(rate.descriptions?.entries) { $0.language.name }.map { Localized.sentence($0.description) }
                ?? Localized.words(rate.name)
        }
        lookups.labels["growth-rate"] = rates

        // The places encounters happen in: areas, their locations, the locations' regions.
        // Names are picked beside the decoding: picked after it, one place at a time, they
        // were time the second core waited.
        let areas = try await BoundedConcurrency.map(references.areas.sorted { $0.key < $1.key }, width: width) { _, id throws(CatalogIssue) in
            try store.loadIfPresent(Wire.LocationArea.self, "location-area", id).map { ($0.name, localized.name($0.names), $0.location) }
        }
        var areaNames: [String: String] = [:]
        var locationIDs: [String: Int] = [:]
        for (area, name, location) in areas.compactMap({ $0 }) {
            areaNames[area] = name
            if let location, let slug = location.name {
                lookups.areaLocations[area] = slug
                if let id = location.id { locationIDs[slug] = id }
            }
        }
        // The places evolutions name too: their regions shorten a long list of places.
        for (slug, id) in references.locations where locationIDs[slug] == nil { locationIDs[slug] = id }
        let locations = try await BoundedConcurrency.map(locationIDs.sorted { $0.key < $1.key }, width: width) { _, id throws(CatalogIssue) in
            try store.loadIfPresent(Wire.Location.self, "location", id).map { ($0.name, localized.name($0.names), $0.region) }
        }
        var regionIDs: [String: Int] = [:]
        for (location, name, region) in locations.compactMap({ $0 }) {
            if let name { lookups.locationNames[location] = name }
            if let region, let slug = region.name {
                lookups.locationRegions[location] = slug
                if let id = region.id { regionIDs[slug] = id }
            }
        }
        // An area's own name is often empty (the place's main area): say the place's name.
        for (area, location) in lookups.areaLocations where areaNames[area] == nil {
            areaNames[area] = lookups.locationNames[location]
        }
        lookups.labels["location-area"] = areaNames
        lookups.placeRegions = try await loadNamesIfPresent(regionIDs, kind: "region")
        lookups.regions = try await loadAll(Wire.Named.self, kind: "region").map { region in
            (region.name, localized.name(region.names) ?? Localized.words(region.name))
        }
        return lookups
    }

    /// Puts the lookups in the catalog: the regions the places name over those the
    /// references named, then every other region the data holds; then marks the regional
    /// forms and tells apart varieties that share a name.
    static func apply(_ lookups: Lookups, to catalog: inout Catalog) {
        catalog.versionGroups = lookups.versionGroups
        catalog.versionNames = lookups.versionNames
        for (kind, labels) in lookups.labels { catalog.labels[kind] = labels }
        catalog.areaLocations = lookups.areaLocations
        catalog.locationNames = lookups.locationNames
        catalog.locationRegions = lookups.locationRegions
        for (slug, name) in lookups.placeRegions { catalog.regionNames[slug] = name }
        // A form named after one of the data's regions ("alola", "galar-standard") is regional.
        for region in lookups.regions where catalog.regionNames[region.slug] == nil {
            catalog.regionNames[region.slug] = region.name
        }
        markRegionalForms(&catalog, regions: lookups.regions.map(\.slug))
        disambiguate(&catalog)
    }

    /// A form named after one of the data's regions is regional ("alola", "galar-zen",
    /// "paldea-combat-breed"), unless the rest of its name recurs after other words among
    /// its species' forms: Pikachu's "hoenn-cap", "kalos-cap", "original-cap" are caps a
    /// Pikachu wears, not a Hoenn or Kalos Pikachu. Decided from the data's names alone.
    static func markRegionalForms(_ catalog: inout Catalog, regions: [String]) {
        for species in catalog.species {
            let names = species.varieties.compactMap { catalog.pokemon[$0] }.map(\.form.formName).filter { !$0.isEmpty }
            // Every "<first word>-<rest>" split of the species' form names, by rest.
            var prefixesByRest: [String: Set<String>] = [:]
            for name in names {
                let parts = name.split(separator: "-", maxSplits: 1).map(String.init)
                if parts.count == 2 { prefixesByRest[parts[1], default: []].insert(parts[0]) }
            }
            for slug in species.varieties {
                guard let name = catalog.pokemon[slug]?.form.formName, !name.isEmpty,
                      let region = regions.first(where: { name == $0 || name.hasPrefix($0 + "-") }) else { continue }
                let rest = name == region ? "" : String(name.dropFirst(region.count + 1))
                if !rest.isEmpty, (prefixesByRest[rest]?.count ?? 0) > 1 { continue }
                catalog.pokemon[slug]?.form.region = region
            }
        }
    }

    /// Two varieties of one species never share a label: a repeated name gets its form's
    /// name, or the form's slug in words, in parentheses.
    static func disambiguate(_ catalog: inout Catalog) {
        let english = SiteLanguage(catalog.language)?.isEnglish ?? true
        for species in catalog.species {
            let varieties = species.varieties.compactMap { catalog.pokemon[$0] }
            let counts = Dictionary(grouping: varieties, by: \.name).filter { $0.value.count > 1 }
            for (_, same) in counts {
                for pokemon in same where !pokemon.isDefault {
                    let detail = pokemon.formName ?? Localized.words(pokemon.form.formName.isEmpty ? pokemon.slug : pokemon.form.formName)
                    if !pokemon.name.contains(detail) { catalog.pokemon[pokemon.slug]?.name = "\(pokemon.name) (\(detail))" }
                }
            }
            // Still the same (two forms whose form names match, as the three Paldean Tauros'
            // do in Japanese): each form gets the words of its slug that tell it apart (the
            // species' name and the words all of them begin with left out: "Combat Breed",
            // "Blaze Breed", "Aqua Breed"), marked as the English they are on a site in
            // another language.
            let again = species.varieties.compactMap { catalog.pokemon[$0] }
            for (_, same) in Dictionary(grouping: again, by: \.name).filter({ $0.value.count > 1 }) {
                let forms = same.filter { !$0.isDefault }
                let rests = forms.map { pokemon in
                    (pokemon.slug.hasPrefix(species.slug + "-") ? String(pokemon.slug.dropFirst(species.slug.count + 1)) : pokemon.slug)
                        .split(separator: "-").map(String.init)
                }
                var shared = 0
                while forms.count > 1, rests.allSatisfy({ $0.count > shared + 1 && $0[shared] == rests[0][shared] }) { shared += 1 }
                for (pokemon, rest) in zip(forms, rests) {
                    let words = Localized.words(rest.dropFirst(shared).joined(separator: "-"))
                    let said = english ? words : LanguageMark.mark(words, tag: "en")
                    catalog.pokemon[pokemon.slug]?.name = "\(pokemon.name) · \(said)"
                }
            }
        }
    }

    /// Every resource of a kind the source holds, decoded.
    func loadAll<T: Codable & Sendable>(_ type: T.Type, kind: String) async throws(CatalogIssue) -> [T] {
        let store = self.store
        return try await BoundedConcurrency.map(try store.ids(kind), width: width) { id throws(CatalogIssue) in
            try store.load(T.self, kind, id)
        }
    }
}

extension Localized {
    /// A description as a phrase: "medium slow" reads "Medium slow".
    static func sentence(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }

    /// PokeAPI writes its English names of languages in lower case after the first word
    /// ("Simplified chinese", "Brazilian portuguese", "Japanese romaji"); English capitalises
    /// every word of a language's name but the small ones ("Japanese Hiragana and Katakana").
    static func englishLanguageNames(_ names: [Wire.Name]) -> [Wire.Name] {
        names.map { entry in
            guard entry.language.name == "en" else { return entry }
            var entry = entry
            entry.name = entry.name.split(separator: " ", omittingEmptySubsequences: false).map { word in
                ["and", "of"].contains(word) ? String(word) : word.prefix(1).uppercased() + word.dropFirst()
            }.joined(separator: " ")
            return entry
        }
    }
}

import Foundation
import Pokedex
import TemplateEngine

/// The sections a fan looks up first, beyond the basics: training, breeding, stat ranges,
/// forms, every game's moves, where it is met, its Pokédex entries, its names, its media.
/// Each is a template value, built straight from the catalog.
enum DetailSections {
    // MARK: Training

    static func training(_ pokemon: Pokemon, species: Species?, index: CatalogIndex, strings: SiteStrings) -> TemplateValue {
        let statNames = index.catalog.stats
        let effort = pokemon.effort.map { strings.format("training_effort", ["count": String($0.value), "stat": statNames[$0.stat]?.name ?? $0.stat]) }
        var fields: TemplateDictionary = [
            "effort": effort.isEmpty ? .null : .string(effort.joined(separator: strings.language.listSeparator)),
            "baseExperience": pokemon.baseExperience.map { .string(String($0)) } ?? .null,
        ]
        if let rate = species?.captureRate {
            // A Poké Ball at full HP: a = rate x (3M - 2H) / 3M = rate / 3, caught with about a / 255.
            let chance = Double(rate) / 3 / 255 * 100
            fields["captureRate"] = .string(String(rate))
            fields["captureChance"] = .string(strings.format("training_captureChance", ["percent": strings.number(chance, decimals: 1)]))
        }
        if let friendship = species?.baseHappiness { fields["friendship"] = .string(String(friendship)) }
        if let rate = species?.growthRate {
            fields["growthRate"] = .dictionary([
                "name": .string(index.catalog.labels["growth-rate"]?[rate] ?? EvolutionPhrasing.words(rate)),
                "page": (index.catalog.growthRates[rate]?.count ?? 0) >= 100 ? .string(GrowthRatesPage.path + "#" + CatalogIndex.fileName(rate)) : .null,
            ])
        }
        return .dictionary(fields)
    }

    // MARK: Breeding

    static func breeding(_ species: Species?, index: CatalogIndex, strings: SiteStrings) -> TemplateValue {
        guard let species else { return .null }
        var fields: TemplateDictionary = [
            "eggGroups": .array(species.eggGroups.map { group in
                .dictionary([
                    "name": .string(index.catalog.labels["egg-group"]?[group] ?? EvolutionPhrasing.words(group)),
                    "page": .string(EggGroupPage.path(group)),
                ])
            }),
        ]
        if let rate = species.genderRate {
            if rate < 0 {
                fields["gender"] = .string(strings["breeding_genderless"])
            } else {
                let female = Double(rate) / 8 * 100
                fields["gender"] = .string(strings.format("breeding_gender", ["male": strings.percent(100 - female), "female": strings.percent(female)]))
                fields["femaleShare"] = .int(Int(female.rounded()))
                fields["maleShare"] = .int(100 - Int(female.rounded()))
                fields["genderBar"] = .bool(true)
            }
        }
        if let cycles = species.hatchCounter {
            // A cycle is 257 steps; an egg hatches after its last cycle starts.
            let low = max(1, (cycles - 1) * 257 + 1), high = cycles * 257
            fields["eggCycles"] = .string(strings.format("breeding_cycles", [
                "cycles": strings.grouped(cycles), "min": strings.grouped(low), "max": strings.grouped(high),
            ]))
        }
        return .dictionary(fields)
    }

    // MARK: Stats

    /// Base stats with bars and the ranges at levels 50 and 100 (minimum: 0 IV, 0 EV, a
    /// hindering nature; maximum: 31 IV, 252 EV, a helping one; HP has no nature, and a
    /// Pokémon whose base HP is 1 always has 1 HP).
    static func stats(_ pokemon: Pokemon, index: CatalogIndex) -> TemplateValue {
        .array(pokemon.stats.map { stat in
            let isHP = stat.stat == "hp"
            func value(_ level: Int, iv: Int, ev: Int, nature: Double) -> Int {
                let core = (2 * stat.value + iv + ev / 4) * level / 100
                if isHP { return stat.value == 1 ? 1 : core + level + 10 }
                return Int((Double(core + 5) * nature).rounded(.down))
            }
            return .dictionary([
                "name": .string(index.catalog.stats[stat.stat]?.name ?? stat.stat),
                "slug": .string(stat.stat),
                "value": .int(stat.value),
                "percent": .int(min(100, stat.value * 100 / 200)),
                "tier": .string(stat.value >= 120 ? "high" : stat.value >= 90 ? "good" : stat.value >= 60 ? "mid" : "low"),
                "range50": .string("\(value(50, iv: 0, ev: 0, nature: isHP ? 1 : 0.9))–\(value(50, iv: 31, ev: 252, nature: isHP ? 1 : 1.1))"),
                "range100": .string("\(value(100, iv: 0, ev: 0, nature: isHP ? 1 : 0.9))–\(value(100, iv: 31, ev: 252, nature: isHP ? 1 : 1.1))"),
            ])
        })
    }

    // MARK: Forms

    /// The species' varieties grouped (regional, mega, battle-only, other) and the
    /// pokemon's cosmetic forms; every variety's chip links to its page. The varieties are
    /// read as faces: an edit to one's stats or moves leaves its siblings' pages as they were
    /// (unless a sibling is caught: the "yours" section reads that one whole).
    static func forms(_ pokemon: Pokemon, species: Species?, index: CatalogIndex, strings: SiteStrings) -> TemplateValue {
        let varieties = (species?.varieties ?? []).compactMap { index.faces[$0] }
        var groups: [(key: String, members: [PokemonFace])] = []
        func add(_ key: String, _ member: PokemonFace) {
            if let at = groups.firstIndex(where: { $0.key == key }) { groups[at].members.append(member) } else { groups.append((key, [member])) }
        }
        for variety in varieties {
            if variety.isDefault { add("default", variety) }
            else if variety.form.region != nil { add("regional", variety) }
            else if variety.form.isMega { add("mega", variety) }
            else if variety.form.isGigantamax { add("gigantamax", variety) }
            else if variety.form.isBattleOnly { add("battle", variety) }
            else { add("other", variety) }
        }
        let order = ["default", "regional", "mega", "gigantamax", "battle", "other"]
        groups.sort { (order.firstIndex(of: $0.key) ?? 9) < (order.firstIndex(of: $1.key) ?? 9) }
        let cosmetic = pokemon.cosmeticForms.map { form -> TemplateValue in
            let sprite = index.spriteIfPresent(form.sprite)
            return .dictionary(["name": .string(form.name), "sprite": sprite?.templateValue ?? .null])
        }
        let total = varieties.count + pokemon.cosmeticForms.count
        guard varieties.count > 1 || !cosmetic.isEmpty else { return .null }
        let collapsed = total > 8
        return .dictionary([
            "groups": .array(groups.map { group in
                .dictionary([
                    "title": .string(strings["forms_\(group.key)"]),
                    "chips": .array(group.members.map { member in
                        .dictionary([
                            "name": .string(member.name),
                            "page": .string(CatalogIndex.page(of: member.slug)),
                            "current": .bool(member.slug == pokemon.slug),
                            "types": .array(member.types.map { index.badge($0).templateValue }),
                        ])
                    }),
                ])
            }),
            "cosmetic": .array(cosmetic),
            "hasCosmetic": .bool(!cosmetic.isEmpty),
            "count": .int(total),
            "collapsed": .bool(collapsed),
            "formsSummary": .string(strings.plural("forms_showAll", count: total)),
        ])
    }

    // MARK: Moves

    static func moves(_ pokemon: Pokemon, index: CatalogIndex, strings: SiteStrings) -> TemplateValue {
        // The entries of the one group shown; the others only named.
        let methods = pokemon.learnset.methodsByGroup()
        let groups = Learnsets.groups(in: methods, index: index)
        guard let newest = Learnsets.newestGroup(in: methods, index: index) else { return .null }
        var memo = Learnsets.MoveFactsMemo(compact: false)
        let page = PokemonMovesPage.path(pokemon.slug)
        return .dictionary([
            "group": .string(newest.name),
            "tables": Learnsets.tables(pokemon.learnset.entries(in: newest.slug), group: newest, index: index, strings: strings, memo: &memo),
            "switcher": .array(groups.map { group in
                .dictionary([
                    "name": .string(group.name),
                    "page": .string(page + "#vg-" + CatalogIndex.fileName(group.slug)),
                    "current": .bool(group.slug == newest.slug),
                ])
            }),
            "hasOthers": .bool(groups.count > 1),
            "allPage": .string(page),
        ])
    }

    // MARK: Locations

    /// Where it is met, per game, newest first: area, method, levels, chance, conditions.
    static func locations(_ pokemon: Pokemon, index: CatalogIndex, strings: SiteStrings) -> TemplateValue {
        let catalog = index.catalog
        var versionOrder: [String: Int] = [:]
        for (position, group) in catalog.versionGroups.enumerated() {
            for (offset, version) in group.versions.enumerated() { versionOrder[version] = position * 100 + offset }
        }
        // The rows as read, not the count stored beside them: a damaged record reads as none.
        let encounters = pokemon.encounters.encounters
        guard !encounters.isEmpty else { return .array([]) }
        // The tables the rows look up, each taken (and recorded) once a page rather than once
        // a row: a pokemon met in many games has hundreds of rows. The regions only when a
        // row's area has a location, as a row reads them.
        let labels = catalog.labels
        let areaLabels = labels["location-area"] ?? [:], methodLabels = labels["encounter-method"] ?? [:]
        let conditionLabels = labels["encounter-condition-value"] ?? [:]
        let versionNames = catalog.versionNames, areaLocations = catalog.areaLocations
        lazy var locationRegions = catalog.locationRegions
        lazy var regionNames = catalog.regionNames
        // Each area's name made once, for sorting and showing; rows sort by area name, then
        // method, as strings do, through each one's rank among the page's (a comparison of
        // two names per step, copying whole encounters, was a quarter of the section).
        let areas = encounters.map { areaLabels[$0.area] ?? EvolutionPhrasing.words($0.area) }
        let areaRanks = Self.ranks(areas), methodRanks = Self.ranks(encounters.map(\.method))
        let byVersion = Dictionary(grouping: encounters.indices, by: { encounters[$0].version })
        let versions = byVersion.keys.sorted { (versionOrder[$0] ?? Int.max, $0) < (versionOrder[$1] ?? Int.max, $1) }
        // Games met the same way (Red and Blue) share one table: "Red, Blue". Rows are
        // compared in place, not copied whole first (copies of every row to compare were a
        // tenth of the section); each is compared by every field but its game, through the
        // synthesized `==`, so a field `Encounter` gains is compared too.
        func alike(_ one: [Int], _ other: [Int]) -> Bool {
            guard one.count == other.count else { return false }
            for (first, second) in zip(one, other) {
                var row = encounters[first]
                row.version = encounters[second].version
                guard row == encounters[second] else { return false }
            }
            return true
        }
        var games: [(versions: [String], rows: [Int])] = []
        for version in versions {
            let rows = (byVersion[version] ?? []).sorted { first, second in
                let one = encounters[first], other = encounters[second]
                return (areaRanks[first], methodRanks[first], one.minLevel, one.maxLevel, one.chance)
                    < (areaRanks[second], methodRanks[second], other.minLevel, other.maxLevel, other.chance)
            }
            if let at = games.firstIndex(where: { alike($0.rows, rows) }) {
                games[at].versions.append(version)
            } else {
                games.append(([version], rows))
            }
        }
        // Without the full stop some values end with: joined, they read "…pillar of light., Start a…".
        func label(_ condition: String) -> String {
            let text = conditionLabels[condition] ?? EvolutionPhrasing.words(condition)
            return text.hasSuffix(".") || text.hasSuffix("。") ? String(text.dropLast()) : text
        }
        let or = strings["evo_or"]
        return .array(games.enumerated().map { position, game in
            .dictionary([
                "game": .string(strings.language.list(game.versions.map { versionNames[$0] ?? EvolutionPhrasing.words($0) })),
                "open": .bool(position == 0),
                "rows": .array(Self.mergedByCondition(game.rows, encounters).map { merged in
                    let encounter = encounters[merged.row]
                    let region = areaLocations[encounter.area].flatMap { locationRegions[$0] }.flatMap { regionNames[$0] }
                    // What every merged row needs, then, on a line of its own, the values one of
                    // which it needs: "Before the Hall of Fame" / "During rainy weather or During
                    // a thunderstorm" (one line "A, B or C" read as three alternatives).
                    let conditions = merged.shared.map(label).joined(separator: strings["evo_and"]), either = merged.either.map(label).joined(separator: or)
                    return .dictionary([
                        "area": .string(areas[merged.row]),
                        "region": region.map(TemplateValue.string) ?? .null,
                        "method": .string(methodLabels[encounter.method] ?? EvolutionPhrasing.words(encounter.method)),
                        "levels": .string(encounter.minLevel == encounter.maxLevel ? String(encounter.minLevel) : "\(encounter.minLevel)–\(encounter.maxLevel)"),
                        "chance": .string("\(min(encounter.chance, 100))%"),
                        "conditions": conditions.isEmpty ? .null : .string(conditions),
                        "either": either.isEmpty ? .null : .string(either),
                    ])
                }),
            ])
        })
    }

    /// A game's rows (in order), those met alike merged: rows in a run with the same area,
    /// method, levels and chance whose conditions differ by one value each (the weather, the
    /// time of day, a season) read as one, `row` the first of them, `shared` what all of them
    /// need (each value once) and `either` the values one of which is needed. Without this a
    /// Pokémon met in every weather of the Wild Area filled a phone with a dozen rows of one
    /// place. A run whose rows differ otherwise (one with no condition of its own, two values
    /// apart, the same conditions twice) stays as it is.
    static func mergedByCondition(_ rows: [Int], _ encounters: [Encounter]) -> [(row: Int, shared: [String], either: [String])] {
        var merged: [(row: Int, shared: [String], either: [String])] = []
        var start = 0
        while start < rows.count {
            let first = encounters[rows[start]]
            var end = start + 1
            while end < rows.count {
                let next = encounters[rows[end]]
                guard next.area == first.area, next.method == first.method, next.minLevel == first.minLevel,
                      next.maxLevel == first.maxLevel, next.chance == first.chance else { break }
                end += 1
            }
            // A run of one row (most of them) is that row as it is.
            guard end > start + 1 else {
                merged.append((rows[start], first.conditions, []))
                start = end
                continue
            }
            let run = rows[start..<end].map { encounters[$0].conditions }
            var seen = Set<String>()
            let shared = first.conditions.filter { value in seen.insert(value).inserted && run.allSatisfy { $0.contains(value) } }
            let own = run.map { conditions in conditions.filter { !shared.contains($0) } }
            if run.count > 1, own.allSatisfy({ $0.count == 1 }), Set(own.map { $0[0] }).count == own.count {
                merged.append((rows[start], shared, own.map { $0[0] }))
            } else {
                merged += rows[start..<end].map { ($0, encounters[$0].conditions, []) }
            }
            start = end
        }
        return merged
    }

    /// Each string's place among the distinct ones, in `String` order: comparing ranks orders as comparing the strings does.
    static func ranks(_ strings: [String]) -> [Int] {
        let rank = Dictionary(uniqueKeysWithValues: Set(strings).sorted().enumerated().map { ($1, $0) })
        return strings.map { rank[$0] ?? 0 }
    }

    // MARK: Entries, names, media

    static func entries(_ species: Species?, index: CatalogIndex, language: String) -> TemplateValue {
        let site = SiteLanguage(language) ?? .english
        return .array((species?.entries ?? []).map { entry in
            .dictionary([
                "games": .string(site.list(entry.versions.map { index.catalog.versionNames[$0] ?? EvolutionPhrasing.words($0) })),
                "text": .string(entry.text),
                "lang": entry.language == language ? .null : .string(LanguageTag.tag(entry.language)),
            ])
        })
    }

    static func names(_ species: Species?, index: CatalogIndex) -> TemplateValue {
        .array((species?.names ?? []).map { name in
            .dictionary([
                "language": .string(index.catalog.labels["language"]?[name.language] ?? name.language),
                "lang": .string(LanguageTag.tag(name.language)),
                "name": .string(name.name),
            ])
        })
    }

    /// Every sprite the site has (front, back, shiny, female), the large images, the cries.
    static func media(_ pokemon: Pokemon, index: CatalogIndex, strings: SiteStrings) -> TemplateValue {
        let order = ["front_default", "back_default", "front_shiny", "back_shiny", "front_female", "back_female", "front_shiny_female", "back_shiny_female"]
        let sprites = order.compactMap { key -> TemplateValue? in
            guard let sprite = index.spriteIfPresent(pokemon.media.sprites[key]) else { return nil }
            return .dictionary(["label": .string(strings["media_\(key)"]), "sprite": sprite.templateValue])
        }
        let large = [("media_artwork", pokemon.media.artwork["front_default"]), ("media_artworkShiny", pokemon.media.artwork["front_shiny"]),
                     ("media_home", pokemon.media.home["front_default"]), ("media_homeShiny", pokemon.media.home["front_shiny"])]
            .compactMap { key, path -> TemplateValue? in
                guard let path, index.spriteShapes[path] != nil else { return nil }
                return .dictionary(["label": .string(strings[key]), "path": .string(index.media(path))])
            }
        let cries = [("latest", "media_cryLatest"), ("legacy", "media_cryLegacy")].compactMap { kind, key -> TemplateValue? in
            guard let path = pokemon.media.cries[kind], index.spriteShapes[path] != nil else { return nil }
            return .dictionary(["label": .string(strings[key]), "path": .string(index.media(path))])
        }
        return .dictionary([
            "sprites": .array(sprites), "large": .array(large), "cries": .array(cries),
            "hasSprites": .bool(!sprites.isEmpty), "hasLarge": .bool(!large.isEmpty), "hasCries": .bool(!cries.isEmpty),
            "empty": .bool(sprites.isEmpty && large.isEmpty && cries.isEmpty),
        ])
    }
}

/// PokeAPI's language codes as the language tags `lang` and `hreflang` take (BCP 47):
/// `ja-hrkt` (kana) is Japanese, `ja-roma` and `roomaji` Japanese in Latin letters; any
/// other code keeps its language and the subtags BCP 47 allows (a four-letter script, a
/// region), so no code the data invents makes a page invalid.
enum LanguageTag {
    static let known = ["ja-hrkt": "ja", "ja-roma": "ja-Latn", "roomaji": "ja-Latn", "zh-hant": "zh-Hant", "zh-hans": "zh-Hans"]

    static func tag(_ code: String) -> String {
        let lowered = code.lowercased()
        if let tag = known[lowered] { return tag }
        let parts = lowered.split(separator: "-").map(String.init)
        guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return "und" }
        var tag = language
        for part in parts.dropFirst() {
            if part.count == 4, part.allSatisfy({ $0.isASCII && $0.isLetter }) {
                tag += "-" + part.prefix(1).uppercased() + part.dropFirst()
            } else if part.count == 2, part.allSatisfy({ $0.isASCII && $0.isLetter }) {
                tag += "-" + part.uppercased()
            } else if part.count == 3, part.allSatisfy({ $0.isASCII && $0.isNumber }) {
                tag += "-" + part
            }
        }
        return tag
    }
}

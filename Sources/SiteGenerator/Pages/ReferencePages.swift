import Common
import Pokedex
import TemplateEngine

/// The pages around the Pokémon: a move, an ability, an item, an egg group, each answering
/// "who learns / has / holds / belongs to this?" with links back to the Pokémon's pages.
/// Paths are relative to the site root; templates put `{{root}}` before them.
enum ReferencePages {
    /// A pokemon as a row of a "who" table: number, sprite, name, types, page. Made once a
    /// site when the index shares rows (``CatalogIndex/pokemonRows``): the move pages list
    /// the same pokemon hundreds of times over, tens of thousands at ten times the dex.
    static func pokemonRow(_ slug: String, index: CatalogIndex) -> TemplateValue? {
        guard let shared = index.pokemonRows else { return makeRow(slug, index: index) }
        // Made already, the usual case: asked without the closure, which copied the index whole.
        if let made = shared.known(slug, log: index.log) { return made }
        return shared.value(slug, log: index.log) { log in makeRow(slug, index: index.recording(into: log)) }
    }

    private static func makeRow(_ slug: String, index: CatalogIndex) -> TemplateValue? {
        guard let pokemon = index.faces[slug] else { return nil }
        return .dictionary([
            "number": .string(CatalogIndex.number(pokemon.speciesID)),
            "name": .string(pokemon.name),
            "page": .string(CatalogIndex.page(of: slug)),
            "sprite": index.image(of: pokemon).templateValue,
            "types": .array(pokemon.types.map { index.badge($0).templateValue }),
        ])
    }

    /// `items` as the rows of a "who" table, each species' later forms that would show the
    /// same row as an earlier one of it (the same types and the same `rest`: level, machine
    /// and game, or rarity) folded into that row: Thunderbolt's TM table had a row for each
    /// of Pikachu's 16 forms, Static's one for each cap. A form of other types (Alolan Raichu,
    /// Heat Rotom) keeps its own row; so does one `alike` tells apart from the row's lead
    /// (asked only once species, types and `rest` match). Items whose pokemon the catalog
    /// lacks are dropped.
    static func folded<Item, Rest: Equatable>(_ items: some Sequence<Item>, index: CatalogIndex,
                                              key: (Item) -> (pokemon: String, rest: Rest),
                                              alike: (_ lead: String, _ form: String) -> Bool = { _, _ in true }) -> [(lead: Item, forms: [String])] {
        var rows: [(lead: Item, forms: [String])] = []
        // Each row's pokemon, types and rest, and the rows of each species: found by a number,
        // then compared among a species' few rows (a move's pages look at every learner, a
        // million at ten times the dex; hashing types and games for each was 1.8% of a build).
        var shown: [(pokemon: String, types: [String], rest: Rest)] = []
        var rowsOf: [Int: [Int]] = [:]
        for item in items {
            let (slug, rest) = key(item)
            guard let face = index.faces[slug] else { continue }
            if let at = rowsOf[face.speciesID]?.first(where: { shown[$0].types == face.types && shown[$0].rest == rest && alike(shown[$0].pokemon, slug) }) {
                // The same pokemon twice (an ability in two slots) is one row, not its own form.
                if slug != shown[at].pokemon, !rows[at].forms.contains(slug) { rows[at].forms.append(slug) }
            } else {
                rowsOf[face.speciesID, default: []].append(rows.count)
                shown.append((slug, face.types, rest))
                rows.append((item, []))
            }
        }
        return rows
    }

    /// A row's folded forms as the `who-pokemon` partial lists them (`list`): each form's own
    /// name ("Original Cap") and page, `sep` before all but the first.
    static func forms(_ slugs: [String], index: CatalogIndex, strings: SiteStrings) -> TemplateValue {
        .dictionary(["list": .array(slugs.enumerated().compactMap { position, slug in
            index.faces[slug].map { face in
                .dictionary([
                    "name": .string(face.formName ?? face.name),
                    "page": .string(CatalogIndex.page(of: slug)),
                    "sep": .string(position == 0 ? "" : strings.language.listSeparator),
                ])
            }
        })])
    }

    /// A pokemon's row with the forms folded into it (``folded(_:index:key:alike:)``).
    static func pokemonRow(_ slug: String, forms: [String], index: CatalogIndex, strings: SiteStrings) -> TemplateDictionary? {
        guard case .dictionary(var row)? = pokemonRow(slug, index: index) else { return nil }
        if !forms.isEmpty { row["forms"] = self.forms(forms, index: index, strings: strings) }
        return row
    }

    static func label(_ kind: String, _ slug: String, _ index: CatalogIndex) -> String {
        index.catalog.labels[kind]?[slug] ?? EvolutionPhrasing.words(slug)
    }

    static func generation(_ number: Int?, _ index: CatalogIndex) -> TemplateValue {
        number.flatMap { index.catalog.labels["generation"]?[String($0)] }.map(TemplateValue.string) ?? .null
    }

    static func optional(_ text: String?) -> TemplateValue {
        text.map(TemplateValue.string) ?? .null
    }

    /// The first text in the site's own language among `texts` (PokeAPI has effects in
    /// English only, flavor texts in every language), else the first there is.
    static func summary(_ texts: String?...) -> String? {
        let present = texts.compactMap { $0 }
        return present.first { !LanguageMark.isMarked($0) } ?? present.first
    }
}

// MARK: Moves

/// `moves/<slug>.html`: a move's numbers and words, and every built Pokémon that learns it.
enum MovePage {
    static func path(_ slug: String) -> String { "moves/\(CatalogIndex.fileName(slug)).html" }

    static func value(_ move: Move, index: CatalogIndex, strings: SiteStrings) -> TemplateValue {
        let dash = "—"
        let groupNames = Dictionary(index.catalog.versionGroups.map { ($0.slug, $0.name) }, uniquingKeysWith: { first, _ in first })
        let learners = index.reverse.learners[move.slug] ?? LearnerList()
        let methods = learners.methods
        let ordered = Learnsets.methodOrder.filter(methods.contains) + methods.subtracting(Learnsets.methodOrder).sorted()
        let machines = Dictionary(move.machines.map { ($0.versionGroup, $0.label) }, uniquingKeysWith: { first, _ in first })
        let evolve = strings["moves_evolve"]
        @Sendable func first(_ learner: ReverseIndex.Learner) -> String {
            switch learner.method {
            case "level-up": learner.level > 0 ? String(learner.level) : evolve
            case "machine": machines[learner.versionGroup] ?? dash
            default: ""
            }
        }
        let learnedBy: [TemplateValue] = ordered.map { method in
            // Where in the list: a list made as it is read cannot leave a row out then.
            let positions = learners.indices.lazy.filter { learners.method(at: $0) == method }
            // What a row shows besides the Pokémon (the level or the game's machine, the game)
            // follows from the level and the game: the method is the table's.
            let rows = ReferencePages.folded(positions, index: index) { at in
                let learner = learners[at]
                return (learner.pokemon, LevelInGame(level: learner.level, game: learner.versionGroup))
            }
            let heading = method == "level-up" ? strings["moves_level"] : method == "machine" ? strings["moves_machine"] : ""
            return .dictionary([
                "title": .string(strings.table["moves_method_\(method)"] ?? ReferencePages.label("move-learn-method", method, index)),
                "first": .string(heading),
                "hasFirst": .bool(!heading.isEmpty),
                "hasGame": .bool(true),
                "count": .int(rows.reduce(0) { $0 + 1 + $1.forms.count }),
                // Made as the template reaches them: a move learned by every Pokémon in every
                // game lists tens of thousands of rows at ten times the dex.
                "rows": .list(TemplateList(count: rows.count) { position in
                    let learner = learners[rows[position].lead]
                    guard var row = ReferencePages.pokemonRow(learner.pokemon, forms: rows[position].forms, index: index, strings: strings) else { return .null }
                    if !heading.isEmpty { row["first"] = .string(first(learner)) }
                    row["game"] = .string(groupNames[learner.versionGroup] ?? EvolutionPhrasing.words(learner.versionGroup))
                    return .dictionary(row)
                }),
            ])
        }
        let priority = move.priority == 0 ? "0" : move.priority > 0 ? "+\(move.priority)" : String(move.priority)
        return .dictionary([
            "name": .string(move.name),
            "type": move.type.map { index.badge($0).templateValue } ?? .null,
            "damageClass": .string(move.damageClass.map { strings["moves_class_\($0)"] } ?? dash),
            "classSlug": .string(move.damageClass ?? ""),
            "power": .string(move.power.map(String.init) ?? dash),
            "accuracy": .string(move.accuracy.map { "\($0)%" } ?? dash),
            "pp": .string(move.pp.map(String.init) ?? dash),
            "priority": .string(priority),
            "target": move.target.map { .string(ReferencePages.label("move-target", $0, index)) } ?? .null,
            "generation": ReferencePages.generation(move.generation, index),
            "effect": ReferencePages.optional(move.effect),
            "flavorText": ReferencePages.optional(move.flavorText),
            // One line per machine number, its games newest first ("TM24: Ultra Sun, Ultra Moon · Sun, Moon · ...").
            "machines": .array(machineLines(machines, index: index).map { label, games in
                .dictionary(["label": .string(label), "game": .string(games.joined(separator: " · "))])
            }),
            "hasMachines": .bool(!machines.isEmpty),
            "learnedBy": .array(learnedBy),
            "learnerCount": .int(learners.pokemonCount),
        ])
    }
}

extension MovePage {
    /// A learner's level and game: with the table's method, all its row says besides the Pokémon.
    struct LevelInGame: Equatable {
        var level: Int, game: String
    }

    static func machineLines(_ machines: [String: String], index: CatalogIndex) -> [(String, [String])] {
        var lines: [(String, [String])] = []
        for group in index.catalog.versionGroups {
            guard let label = machines[group.slug] else { continue }
            if let at = lines.firstIndex(where: { $0.0 == label }) { lines[at].1.append(group.name) } else { lines.append((label, [group.name])) }
        }
        return lines
    }
}

// MARK: Abilities

/// `abilities/<slug>.html`: what the ability does and who has it, normally or hidden.
enum AbilityPage {
    static func path(_ slug: String) -> String { "abilities/\(CatalogIndex.fileName(slug)).html" }

    static func value(_ ability: Ability, index: CatalogIndex, strings: SiteStrings) -> TemplateValue {
        let holders = index.reverse.abilityHolders[ability.slug] ?? []
        func rows(hidden: Bool) -> TemplateValue {
            .array(ReferencePages.folded(holders.lazy.filter { $0.hidden == hidden }, index: index) { ($0.pokemon, true) }.compactMap { row in
                ReferencePages.pokemonRow(row.lead.pokemon, forms: row.forms, index: index, strings: strings).map(TemplateValue.dictionary)
            })
        }
        let normal = holders.filter { !$0.hidden }.count, hidden = holders.count - normal
        return .dictionary([
            "name": .string(ability.name),
            "effect": ReferencePages.optional(ability.effect ?? ability.shortEffect),
            "shortEffect": ability.effect == nil ? .null : ReferencePages.optional(ability.shortEffect),
            "flavorText": ReferencePages.optional(ability.flavorText),
            "generation": ReferencePages.generation(ability.generation, index),
            "normal": rows(hidden: false), "hasNormal": .bool(normal > 0),
            "hidden": rows(hidden: true), "hasHidden": .bool(hidden > 0),
        ])
    }
}

// MARK: Items

/// `items/<slug>.html`: an item's picture and effect, who holds it in the wild (per game,
/// how often) and which evolutions it triggers or must be held for.
enum ItemPage {
    static func path(_ slug: String) -> String { "items/\(CatalogIndex.fileName(slug)).html" }

    static func value(_ item: Item, index: CatalogIndex, strings: SiteStrings) -> TemplateValue {
        let catalog = index.catalog
        // Each pokemon's own rarities, in page order, from the reverse index (`rw:<item>`): each
        // holder is read as its face, in its row, not whole.
        let holders = index.reverse.wildHolders[item.slug] ?? []
        // Read only with holders to show: a page without them does not depend on the games.
        let order = holders.isEmpty ? [:] : versionOrder(catalog)
        // "Red, Blue: 5%": games with the same rarity said together, newest first.
        func rarities(_ holder: ReverseIndex.WildHolder) -> String {
            let grouped = Dictionary(grouping: holder.rarities, by: \.rarity).sorted { $0.key > $1.key }
            return grouped.map { rarity, games in
                let names = games.map(\.version).sorted { (order[$0] ?? .max) < (order[$1] ?? .max) }
                    .map { catalog.versionNames[$0] ?? EvolutionPhrasing.words($0) }
                return "\(strings.language.list(names)): \(rarity)%"
            }.joined(separator: "; ")
        }
        let wild: [TemplateValue] = ReferencePages.folded(holders.map { ($0.pokemon, rarities($0)) }, index: index) { $0 }.compactMap { row in
            guard var values = ReferencePages.pokemonRow(row.lead.0, forms: row.forms, index: index, strings: strings) else { return nil }
            values["rarities"] = .string(row.lead.1)
            return .dictionary(values)
        }
        let phrasing = EvolutionPhrasing(strings: strings, index: index)
        // One row per evolution: a step into a regional variety (Alolan Raichu) is its own.
        let evolutions: [TemplateValue] = (index.reverse.itemEvolutions[item.slug] ?? []).flatMap { step -> [TemplateValue] in
            let chain = catalog.evolutionChains[step.chain]
            let conditions = chain.flatMap { node(step.to, in: $0.root) }?.conditions.filter { $0.item == item.slug || $0.heldItem == item.slug } ?? []
            var targets: [(form: String?, conditions: [EvolutionCondition])] = []
            for condition in conditions {
                var own = condition
                var form: String?
                if let slug = condition.evolvedForm, let variety = index.faces[slug], !variety.isDefault {
                    form = slug
                    own.evolvedForm = nil
                }
                if let at = targets.firstIndex(where: { $0.form == form }) { targets[at].conditions.append(own) } else { targets.append((form, [own])) }
            }
            return targets.map { target in
                let to = target.form.flatMap { slug in index.faces[slug].map { pokemon -> TemplateValue in
                    .dictionary(["name": .string(pokemon.name), "page": .string(CatalogIndex.page(of: slug)), "sprite": index.image(of: pokemon).templateValue])
                } } ?? speciesLink(step.to, index: index)
                return .dictionary([
                    "from": speciesLink(step.from, index: index),
                    "to": to,
                    "how": target.conditions.isEmpty ? .null : .string(phrasing.phrase(target.conditions)),
                ])
            }
        }
        let sprite = index.spriteIfPresent(item.sprite)
        return .dictionary([
            "name": .string(item.name),
            "sprite": sprite?.templateValue ?? .null,
            "category": item.category.map { .string(ReferencePages.label("item-category", $0, index)) } ?? .null,
            "effect": ReferencePages.optional(item.effect),
            "flavorText": ReferencePages.optional(item.flavorText),
            "wild": .array(wild), "hasWild": .bool(!wild.isEmpty),
            "evolutions": .array(evolutions), "hasEvolutions": .bool(!evolutions.isEmpty),
        ])
    }

    /// A species as the evolution table names it: its default variety's page when built.
    static func speciesLink(_ slug: String, index: CatalogIndex) -> TemplateValue {
        if let pokemon = index.defaultFace(ofSpecies: slug) {
            return .dictionary(["name": .string(pokemon.name), "page": .string(CatalogIndex.page(of: pokemon.slug)), "sprite": index.image(of: pokemon).templateValue])
        }
        let name = index.catalog.chainOnlySpecies[slug]?.name ?? EvolutionPhrasing.words(slug)
        let sprite = index.catalog.chainOnlySpecies[slug] != nil ? index.speciesEmblem(slug) : index.sprite(nil)
        return .dictionary(["name": .string(name), "page": .null, "sprite": sprite.templateValue])
    }

    static func node(_ species: String, in root: EvolutionNode) -> EvolutionNode? {
        if root.species == species { return root }
        for child in root.evolvesTo { if let found = node(species, in: child) { return found } }
        return nil
    }

    static func versionOrder(_ catalog: CatalogView) -> [String: Int] {
        var order: [String: Int] = [:]
        for (position, group) in catalog.versionGroups.enumerated() {
            for (offset, version) in group.versions.enumerated() { order[version] = position * 100 + offset }
        }
        return order
    }
}

// MARK: Egg groups

/// `egg-groups/<slug>.html`: the species that breed with each other, as cards.
enum EggGroupPage {
    static func path(_ slug: String) -> String { "egg-groups/\(CatalogIndex.fileName(slug)).html" }

    static func value(_ slug: String, index: CatalogIndex, collection: SiteCollection) -> TemplateValue {
        let captured = Set(collection.caught.map(\.pokemon))
        let cards = (index.reverse.eggGroupMembers[slug] ?? []).compactMap { index.defaultFace(ofSpecies: $0) }
            .map { index.card($0, captured: captured).templateValue }
        let others = index.reverse.eggGroupMembers.keys.filter { $0 != slug }.sorted().map { other in
            TemplateValue.dictionary(["name": .string(ReferencePages.label("egg-group", other, index)), "page": .string(path(other))])
        }
        return .dictionary([
            "name": .string(ReferencePages.label("egg-group", slug, index)),
            "cards": .array(cards), "count": .int(cards.count),
            "others": .array(others),
        ])
    }
}

// MARK: Indexes of the reference pages

/// `moves/index.html`, `abilities/index.html`, `items/index.html`, `egg-groups/index.html`:
/// every page of a kind in one sortable table, so none is an orphan.
enum ReferenceIndexPage {
    static func moves(index: CatalogIndex, strings: SiteStrings) -> TemplateValue {
        let dash = "—"
        let rows = strings.language.sorted(index.reverse.movesWithPages.compactMap { index.catalog.moves[$0] },
                                           name: \.name, alternates: \.searchNames, slug: \.slug)
            .map { move -> TemplateValue in
                .dictionary([
                    "name": .string(move.name), "page": .string(MovePage.path(move.slug)),
                    "type": move.type.map { index.badge($0).templateValue } ?? .null,
                    "damageClass": .string(move.damageClass.map { strings["moves_class_\($0)"] } ?? dash),
                    "classSlug": .string(move.damageClass ?? ""),
                    "power": .string(move.power.map(String.init) ?? dash),
                    "accuracy": .string(move.accuracy.map { "\($0)%" } ?? dash),
                    "pp": .string(move.pp.map(String.init) ?? dash),
                    "effect": ReferencePages.optional(ReferencePages.summary(move.effect, move.flavorText)),
                ])
            }
        return .dictionary(["rows": .array(rows), "count": .int(rows.count)])
    }

    static func abilities(index: CatalogIndex, strings: SiteStrings) -> TemplateValue {
        let rows = strings.language.sorted(index.reverse.abilitiesWithPages.compactMap { index.catalog.abilities[$0] },
                                           name: \.name, alternates: \.searchNames, slug: \.slug)
            .map { ability -> TemplateValue in
                .dictionary([
                    "name": .string(ability.name), "page": .string(AbilityPage.path(ability.slug)),
                    "effect": ReferencePages.optional(ReferencePages.summary(ability.shortEffect, ability.flavorText, ability.effect)),
                    "count": .int(Set((index.reverse.abilityHolders[ability.slug] ?? []).map(\.pokemon)).count),
                    "generation": ReferencePages.generation(ability.generation, index),
                ])
            }
        return .dictionary(["rows": .array(rows), "count": .int(rows.count)])
    }

    static func items(index: CatalogIndex, strings: SiteStrings) -> TemplateValue {
        let rows = strings.language.sorted(index.reverse.itemsWithPages.compactMap { index.catalog.items[$0] },
                                           name: \.name, alternates: \.searchNames, slug: \.slug)
            .map { item -> TemplateValue in
                let sprite = index.spriteIfPresent(item.sprite)
                return .dictionary([
                    "name": .string(item.name), "page": .string(ItemPage.path(item.slug)),
                    "sprite": sprite?.templateValue ?? .null,
                    "category": item.category.map { .string(ReferencePages.label("item-category", $0, index)) } ?? .null,
                    "effect": ReferencePages.optional(ReferencePages.summary(item.effect, item.flavorText)),
                ])
            }
        return .dictionary(["rows": .array(rows), "count": .int(rows.count)])
    }

    static func eggGroups(index: CatalogIndex, strings: SiteStrings) -> TemplateValue {
        let slugs = strings.language.sorted(Array(index.reverse.eggGroupMembers.keys), name: { ReferencePages.label("egg-group", $0, index) }, slug: { $0 })
        let rows = slugs.map { slug -> TemplateValue in
            .dictionary([
                "name": .string(ReferencePages.label("egg-group", slug, index)), "page": .string(EggGroupPage.path(slug)),
                "count": .int(index.reverse.eggGroupMembers[slug]?.count ?? 0),
            ])
        }
        return .dictionary(["rows": .array(rows), "count": .int(rows.count)])
    }
}

// MARK: Type chart, growth rates, credits

/// `types/index.html`: every attacking type against every defending type.
enum TypeChartPage {
    static let path = "types/index.html"

    /// A column's label: three letters of a Latin name ("Fir", "Wat"); a name in kana,
    /// hangul or han whole when it is short (they are narrow and have no abbreviation),
    /// else its first four characters ("フェアリ" would cut a word: "フェアリー" fits five).
    static func short(_ name: String) -> String {
        let latin = name.unicodeScalars.contains { $0.isASCII && $0.properties.isAlphabetic } || name.unicodeScalars.contains { (0xC0...0x24F).contains($0.value) }
        if latin { return String(name.prefix(3)) }
        return name.count <= 5 ? name : String(name.prefix(4))
    }

    static func value(index: CatalogIndex, strings: SiteStrings) -> TemplateValue {
        let types = index.catalog.types
        let columns = types.map { type -> TemplateValue in
            .dictionary(["slug": .string(type.slug), "name": .string(type.name), "short": .string(LanguageMark.map(type.name, TypeChartPage.short)),
                         "page": .string("types/\(CatalogIndex.fileName(type.slug)).html")])
        }
        let rows = types.map { attacker -> TemplateValue in
            .dictionary([
                "type": index.badge(attacker.slug).templateValue,
                "cells": .array(types.map { defender -> TemplateValue in
                    let (mark, level) = defender.noDamageFrom.contains(attacker.slug) ? ("0", "none")
                        : defender.doubleDamageFrom.contains(attacker.slug) ? ("2", "double")
                        : defender.halfDamageFrom.contains(attacker.slug) ? ("½", "half") : ("", "normal")
                    let label = strings.format("typeChart_cell", ["attacker": attacker.name, "defender": defender.name,
                                                                  "effect": strings["typeChart_\(level)"]])
                    return .dictionary(["mark": .string(mark), "level": .string(level), "label": .string(label)])
                }),
            ])
        }
        return .dictionary(["columns": .array(columns), "rows": .array(rows)])
    }
}

/// `growth-rates.html`: what each growth rate means, as the experience a level takes.
enum GrowthRatesPage {
    static let path = "growth-rates.html"
    static let levels = [1, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 85, 90, 95, 100]

    static func value(index: CatalogIndex, strings: SiteStrings) -> TemplateValue {
        let rates = index.catalog.growthRates.filter { $0.value.count >= 100 }
            .sorted { ($0.value[99], $0.key) < ($1.value[99], $1.key) }
        let counts = Dictionary(grouping: index.catalog.species.compactMap(\.growthRate), by: { $0 }).mapValues(\.count)
        return .dictionary([
            "rates": .array(rates.map { slug, table in
                .dictionary([
                    "id": .string(CatalogIndex.fileName(slug)),
                    "name": .string(ReferencePages.label("growth-rate", slug, index)),
                    "total": .string(strings.grouped(table[99])),
                    "species": .string(strings.plural("growthRates_species", count: counts[slug] ?? 0)),
                ])
            }),
            "levels": .array(levels.map { level in
                .dictionary([
                    "level": .int(level),
                    "values": .array(rates.map { .string(strings.grouped($0.value[level - 1])) }),
                ])
            }),
        ])
    }
}

import Pokedex

/// Turns evolution conditions into words: "Level 16", "Use Thunder Stone", "High friendship, daytime".
struct EvolutionPhrasing: Sendable {
    let strings: SiteStrings
    let index: CatalogIndex

    /// All the ways to evolve, said once each, and the places a shortened list stands for.
    struct Description: Sendable, Hashable {
        var text: String
        /// "Eterna Forest (Sinnoh)", ...: the places behind a list said by region, else empty.
        var places: [String]
    }

    /// All the ways to evolve, as one phrase ("Use Water Stone or Level 30").
    func phrase(_ conditions: [EvolutionCondition]) -> String {
        describe(conditions).text
    }

    /// All the ways to evolve, as one phrase, and the places a long list was shortened from.
    ///
    /// PokeAPI lists a condition once per game it applies to, and for places once per game's
    /// location: Leafeon levels up near a special rock in Eterna Forest, Pinwheel Forest and
    /// three more. Conditions that differ only in their place read as one, with the places
    /// listed (more than ``placesShown`` of them by region, the places kept for a second
    /// look); alternatives that read the same are said once; two that differ in one part
    /// only ("high affection" and "high friendship", both knowing a Fairy-type move) are
    /// said as one with the part's two values.
    func describe(_ conditions: [EvolutionCondition]) -> Description {
        var groups: [(condition: EvolutionCondition, places: [String]?)] = []
        for condition in conditions {
            var key = condition
            key.location = nil
            guard let index = groups.firstIndex(where: { $0.condition == key }) else {
                groups.append((key, condition.location.map { [$0] }))
                continue
            }
            // One alternative without a place means anywhere will do.
            if let place = condition.location, groups[index].places?.contains(place) == false {
                groups[index].places?.append(place)
            } else if condition.location == nil {
                groups[index].places = nil
            }
        }
        // Hisuian Qwilfish evolves three ways, all of them Hisuian Qwilfish's: say so once, first.
        let bases = Set(groups.map { alternateForm($0.condition.baseForm) })
        let sharedBase = bases.count == 1 ? bases.first ?? nil : nil
        var allPlaces: [String] = []
        var alternatives: [[String]] = []
        for group in groups {
            let places = group.places ?? []
            let (parts, listed) = self.parts(group.condition, places: places, namingBase: sharedBase == nil)
            allPlaces += listed
            if !alternatives.contains(parts) { alternatives.append(parts) }
        }
        let text = Self.merged(alternatives, or: strings["evo_or"]).map { $0.joined(separator: strings["evo_and"]) }
            .reduce(into: [String]()) { said, phrase in if !said.contains(phrase) { said.append(phrase) } }
            .joined(separator: strings["evo_or"])
        return Description(text: sharedBase.map { strings.format("evo_fromForm", ["form": $0]) + text } ?? text, places: allPlaces)
    }

    /// Alternatives of as many parts that differ in one part only become one, that part
    /// saying both ("High affection or High friendship"); repeated until none are left.
    static func merged(_ alternatives: [[String]], or: String) -> [[String]] {
        var result = alternatives
        var changed = true
        while changed {
            changed = false
            search: for first in result.indices {
                for second in result.indices where second > first && result[first].count == result[second].count {
                    let differing = result[first].indices.filter { result[first][$0] != result[second][$0] }
                    guard differing.count == 1, let at = differing.first else { continue }
                    result[first][at] += or + result[second][at]
                    result.remove(at: second)
                    changed = true
                    break search
                }
            }
        }
        return result
    }

    /// One way to evolve as a phrase.
    func phrase(_ condition: EvolutionCondition) -> String {
        phrase(condition, places: condition.location.map { [$0] } ?? [])
    }

    /// One way to evolve, at any of `places` (location slugs) when there are some, led by
    /// the variety that evolves when it is not the default one and `namingBase` is set.
    func phrase(_ condition: EvolutionCondition, places: [String], namingBase: Bool = true) -> String {
        parts(condition, places: places, namingBase: namingBase).parts.joined(separator: strings["evo_and"])
    }

    /// More places than this are said by region, the places listed apart.
    static let placesShown = 2

    /// The phrase's parts: how (the trigger, or the first of level, friendship, affection
    /// and beauty), then every further condition the data states; and the places listed
    /// apart when there were too many to say.
    func parts(_ condition: EvolutionCondition, places: [String], namingBase: Bool) -> (parts: [String], places: [String]) {
        var parts: [String] = []
        // Level, friendship, affection, beauty: each the data gives is said, whatever the trigger.
        var thresholds: [String] = []
        if let level = condition.minLevel, level > 0 { thresholds.append(strings.format("evo_level", ["level": String(level)])) }
        if condition.minHappiness != nil { thresholds.append(strings["evo_friendship"]) }
        if condition.minAffection != nil { thresholds.append(strings["evo_affection"]) }
        if condition.minBeauty != nil { thresholds.append(strings["evo_beauty"]) }
        var head: String
        switch condition.trigger {
        case "level-up":
            head = thresholds.isEmpty ? strings["evo_levelUp"] : thresholds.removeFirst()
        case "use-item":
            head = condition.item.map { strings.format("evo_useItem", ["item": itemName($0)]) } ?? strings["evo_useAnItem"]
        case "trade":
            head = strings["evo_trade"]
            if let item = condition.heldItem {
                head = strings.format("evo_tradeHolding", ["item": itemName(item)])
            }
            if let other = condition.tradeSpecies {
                head += " " + strings.format("evo_tradeFor", ["species": speciesName(other)])
            }
        case _ where condition.usedMove != nil && Self.moveTriggers.contains(condition.trigger):
            head = usingMove(condition)
        default:
            // A trigger the strings do not know is said with the data's own name for it.
            head = strings.table["evo_trigger_\(condition.trigger)"]
                ?? index.catalog.labels["evolution-trigger"]?[condition.trigger]
                ?? Self.words(condition.trigger)
        }
        parts.append(contentsOf: thresholds)
        if let usedMove = condition.usedMove, !Self.moveTriggers.contains(condition.trigger) {
            var using = strings.format("evo_afterUsing", ["move": moveName(usedMove)])
            if let count = condition.minMoveCount, count > 1 { using += " " + strings.plural("evo_times", count: count) }
            parts.append(using)
        }
        if condition.trigger != "trade", let item = condition.heldItem {
            parts.append(strings.format("evo_holding", ["item": itemName(item)]))
        }
        if condition.trigger != "use-item", condition.item != nil, let item = condition.item {
            parts.append(strings.format("evo_useItem", ["item": itemName(item)]))
        }
        if let time = condition.timeOfDay, !time.isEmpty {
            parts.append(strings.table["evo_time_\(time)"] ?? Self.words(time))
        }
        if let move = condition.knownMove {
            parts.append(strings.format("evo_knowing", ["move": moveName(move)]))
        }
        if let type = condition.knownMoveType {
            parts.append(strings.format("evo_knowingType", ["type": index.typeName(type)]))
        }
        var listed: [String] = []
        if condition.nearSpecialRock || !places.isEmpty {
            var place = strings[condition.nearSpecialRock ? "evo_nearRock" : "evo_location"]
            if !places.isEmpty {
                let names = places.map { index.catalog.locationNames[$0] ?? Self.words($0) }
                let regions = places.compactMap { index.catalog.locationRegions[$0] }
                if places.count > Self.placesShown, regions.count == places.count {
                    var said: [String] = []
                    for region in regions where !said.contains(region) { said.append(region) }
                    place += strings.format("evo_places", ["places": said.map(regionName).joined(separator: strings["evo_and"])])
                    listed = zip(names, regions).map { "\($0) (\(regionName($1)))" }
                } else {
                    place += strings.format("evo_places", ["places": names.joined(separator: strings["evo_and"])])
                }
            }
            parts.append(place)
        }
        if let region = condition.region {
            parts.append(strings.format("evo_region", ["region": regionName(region)]))
        }
        if let gender = condition.gender {
            parts.append(strings[gender == 1 ? "evo_female" : "evo_male"])
        }
        if condition.needsOverworldRain {
            parts.append(strings["evo_rain"])
        }
        if let species = condition.partySpecies {
            parts.append(strings.format("evo_partySpecies", ["species": speciesName(species)]))
        }
        if let type = condition.partyType {
            parts.append(strings.format("evo_partyType", ["type": index.typeName(type)]))
        }
        if let relation = condition.relativePhysicalStats {
            parts.append(strings[relation > 0 ? "evo_attackHigher" : relation < 0 ? "evo_defenseHigher" : "evo_attackEqual"])
        }
        if condition.turnUpsideDown {
            parts.append(strings["evo_upsideDown"])
        }
        if let steps = condition.minSteps {
            parts.append(strings.format("evo_steps", ["steps": String(steps)]))
        }
        if let damage = condition.minDamageTaken {
            parts.append(strings.format("evo_damageTaken", ["damage": String(damage)]))
        }
        if condition.needsMultiplayer {
            parts.append(strings["evo_multiplayer"])
        }
        if namingBase, let base = alternateForm(condition.baseForm) {
            head = strings.format("evo_fromForm", ["form": base]) + head
        }
        if let evolved = alternateForm(condition.evolvedForm) {
            if parts.isEmpty { head += strings.format("evo_intoForm", ["form": evolved]) } else { parts[parts.count - 1] += strings.format("evo_intoForm", ["form": evolved]) }
        }
        return ([head] + parts, listed)
    }

    private func regionName(_ slug: String) -> String {
        index.catalog.regionNames[slug] ?? Self.words(slug)
    }

    /// Triggers that are about using a move, which `usedMove` then names.
    static let moveTriggers: Set<String> = ["use-move", "strong-style-move", "agile-style-move"]

    /// "Use Rage Fist 20 times", "Use Barb Barrage in strong style 20 times".
    private func usingMove(_ condition: EvolutionCondition) -> String {
        var words = [strings.format("evo_useMove", ["move": moveName(condition.usedMove ?? "")])]
        switch condition.trigger {
        case "strong-style-move": words.append(strings["evo_style_strong"])
        case "agile-style-move": words.append(strings["evo_style_agile"])
        default: break
        }
        if let count = condition.minMoveCount, count > 1 {
            words.append(strings.plural("evo_times", count: count))
        }
        return words.joined(separator: " ")
    }

    /// The display name of a variety that is not its species' default ("Galarian Meowth"),
    /// or nil: the default needs no saying, and a variety outside the catalog cannot be named.
    private func alternateForm(_ slug: String?) -> String? {
        guard let slug, let pokemon = index.faces[slug], !pokemon.isDefault else { return nil }
        return pokemon.name
    }

    private func moveName(_ slug: String) -> String {
        index.catalog.moves[slug]?.name ?? Self.words(slug)
    }

    /// A slug as words, for the places and regions the data has no names for:
    /// "kalos-route-20" reads "Kalos Route 20".
    static func words(_ slug: String) -> String {
        slug.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    private func itemName(_ slug: String) -> String {
        index.catalog.items[slug]?.name ?? slug
    }

    private func speciesName(_ slug: String) -> String {
        index.speciesBySlug[slug]?.name ?? slug
    }
}

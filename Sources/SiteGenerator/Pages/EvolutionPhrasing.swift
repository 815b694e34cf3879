import Pokedex

/// Turns evolution conditions into words: "Level 16", "Use Thunder Stone", "High friendship, daytime".
struct EvolutionPhrasing: Sendable {
    let strings: SiteStrings
    let index: CatalogIndex

    /// All the ways to evolve, as one phrase ("Use Water Stone or Level 30").
    ///
    /// PokeAPI lists a condition once per game it applies to, and for places once per game's
    /// location: Leafeon levels up near a special rock in Eterna Forest, Pinwheel Forest and
    /// three more. Conditions that differ only in their place read as one, with the places
    /// listed, and alternatives that read the same are said once.
    func phrase(_ conditions: [EvolutionCondition]) -> String {
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
        var said = Set<String>()
        let text = groups.map { phrase($0.condition, places: $0.places ?? [], namingBase: sharedBase == nil) }
            .filter { said.insert($0).inserted }
            .joined(separator: strings["evo_or"])
        return sharedBase.map { strings.format("evo_fromForm", ["form": $0]) + text } ?? text
    }

    /// One way to evolve as a phrase.
    func phrase(_ condition: EvolutionCondition) -> String {
        phrase(condition, places: condition.location.map { [$0] } ?? [])
    }

    /// One way to evolve, at any of `places` (location slugs) when there are some, led by
    /// the variety that evolves when it is not the default one and `namingBase` is set.
    func phrase(_ condition: EvolutionCondition, places: [String], namingBase: Bool = true) -> String {
        var parts: [String] = []
        var head: String
        switch condition.trigger {
        case "level-up":
            if let level = condition.minLevel, level > 0 {
                head = strings.format("evo_level", ["level": String(level)])
            } else if condition.minHappiness != nil {
                head = strings["evo_friendship"]
            } else if condition.minAffection != nil {
                head = strings["evo_affection"]
            } else if condition.minBeauty != nil {
                head = strings["evo_beauty"]
            } else {
                head = strings["evo_levelUp"]
            }
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
            head = strings.table["evo_trigger_\(condition.trigger)"] ?? strings["evo_special"]
        }
        if let usedMove = condition.usedMove, !Self.moveTriggers.contains(condition.trigger) {
            var using = strings.format("evo_afterUsing", ["move": moveName(usedMove)])
            if let count = condition.minMoveCount, count > 1 { using += " " + strings.format("evo_times", ["count": String(count)]) }
            parts.append(using)
        }
        if condition.trigger != "trade", let item = condition.heldItem {
            parts.append(strings.format("evo_holding", ["item": itemName(item)]))
        }
        if let time = condition.timeOfDay, !time.isEmpty {
            parts.append(strings.table["evo_time_\(time)"] ?? time)
        }
        if let move = condition.knownMove {
            parts.append(strings.format("evo_knowing", ["move": moveName(move)]))
        }
        if let type = condition.knownMoveType {
            parts.append(strings.format("evo_knowingType", ["type": index.typeName(type)]))
        }
        if condition.nearSpecialRock || !places.isEmpty {
            var place = strings[condition.nearSpecialRock ? "evo_nearRock" : "evo_location"]
            if !places.isEmpty {
                let names = places.map { index.catalog.locationNames[$0] ?? Self.words($0) }
                place += strings.format("evo_places", ["places": names.joined(separator: ", ")])
            }
            parts.append(place)
        }
        if let region = condition.region {
            parts.append(strings.format("evo_region", ["region": index.catalog.regionNames[region] ?? Self.words(region)]))
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
        var text = ([head] + parts).joined(separator: ", ")
        if namingBase, let base = alternateForm(condition.baseForm) {
            text = strings.format("evo_fromForm", ["form": base]) + text
        }
        if let evolved = alternateForm(condition.evolvedForm) {
            text += strings.format("evo_intoForm", ["form": evolved])
        }
        return text
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
            words.append(strings.format("evo_times", ["count": String(count)]))
        }
        return words.joined(separator: " ")
    }

    /// The display name of a variety that is not its species' default ("Galarian Meowth"),
    /// or nil: the default needs no saying, and a variety outside the catalog cannot be named.
    private func alternateForm(_ slug: String?) -> String? {
        guard let slug, let pokemon = index.catalog.pokemon[slug], !pokemon.isDefault else { return nil }
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

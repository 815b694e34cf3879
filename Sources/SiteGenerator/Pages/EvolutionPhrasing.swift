import Pokedex

/// Turns evolution conditions into words: "Level 16", "Use Thunder Stone", "High friendship, daytime".
struct EvolutionPhrasing: Sendable {
    let strings: SiteStrings
    let index: CatalogIndex

    /// All the ways to evolve, as one phrase ("Use Water Stone or Level 30").
    ///
    /// Alternatives that read the same are said once: PokeAPI lists Leafeon's "level up at a
    /// special place" once per game's location, and the reader needs it once.
    func phrase(_ conditions: [EvolutionCondition]) -> String {
        var said = Set<String>()
        return conditions.map(phrase).filter { said.insert($0).inserted }.joined(separator: strings["evo_or"])
    }

    /// One way to evolve as a phrase.
    func phrase(_ condition: EvolutionCondition) -> String {
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
        default:
            head = strings.table["evo_trigger_\(condition.trigger)"] ?? strings["evo_special"]
        }
        if condition.trigger != "trade", let item = condition.heldItem {
            parts.append(strings.format("evo_holding", ["item": itemName(item)]))
        }
        if let time = condition.timeOfDay, !time.isEmpty {
            parts.append(strings.table["evo_time_\(time)"] ?? time)
        }
        if let move = condition.knownMove {
            parts.append(strings.format("evo_knowing", ["move": index.catalog.moves[move]?.name ?? move]))
        }
        if let type = condition.knownMoveType {
            parts.append(strings.format("evo_knowingType", ["type": index.typeName(type)]))
        }
        if condition.location != nil {
            parts.append(strings["evo_location"])
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
        return ([head] + parts).joined(separator: ", ")
    }

    private func itemName(_ slug: String) -> String {
        index.catalog.items[slug]?.name ?? slug
    }

    private func speciesName(_ slug: String) -> String {
        index.speciesBySlug[slug]?.name ?? slug
    }
}

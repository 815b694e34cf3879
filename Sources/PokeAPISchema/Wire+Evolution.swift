extension Wire {
    /// `evolution-chain/<id>`: a tree of species, each step with the conditions that lead to it.
    package struct EvolutionChain: Codable, Sendable, IdentifiedResource {

        /// One species in the chain; `evolvesTo` nests to any depth, so the fetch's rules
        /// for what a node links to match at any depth.
        package struct ChainLink: Codable, Sendable, Hashable {
            package var species: Link
            package var evolutionDetails: [EvolutionDetail]?
            package var evolvesTo: [ChainLink]?

            enum CodingKeys: String, CodingKey {
                case species
                case evolutionDetails = "evolution_details"
                case evolvesTo = "evolves_to"
            }
        }

        package var id: Int
        package var chain: ChainLink

        enum CodingKeys: String, CodingKey {
            case id, chain
        }
    }

    /// One way to evolve: a trigger and every requirement PokeAPI states for it.
    package struct EvolutionDetail: Codable, Sendable, Hashable {
        package var trigger: Link?
        package var minLevel: Int?
        package var item: Link?
        package var heldItem: Link?
        package var knownMove: Link?
        package var knownMoveType: Link?
        package var location: Link?
        package var minHappiness: Int?
        package var minBeauty: Int?
        package var minAffection: Int?
        package var timeOfDay: String?
        package var gender: Int?
        package var needsOverworldRain: Bool?
        package var partySpecies: Link?
        package var partyType: Link?
        package var relativePhysicalStats: Int?
        package var tradeSpecies: Link?
        package var turnUpsideDown: Bool?
        package var baseForm: Link?
        package var evolvedForm: Link?
        package var region: Link?
        package var usedMove: Link?
        package var minMoveCount: Int?
        package var nearSpecialRock: Bool?
        package var minSteps: Int?
        package var minDamageTaken: Int?
        package var needsMultiplayer: Bool?

        enum CodingKeys: String, CodingKey {
            case trigger, item, location, gender, region
            case minLevel = "min_level"
            case heldItem = "held_item"
            case knownMove = "known_move"
            case knownMoveType = "known_move_type"
            case minHappiness = "min_happiness"
            case minBeauty = "min_beauty"
            case minAffection = "min_affection"
            case timeOfDay = "time_of_day"
            case needsOverworldRain = "needs_overworld_rain"
            case partySpecies = "party_species"
            case partyType = "party_type"
            case relativePhysicalStats = "relative_physical_stats"
            case tradeSpecies = "trade_species"
            case turnUpsideDown = "turn_upside_down"
            case baseForm = "base_form"
            case evolvedForm = "evolved_form"
            case usedMove = "used_move"
            case minMoveCount = "min_move_count"
            case nearSpecialRock = "near_special_rock"
            case minSteps = "min_steps"
            case minDamageTaken = "min_damage_taken"
            case needsMultiplayer = "needs_multiplayer"
        }
    }
}

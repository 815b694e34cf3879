extension Wire {
    /// `pokemon/<id>/encounters`: where a pokemon is met, per game, with method, levels and chance.
    package struct Encounters: Codable, Sendable {
        package struct Area: Codable, Sendable, Hashable {
            package var locationArea: Link
            package var versionDetails: [VersionDetail]

            enum CodingKeys: String, CodingKey {
                case locationArea = "location_area"
                case versionDetails = "version_details"
            }
        }

        package struct VersionDetail: Codable, Sendable, Hashable {
            package var version: Link
            package var maxChance: Int?
            package var encounterDetails: [Detail]

            enum CodingKeys: String, CodingKey {
                case version
                case maxChance = "max_chance"
                case encounterDetails = "encounter_details"
            }
        }

        package struct Detail: Codable, Sendable, Hashable {
            package var chance: Int?
            package var minLevel: Int?
            package var maxLevel: Int?
            package var method: Link
            package var conditionValues: [Link]?

            enum CodingKeys: String, CodingKey {
                case chance, method
                case minLevel = "min_level"
                case maxLevel = "max_level"
                case conditionValues = "condition_values"
            }
        }

        package var areas: [Area]

        package init(from decoder: any Decoder) throws {
            areas = try [Area](from: decoder)
        }

        package func encode(to encoder: any Encoder) throws {
            try areas.encode(to: encoder)
        }
    }

    /// `location-area/<id>`: a part of a place ("Route 201", "Mt. Coronet 1F").
    package struct LocationArea: Codable, Sendable, IdentifiedResource {
        package var id: Int
        package var name: String
        package var names: [Name]?
        package var location: Link?

        enum CodingKeys: String, CodingKey {
            case id, name, names, location
        }
    }

    /// `location/<id>`: a place and its region.
    package struct Location: Codable, Sendable, IdentifiedResource {
        package var id: Int
        package var name: String
        package var names: [Name]?
        package var region: Link?

        enum CodingKeys: String, CodingKey {
            case id, name, names, region
        }
    }
}

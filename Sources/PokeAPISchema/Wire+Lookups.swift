import Common

extension Wire {
    /// `version/<id>`: a game, and the group it belongs to.
    package struct Version: Codable, Sendable, IdentifiedResource {
        package var id: Int
        package var name: String
        package var names: [Name]?
        package var versionGroup: Link?

        enum CodingKeys: String, CodingKey {
            case id, name, names
            case versionGroup = "version_group"
        }
    }

    /// `version-group/<id>`: games released together; `order` says which is newer.
    package struct VersionGroup: Codable, Sendable, IdentifiedResource {
        package var id: Int
        package var name: String
        package var order: Int?
        package var versions: [Link]?
        package var generation: Link?

        enum CodingKeys: String, CodingKey {
            case id, name, order, versions, generation
        }
    }

    /// `growth-rate/<id>`: the experience each level needs.
    package struct GrowthRate: Codable, Sendable, IdentifiedResource {
        package struct Level: Codable, Sendable, Hashable {
            package var level: Int
            package var experience: Int

            enum CodingKeys: String, CodingKey {
                case level, experience
            }
        }

        package var id: Int
        package var name: String
        package var levels: [Level]
        package var descriptions: Texts<Description>?

        enum CodingKeys: String, CodingKey {
            case id, name, levels, descriptions
        }
    }

    /// `generation/<id>`: the species it introduced, followed only when it is selected.
    package struct Generation: Codable, Sendable, IdentifiedResource {
        package var id: Int
        package var name: String
        package var names: [Name]?
        package var pokemonSpecies: [GenerationSpecies]?

        enum CodingKeys: String, CodingKey {
            case id, name, names
            case pokemonSpecies = "pokemon_species"
        }
    }

    /// A list endpoint (`pokemon-species/`): entries by name and link, maybe paged.
    package struct ResourceList: Codable, Sendable, Hashable {
        package struct Entry: Codable, Sendable, Hashable {
            /// Evolution-chain lists have no names.
            package var name: String?
            package var url: String

            package init(name: String?, url: String) {
                self.name = name
                self.url = url
            }

            package var path: APIResourcePath? { APIResourcePath(link: url) }

            enum CodingKeys: String, CodingKey {
                case name, url
            }
        }

        package var count: Int?
        package var next: String?
        package var previous: String?
        package var results: [Entry]

        package init(count: Int?, next: String?, previous: String?, results: [Entry]) {
            self.count = count
            self.next = next
            self.previous = previous
            self.results = results
        }

        enum CodingKeys: String, CodingKey {
            case count, next, previous, results
        }
    }
}

extension Wire {
    /// Which schema type reads each endpoint. The fetch derives what it follows from these
    /// types (``SchemaProbe``); an endpoint not listed is only checked to be JSON.
    package static let schema: [String: any (Decodable & Sendable).Type] = [
        "pokemon-species": Species.self,
        "pokemon": Pokemon.self,
        "pokemon-form": PokemonForm.self,
        "evolution-chain": EvolutionChain.self,
        "type": PokemonType.self,
        "move": Move.self,
        "ability": Ability.self,
        "item": Item.self,
        "machine": Machine.self,
        "stat": Named.self,
        "location": Location.self,
        "location-area": LocationArea.self,
        "region": Named.self,
        "egg-group": Named.self,
        "evolution-trigger": Named.self,
        "encounter-method": Named.self,
        "encounter-condition-value": Named.self,
        "move-damage-class": Named.self,
        "move-target": Named.self,
        "move-learn-method": Named.self,
        "item-category": Named.self,
        "language": Named.self,
        "version": Version.self,
        "version-group": VersionGroup.self,
        "growth-rate": GrowthRate.self,
        "generation": Generation.self,
        "pokemon-encounters": Encounters.self,
    ]
}

extension Wire {
    /// A key of the whole schema's shape (every field and its type): records decoded by
    /// one schema are never read back by another.
    package static let shapeKey: String = {
        var hash = Fingerprint()
        for resource in schema.keys.sorted() {
            hash.add(resource)
            if let type = schema[resource] { hash.add(SchemaProbe.signature(of: type)) }
        }
        return hash.hex
    }()
}

import Foundation
@testable import Pokedex

/// A small api-data folder written in a temporary directory, with facts chosen per test.
///
/// Resources follow PokeAPI's layout and shapes (relative links, snake_case keys) so the
/// real builder reads them; each test can break one on purpose.
struct FixtureFolder {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("pokedex-catalog-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try writeDefaults()
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    func url(_ kind: String, _ id: Int) -> URL {
        root.appendingPathComponent("api/v2/\(kind)/\(id)/index.json")
    }

    func write(_ kind: String, _ id: Int, _ json: [String: Any]) throws {
        try writeRaw(kind, id, JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]))
    }

    func writeRaw(_ kind: String, _ id: Int, _ data: Data) throws {
        let file = url(kind, id)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    static func link(_ kind: String, _ name: String, _ id: Int) -> [String: Any] {
        ["name": name, "url": "/api/v2/\(kind)/\(id)/"]
    }

    static func names(_ pairs: [(String, String)]) -> [[String: Any]] {
        pairs.map { ["name": $1, "language": link("language", $0, 0)] }
    }

    /// Testmon (two varieties, English and French names, no English genus) evolves into
    /// Evomon at level 16; one normal type, one move, one ability, one stat.
    private func writeDefaults() throws {
        try write("version-group", 1, ["id": 1, "name": "old-group", "order": 1])
        try write("version-group", 2, ["id": 2, "name": "new-group", "order": 5])
        // A newer game with a lower id: order, not id, decides.
        try write("version-group", 3, ["id": 3, "name": "remake-group", "order": 3])
        // The newest group, but it only lists a special learn method.
        try write("version-group", 4, ["id": 4, "name": "special-group", "order": 9])
        try write("version", 1, ["id": 1, "name": "old-version", "version_group": Self.link("version-group", "old-group", 1)])
        try write("version", 2, ["id": 2, "name": "new-version", "version_group": Self.link("version-group", "new-group", 2)])
        try write("version", 3, ["id": 3, "name": "remake-version", "version_group": Self.link("version-group", "remake-group", 3)])
        try write("type", 1, [
            "id": 1, "name": "normal", "names": Self.names([("en", "Normal"), ("fr", "Normal")]),
            "pokemon": [["pokemon": Self.link("pokemon", "testmon", 1)]],
            "damage_relations": ["double_damage_from": [Self.link("type", "fighting", 2)],
                                 "no_damage_from": [Self.link("type", "ghost", 8)]],
        ])
        try write("type", 19, ["id": 19, "name": "stellar", "names": Self.names([("en", "Stellar")]), "pokemon": []])
        try write("type", 10001, ["id": 10001, "name": "unknown", "names": Self.names([("en", "???")]), "pokemon": []])
        try write("stat", 1, ["id": 1, "name": "hp", "names": Self.names([("en", "HP"), ("fr", "PV")])])
        try write("ability", 1, [
            "id": 1, "name": "run-away", "names": Self.names([("en", "Run Away")]),
            "effect_entries": [["short_effect": "Always\nescapes.", "effect": "Long.", "language": Self.link("language", "en", 9)]],
        ])
        try write("move", 1, [
            "id": 1, "name": "tackle", "names": Self.names([("en", "Tackle"), ("fr", "Charge")]),
            "type": Self.link("type", "normal", 1), "damage_class": Self.link("move-damage-class", "physical", 2),
            "power": 40, "accuracy": 100, "pp": 35,
        ])
        try write("move", 2, ["id": 2, "name": "growl", "names": Self.names([("en", "Growl")]), "power": NSNull()])
        try write("pokemon-species", 1, Self.species(id: 1, slug: "testmon", names: [("en", "Test-Mon♀"), ("fr", "Testmonne")],
            varieties: [(1, "testmon", true), (10001, "testmon-alola", false)], evolvesFrom: nil, generation: 1))
        try write("pokemon-species", 2, Self.species(id: 2, slug: "evomon", names: [("en", "Evomon")],
            varieties: [(2, "evomon", true)], evolvesFrom: "testmon", generation: 2))
        try write("pokemon", 1, Self.pokemon(id: 1, slug: "testmon", species: "testmon", speciesID: 1, isDefault: true,
            frontDefault: "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/1.png"))
        try write("pokemon", 10001, Self.pokemon(id: 10001, slug: "testmon-alola", species: "testmon", speciesID: 1,
            isDefault: false, frontDefault: "/sprites/pokemon/10001.png"))
        try write("pokemon", 2, Self.pokemon(id: 2, slug: "evomon", species: "evomon", speciesID: 2, isDefault: true, frontDefault: nil))
        try write("pokemon-form", 10001, [
            "id": 10001, "name": "testmon-alola", "form_name": "alola",
            "names": Self.names([("en", "Alolan Test-Mon")]), "form_names": Self.names([("en", "Alolan Form")]),
        ])
        try write("evolution-chain", 1, [
            "id": 1,
            "chain": [
                "species": Self.link("pokemon-species", "testmon", 1), "evolution_details": [],
                "evolves_to": [[
                    "species": Self.link("pokemon-species", "evomon", 2), "evolves_to": [],
                    "evolution_details": [
                        ["trigger": Self.link("evolution-trigger", "level-up", 1), "min_level": 16, "time_of_day": ""],
                        ["trigger": Self.link("evolution-trigger", "level-up", 1), "min_level": 16, "time_of_day": ""],
                    ],
                ]],
            ],
        ])
    }

    static func species(
        id: Int, slug: String, names: [(String, String)], varieties: [(Int, String, Bool)],
        evolvesFrom: String?, generation: Int
    ) -> [String: Any] {
        [
            "id": id, "name": slug, "names": Self.names(names),
            "genera": [["genus": "テストポケモン", "language": link("language", "ja", 11)]],
            "flavor_text_entries": [
                ["flavor_text": "Old\ntext.", "language": link("language", "en", 9), "version": link("version", "old-version", 1)],
                ["flavor_text": "Newest\u{0C}text is\u{00A0}here, evo\u{00AD}\nlution.", "language": link("language", "en", 9),
                 "version": link("version", "new-version", 2)],
                ["flavor_text": "Remake text.", "language": link("language", "en", 9), "version": link("version", "remake-version", 3)],
                ["flavor_text": "Texte  français.", "language": link("language", "fr", 5), "version": link("version", "old-version", 1)],
            ],
            "color": link("pokemon-color", "yellow", 10), "generation": link("generation", "generation-x", generation),
            "is_legendary": false, "is_mythical": NSNull(), "is_baby": false,
            "evolution_chain": ["url": "/api/v2/evolution-chain/1/"],
            "evolves_from_species": evolvesFrom.map { link("pokemon-species", $0, 1) } ?? NSNull(),
            "varieties": varieties.map { ["is_default": $2, "pokemon": link("pokemon", $1, $0)] },
            "has_gender_differences": true,
        ]
    }

    /// A default pokemon as JSON text with sorted keys, for tests that edit the bytes.
    static func pokemonText(id: Int, slug: String, species: String, speciesID: Int) throws -> String {
        let json = pokemon(id: id, slug: slug, species: species, speciesID: speciesID, isDefault: true, frontDefault: nil)
        return String(decoding: try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]), as: UTF8.self)
    }

    static func pokemon(id: Int, slug: String, species: String, speciesID: Int, isDefault: Bool, frontDefault: String?) -> [String: Any] {
        func detail(_ method: String, _ level: Int, _ group: String, _ groupID: Int) -> [String: Any] {
            ["level_learned_at": level, "move_learn_method": link("move-learn-method", method, 1),
             "version_group": link("version-group", group, groupID)]
        }
        return [
            "id": id, "name": slug, "is_default": isDefault, "height": 4, "weight": 60, "base_experience": NSNull(),
            "species": link("pokemon-species", species, speciesID),
            "forms": [link("pokemon-form", slug, id)],
            "abilities": [["ability": link("ability", "run-away", 1), "is_hidden": true, "slot": 3]],
            "stats": [["base_stat": 45, "effort": 0, "stat": link("stat", "hp", 1)]],
            "types": [["slot": 1, "type": link("type", "normal", 1)]],
            "moves": [
                ["move": link("move", "tackle", 1), "version_group_details": [
                    detail("level-up", 1, "old-group", 1), detail("level-up", 5, "new-group", 2), detail("machine", 0, "new-group", 2),
                ]],
                ["move": link("move", "growl", 2), "version_group_details": [
                    detail("egg", 0, "remake-group", 3), detail("train", 0, "special-group", 4),
                ]],
            ],
            "held_items": [],
            "sprites": ["front_default": frontDefault.map { $0 as Any } ?? NSNull(), "front_shiny": NSNull(), "front_female": NSNull()],
        ]
    }
}

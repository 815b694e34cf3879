import Common
import TOML

/// The collection's file format: TOML, readable and editable by hand.
///
/// ```toml
/// favorites = ["pikachu", "eevee"]
///
/// [[caught]]
/// id = "k7p2qx"
/// species = "pikachu"
/// nickname = "Sparky"
/// level = 12
/// experience = 1728
/// moves = ["thunderbolt", "quick-attack"]
/// held-item = "light-ball"
/// sprite = "front_default"
/// ```
package enum CollectionFile {
    /// The file's usual name, beside `pokedex.toml`.
    package static let defaultName = "pokedex-collection.toml"

    /// Reads a collection; an error names the file, line and column.
    package static func decode(_ text: String, file: String) throws(CollectionError) -> TrainerCollection {
        try decodeWithLines(text, file: file).collection
    }

    /// Reads a collection and the line each `[[caught]]` entry starts on, by id.
    static func decodeWithLines(_ text: String, file: String) throws(CollectionError) -> (collection: TrainerCollection, lines: [String: Int]) {
        let root: TOMLTable
        do {
            root = try TOMLReader.parse(text)
        } catch {
            throw .malformed(CollectionFileError(file: file, line: error.line, column: error.column, message: error.message))
        }
        let reader = FieldReader(file: file)
        var collection = TrainerCollection()
        for (key, value) in root.entries {
            switch key {
            case "favorites":
                collection.favorites = try reader.strings(value, field: key)
            case "caught":
                for table in try reader.tables(value, field: key) {
                    collection.caught.append(try reader.caught(table))
                }
            default:
                throw reader.failure(value, "unknown key \"\(key)\" (expected favorites or [[caught]])")
            }
        }
        var seen = Set<String>()
        for (pokemon, table) in zip(collection.caught, try reader.tables(root["caught"], field: "caught")) where !seen.insert(pokemon.id).inserted {
            throw reader.failure(table["id"] ?? TOMLValue(.table(table), line: table.line, column: table.column),
                                 "the id \"\(pokemon.id)\" is used twice; ids must be unique")
        }
        var lines: [String: Int] = [:]
        for (pokemon, table) in zip(collection.caught, try reader.tables(root["caught"], field: "caught")) {
            lines[pokemon.id] = table.line
        }
        return (collection, lines)
    }

    /// Writes a collection in a stable order, so unchanged data gives unchanged bytes.
    package static func encode(_ collection: TrainerCollection) -> String {
        var text = """
        # Your Pokédex collection: the Pokémon you caught and your favorite species.
        # Change it with `pokedex catch`, `edit`, `release`, `favorite` and `unfavorite`,
        # or by hand; the previous version is kept beside it as \(defaultName).bak.

        favorites = [\(collection.favorites.map(quoted).joined(separator: ", "))]

        """
        for pokemon in collection.caught {
            text += """

            [[caught]]
            id = \(quoted(pokemon.id))
            species = \(quoted(pokemon.species))
            nickname = \(quoted(pokemon.nickname))
            level = \(pokemon.level)
            experience = \(pokemon.experience)
            moves = [\(pokemon.moves.map(quoted).joined(separator: ", "))]

            """
            if let item = pokemon.heldItem { text += "held-item = \(quoted(item))\n" }
            text += "sprite = \(quoted(pokemon.sprite))\n"
            if let notes = pokemon.notes { text += "notes = \(quoted(notes))\n" }
        }
        return text
    }

    /// A TOML basic string holding `text` exactly.
    static func quoted(_ text: String) -> String {
        quotedString(text)
    }
}

/// Reads typed fields out of TOML values, failing with the value's position.
private struct FieldReader {
    let file: String

    func failure(_ value: TOMLValue, _ message: String) -> CollectionError {
        .malformed(CollectionFileError(file: file, line: value.line, column: value.column, message: message))
    }

    func string(_ value: TOMLValue, field: String) throws(CollectionError) -> String {
        guard case .string(let text) = value.kind else { throw failure(value, "\(field) must be a string, not \(value.typeDescription)") }
        return text
    }

    func integer(_ value: TOMLValue, field: String) throws(CollectionError) -> Int {
        guard case .integer(let number) = value.kind else { throw failure(value, "\(field) must be a whole number, not \(value.typeDescription)") }
        return number
    }

    func strings(_ value: TOMLValue, field: String) throws(CollectionError) -> [String] {
        guard case .array(let items) = value.kind else { throw failure(value, "\(field) must be an array of strings, not \(value.typeDescription)") }
        var result: [String] = []
        for item in items { result.append(try string(item, field: "each of \(field)")) }
        return result
    }

    func tables(_ value: TOMLValue?, field: String) throws(CollectionError) -> [TOMLTable] {
        guard let value else { return [] }
        guard case .array(let items) = value.kind else { throw failure(value, "\(field) must be written as [[\(field)]] tables") }
        var result: [TOMLTable] = []
        for item in items {
            guard case .table(let table) = item.kind else { throw failure(item, "\(field) must be written as [[\(field)]] tables") }
            result.append(table)
        }
        return result
    }

    func caught(_ table: TOMLTable) throws(CollectionError) -> CaughtPokemon {
        let whole = TOMLValue(.table(table), line: table.line, column: table.column)
        func required(_ key: String) throws(CollectionError) -> TOMLValue {
            guard let value = table[key] else { throw failure(whole, "this [[caught]] entry has no \(key)") }
            return value
        }
        let known: Set<String> = ["id", "species", "nickname", "level", "experience", "moves", "held-item", "sprite", "notes"]
        if let unknown = table.entries.first(where: { !known.contains($0.key) }) {
            throw failure(unknown.value, "unknown key \"\(unknown.key)\" in [[caught]] (expected \(known.sorted().joined(separator: ", ")))")
        }
        return CaughtPokemon(
            id: try string(required("id"), field: "id"),
            species: try string(required("species"), field: "species"),
            nickname: try string(required("nickname"), field: "nickname"),
            level: try integer(required("level"), field: "level"),
            experience: try integer(required("experience"), field: "experience"),
            moves: try strings(required("moves"), field: "moves"),
            heldItem: try table["held-item"].map { (value) throws(CollectionError) in try string(value, field: "held-item") },
            sprite: try table["sprite"].map { (value) throws(CollectionError) in try string(value, field: "sprite") } ?? "front_default",
            notes: try table["notes"].map { (value) throws(CollectionError) in try string(value, field: "notes") }
        )
    }
}

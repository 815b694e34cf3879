import Foundation
import Pokedex
import TOML

/// `pokedex.toml`: top-level `key = value` settings (strings, integers, booleans and
/// arrays of those, `#` comments), each with the line and column of its key.
struct ConfigFile: Sendable, Equatable {
    enum Value: Sendable, Equatable {
        case string(String)
        case integer(Int)
        case boolean(Bool)
        case array([Value])
    }

    struct Entry: Sendable, Equatable {
        var key: String
        var value: Value
        var line: Int
        var column: Int
    }

    var path: String
    var entries: [Entry]

    /// Parses the text of a config file; `path` only names it in errors.
    ///
    /// The reading is Pokedex's `TOMLReader` (the collection file's too); this keeps only
    /// what settings may be: top-level keys with strings, integers, booleans and arrays.
    init(text: String, path: String) throws(ConfigError) {
        self.path = path
        let table: TOMLTable
        do {
            table = try TOMLReader.parse(text)
        } catch {
            throw ConfigError(path: path, line: error.line, column: error.column, message: error.message)
        }
        var entries: [Entry] = []
        for (key, value) in table.entries {
            let position = table.keyPositions[key] ?? (value.line, value.column)
            entries.append(Entry(key: key, value: try Self.value(value, path: path), line: position.line, column: position.column))
        }
        self.entries = entries
    }

    private static func value(_ value: TOMLValue, path: String) throws(ConfigError) -> Value {
        switch value.kind {
        case .string(let text): return .string(text)
        case .integer(let number): return .integer(number)
        case .bool(let flag): return .boolean(flag)
        case .array(let items):
            var values: [Value] = []
            for item in items { values.append(try Self.value(item, path: path)) }
            return .array(values)
        case .float:
            throw ConfigError(path: path, line: value.line, column: value.column, message: "settings hold whole numbers, not fractions")
        case .table:
            throw ConfigError(path: path, line: value.line, column: value.column,
                              message: "tables ([section]) are not supported; write every setting as key = value at the top level")
        }
    }
}

/// A problem in `pokedex.toml`, with where it is and what to do.
struct ConfigError: Error, CustomStringConvertible, Equatable {
    var path: String
    var line: Int
    var column: Int
    var message: String

    var description: String { "\(path):\(line):\(column): \(message)" }
}

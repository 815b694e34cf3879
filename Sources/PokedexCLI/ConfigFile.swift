import Foundation

/// The small TOML subset `pokedex.toml` uses: `key = value` lines, strings, integers,
/// booleans and one-line arrays of those, `#` comments.
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
    init(text: String, path: String) throws(ConfigError) {
        self.path = path
        var entries: [Entry] = []
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var cursor = Cursor(text: Substring(rawLine), line: offset + 1, path: path)
            cursor.skipSpaces()
            if cursor.atEnd || cursor.peek == "#" { continue }
            if cursor.peek == "[" {
                throw cursor.failure("tables ([section]) are not supported; write every setting as key = value at the top level")
            }
            let column = cursor.column
            let key = cursor.readKey()
            guard !key.isEmpty else { throw cursor.failure("expected a setting name") }
            cursor.skipSpaces()
            guard cursor.take("=") else { throw cursor.failure("expected = after \(key)") }
            cursor.skipSpaces()
            let value = try cursor.readValue()
            cursor.skipSpaces()
            guard cursor.atEnd || cursor.peek == "#" else { throw cursor.failure("unexpected text after the value") }
            if entries.contains(where: { $0.key == key }) {
                throw ConfigError(path: path, line: offset + 1, column: column, message: "\(key) is set twice")
            }
            entries.append(Entry(key: key, value: value, line: offset + 1, column: column))
        }
        self.entries = entries
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

private struct Cursor {
    var text: Substring
    var line: Int
    var path: String
    var index: Substring.Index

    init(text: Substring, line: Int, path: String) {
        self.text = text.hasSuffix("\r") ? text.dropLast() : text
        self.line = line
        self.path = path
        index = self.text.startIndex
    }

    var atEnd: Bool { index >= text.endIndex }
    var peek: Character? { atEnd ? nil : text[index] }
    var column: Int { text.distance(from: text.startIndex, to: index) + 1 }

    mutating func advance() { index = text.index(after: index) }

    mutating func skipSpaces() {
        while let character = peek, character == " " || character == "\t" { advance() }
    }

    mutating func take(_ character: Character) -> Bool {
        guard peek == character else { return false }
        advance()
        return true
    }

    mutating func readKey() -> String {
        var key = ""
        while let character = peek, character.isLetter || character.isNumber || character == "-" || character == "_" {
            key.append(character)
            advance()
        }
        return key
    }

    mutating func readValue() throws(ConfigError) -> ConfigFile.Value {
        guard let first = peek else { throw failure("expected a value") }
        if first == "\"" { return .string(try readString()) }
        if first == "[" { return try readArray() }
        var word = ""
        while let character = peek, !" \t,]#".contains(character) {
            word.append(character)
            advance()
        }
        if word == "true" { return .boolean(true) }
        if word == "false" { return .boolean(false) }
        if let number = Int(word.replacingOccurrences(of: "_", with: "")) { return .integer(number) }
        throw failure("\(word.isEmpty ? "nothing" : word) is not a value; use \"text\", a number, true/false or [a, b]")
    }

    mutating func readString() throws(ConfigError) -> String {
        advance()
        var result = ""
        while let character = peek {
            advance()
            switch character {
            case "\"": return result
            case "\\":
                guard let escaped = peek else { break }
                advance()
                switch escaped {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "\"", "\\": result.append(escaped)
                default: throw failure("unknown escape \\\(escaped)")
                }
            default: result.append(character)
            }
        }
        throw failure("this string has no closing quote")
    }

    mutating func readArray() throws(ConfigError) -> ConfigFile.Value {
        advance()
        var items: [ConfigFile.Value] = []
        while true {
            skipSpaces()
            if take("]") { return .array(items) }
            items.append(try readValue())
            skipSpaces()
            if take(",") { continue }
            if take("]") { return .array(items) }
            throw failure("expected , or ] in the list")
        }
    }

    func failure(_ message: String) -> ConfigError {
        ConfigError(path: path, line: line, column: column, message: message)
    }
}

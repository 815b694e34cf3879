/// A value read from a TOML file, with where it was written.
///
/// The reader understands the part of TOML that configuration and collection files
/// use: tables, arrays of tables, strings, integers, floats, booleans and arrays
/// (inline tables and dates are reported as unsupported, with their position).
public struct TOMLValue: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case string(String)
        case integer(Int)
        case float(Double)
        case bool(Bool)
        case array([TOMLValue])
        case table(TOMLTable)
    }

    public var kind: Kind
    public var line: Int
    public var column: Int

    public init(_ kind: Kind, line: Int, column: Int) {
        self.kind = kind
        self.line = line
        self.column = column
    }

    /// What the value is, for messages ("a string", "an integer").
    public var typeDescription: String {
        switch kind {
        case .string: "a string"
        case .integer: "an integer"
        case .float: "a number"
        case .bool: "true or false"
        case .array: "an array"
        case .table: "a table"
        }
    }
}

/// A TOML table: keys in the order they were written, each with its value.
public struct TOMLTable: Sendable, Hashable {
    public private(set) var entries: [(key: String, value: TOMLValue)] = []
    /// Where each key was written (for messages about the key itself, e.g. an unknown one).
    public private(set) var keyPositions: [String: (line: Int, column: Int)] = [:]
    public var line: Int
    public var column: Int

    public init(line: Int = 1, column: Int = 1) {
        self.line = line
        self.column = column
    }

    public subscript(key: String) -> TOMLValue? {
        entries.first { $0.key == key }?.value
    }

    mutating func set(_ key: String, _ value: TOMLValue, keyLine: Int? = nil, keyColumn: Int? = nil) {
        if let keyLine, let keyColumn { keyPositions[key] = (keyLine, keyColumn) }
        if let index = entries.firstIndex(where: { $0.key == key }) {
            entries[index].value = value
        } else {
            entries.append((key, value))
        }
    }

    public static func == (lhs: TOMLTable, rhs: TOMLTable) -> Bool {
        lhs.entries.map(\.key) == rhs.entries.map(\.key) && lhs.entries.map(\.value) == rhs.entries.map(\.value)
    }

    public func hash(into hasher: inout Hasher) {
        for entry in entries {
            hasher.combine(entry.key)
            hasher.combine(entry.value)
        }
    }
}

/// A TOML syntax error at a line and column (both 1-based).
public struct TOMLError: Error, Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String

    public var description: String { "\(line):\(column): \(message)" }
}

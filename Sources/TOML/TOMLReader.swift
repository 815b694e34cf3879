import Foundation

/// Reads TOML text into tables, one pass over the characters, positions kept.
public struct TOMLReader {
    /// Arrays nest at most this deep (`[[[...]]]`): hostile input must not exhaust the stack.
    public static let maxDepth = 32
    /// Files larger than this are refused before parsing (a collection of 10,000 catches is under 3 MB).
    public static let maxBytes = 16 * 1_048_576

    private var scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var column = 1
    private var depth = 0

    /// Parses `text`; the error names the line and column of the first problem.
    public static func parse(_ text: String) throws(TOMLError) -> TOMLTable {
        guard text.utf8.count <= maxBytes else {
            throw TOMLError(line: 1, column: 1, message: "the file is larger than \(maxBytes / 1_048_576) MB; this is not a settings or collection file")
        }
        var reader = TOMLReader(scalars: Array(text.unicodeScalars))
        return try reader.document()
    }

    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }
}

private extension TOMLReader {
    typealias Path = [String]

    var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    mutating func advance() {
        guard let scalar = current else { return }
        index += 1
        if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
    }

    func error(_ message: String) -> TOMLError { TOMLError(line: line, column: column, message: message) }

    /// A character as an error message shows it: quoted, or as `U+001B` when it is invisible.
    static func shown(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.properties.generalCategory == .format {
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return "\"\(scalar)\""
    }

    mutating func skipSpaces() {
        while let scalar = current, scalar == " " || scalar == "\t" { advance() }
    }

    mutating func skipComment() {
        if current == "#" { while let scalar = current, scalar != "\n" { advance() } }
    }

    /// Spaces, a comment, then the end of the line or of the text.
    mutating func endOfLine() throws(TOMLError) {
        skipSpaces()
        skipComment()
        if current == "\r" { advance() }
        if let found = current, found != "\n" { throw error("expected the end of the line, found \(Self.shown(found))") }
        advance()
    }

    mutating func document() throws(TOMLError) -> TOMLTable {
        var root = TOMLTable()
        var path: Path = []
        var definedTables = Set<Path>()
        while current != nil {
            skipSpaces()
            switch current {
            case "#", "\n", "\r":
                try endOfLine()
            case "[":
                let (line, column) = (self.line, self.column)
                advance()
                let isArray = current == "["
                if isArray { advance() }
                skipSpaces()
                let header = try keyPath()
                skipSpaces()
                guard current == "]" else { throw error("expected \"]\" to close the table header") }
                advance()
                if isArray {
                    guard current == "]" else { throw error("expected \"]]\" to close the array-of-tables header") }
                    advance()
                    try Self.appendTable(to: &root, at: header, line: line, column: column)
                } else {
                    guard definedTables.insert(header).inserted else {
                        throw TOMLError(line: line, column: column, message: "table [\(header.joined(separator: "."))] is defined twice")
                    }
                    try Self.ensureTable(in: &root, at: header, line: line, column: column)
                }
                path = header
                try endOfLine()
            default:
                let (line, column) = (self.line, self.column)
                let key = try keyPath()
                skipSpaces()
                guard current == "=" else { throw error("expected \"=\" after the key \"\(key.joined(separator: "."))\"") }
                advance()
                skipSpaces()
                let value = try self.value()
                try Self.assign(value, to: path + key, in: &root, line: line, column: column)
                try endOfLine()
            }
        }
        return root
    }

    mutating func keyPath() throws(TOMLError) -> Path {
        var parts: Path = []
        repeat {
            skipSpaces()
            if current == "." { advance(); skipSpaces() }
            switch current {
            case "\"": parts.append(try basicString())
            case "'": parts.append(try literalString())
            default:
                var key = ""
                while let scalar = current, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-" {
                    key.unicodeScalars.append(scalar)
                    advance()
                }
                guard !key.isEmpty else { throw error(current.map { "unexpected \(Self.shown($0)) where a key was expected" } ?? "a key was expected") }
                parts.append(key)
            }
            skipSpaces()
            guard parts.count <= Self.maxDepth else { throw error("the key has more than \(Self.maxDepth) dotted parts") }
        } while current == "."
        return parts
    }

    mutating func value() throws(TOMLError) -> TOMLValue {
        let (line, column) = (self.line, self.column)
        switch current {
        case "\"":
            return TOMLValue(.string(try basicString()), line: line, column: column)
        case "'":
            return TOMLValue(.string(try literalString()), line: line, column: column)
        case "[":
            return TOMLValue(.array(try array()), line: line, column: column)
        case "{":
            throw error("inline tables are not supported here; write a [table] section instead")
        case "t", "f":
            var word = ""
            while let scalar = current, scalar.properties.isAlphabetic { word.unicodeScalars.append(scalar); advance() }
            switch word {
            case "true": return TOMLValue(.bool(true), line: line, column: column)
            case "false": return TOMLValue(.bool(false), line: line, column: column)
            default: throw TOMLError(line: line, column: column, message: "unknown value \"\(word)\" (strings need quotes)")
            }
        case nil, "\n":
            throw error("a value is missing after \"=\"")
        default:
            return try number(line: line, column: column)
        }
    }

    mutating func number(line: Int, column: Int) throws(TOMLError) -> TOMLValue {
        var text = ""
        while let scalar = current, !" \t\r\n,]#".unicodeScalars.contains(scalar) {
            text.unicodeScalars.append(scalar)
            advance()
        }
        let digits = text.replacingOccurrences(of: "_", with: "")
        if let integer = Int(digits) { return TOMLValue(.integer(integer), line: line, column: column) }
        if let float = Double(digits), digits.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
            return TOMLValue(.float(float), line: line, column: column)
        }
        throw TOMLError(line: line, column: column, message: "\"\(text)\" is not a valid value (strings need quotes)")
    }

    mutating func array() throws(TOMLError) -> [TOMLValue] {
        guard depth < Self.maxDepth else { throw error("arrays nest deeper than \(Self.maxDepth) levels here; nothing this tool reads needs more than 2") }
        depth += 1
        defer { depth -= 1 }
        advance()
        var values: [TOMLValue] = []
        while true {
            try skipArraySpace()
            if current == "]" { advance(); return values }
            values.append(try value())
            try skipArraySpace()
            switch current {
            case ",": advance()
            case "]": advance(); return values
            default: throw error(current.map { "expected \",\" or \"]\" in the array, found \(Self.shown($0))" } ?? "the array is not closed with \"]\"")
            }
        }
    }

    mutating func skipArraySpace() throws(TOMLError) {
        while let scalar = current {
            switch scalar {
            case " ", "\t", "\r", "\n": advance()
            case "#": skipComment()
            default: return
            }
        }
        throw error("the array is not closed with \"]\"")
    }

    mutating func basicString() throws(TOMLError) -> String {
        advance()
        var result = ""
        while let scalar = current {
            switch scalar {
            case "\"":
                advance()
                return result
            case "\n":
                throw error("the string is not closed before the end of the line")
            case "\\":
                advance()
                result.unicodeScalars.append(try escape())
            default:
                if scalar.value < 0x20 && scalar != "\t" { throw error("control characters must be escaped in strings") }
                result.unicodeScalars.append(scalar)
                advance()
            }
        }
        throw error("the string is not closed with \"")
    }

    mutating func escape() throws(TOMLError) -> Unicode.Scalar {
        guard let scalar = current else { throw error("an escape is cut short by the end of the file") }
        advance()
        switch scalar {
        case "\"": return "\""
        case "\\": return "\\"
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "b": return "\u{08}"
        case "f": return "\u{0C}"
        case "u", "U":
            let count = scalar == "u" ? 4 : 8
            var hex = ""
            for _ in 0..<count {
                guard let digit = current, digit.properties.isASCIIHexDigit else { throw error("\\\(scalar) needs \(count) hex digits") }
                hex.unicodeScalars.append(digit)
                advance()
            }
            guard let code = UInt32(hex, radix: 16), let result = Unicode.Scalar(code) else {
                throw error("\\\(scalar)\(hex) is not a Unicode scalar value")
            }
            return result
        default:
            throw error("unknown escape \"\\\(scalar)\"")
        }
    }

    mutating func literalString() throws(TOMLError) -> String {
        advance()
        var result = ""
        while let scalar = current {
            if scalar == "'" { advance(); return result }
            if scalar == "\n" { throw error("the string is not closed before the end of the line") }
            result.unicodeScalars.append(scalar)
            advance()
        }
        throw error("the string is not closed with '")
    }
}

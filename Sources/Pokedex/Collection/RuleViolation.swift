import Common

/// One rule a caught Pokémon breaks: the field, the value given, and what is allowed.
package struct RuleViolation: Sendable, Hashable, CustomStringConvertible {
    package var field: String
    package var value: String
    package var allowed: String

    package init(field: String, value: String, allowed: String) {
        self.field = field
        self.value = value
        self.allowed = allowed
    }

    package var description: String {
        "\(field): \(value.isEmpty ? "(empty)" : "\"\(Self.shown(value))\"") is not allowed; \(allowed)"
    }

    /// A value as a message shows it: control and format characters spelled out, and cut
    /// short when long (a crafted file may hold an 80 KB nickname).
    static func shown(_ value: String) -> String {
        let escaped = TerminalText.escaped(value)
        guard escaped.unicodeScalars.count > 80 else { return escaped }
        var start = ""
        start.unicodeScalars.append(contentsOf: escaped.unicodeScalars.prefix(60))
        return start + "… (\(value.count) characters, \(value.utf8.count) bytes)"
    }
}

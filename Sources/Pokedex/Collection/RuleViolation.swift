/// One rule a caught Pokémon breaks: the field, the value given, and what is allowed.
public struct RuleViolation: Sendable, Hashable, CustomStringConvertible {
    public var field: String
    public var value: String
    public var allowed: String

    public init(field: String, value: String, allowed: String) {
        self.field = field
        self.value = value
        self.allowed = allowed
    }

    public var description: String {
        "\(field): \(value.isEmpty ? "(empty)" : "\"\(value)\"") is not allowed; \(allowed)"
    }
}

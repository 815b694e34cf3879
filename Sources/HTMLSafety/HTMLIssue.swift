/// One problem libxml2's HTML parser found in a document.
public struct HTMLIssue: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: Sendable, Hashable { case warning, error, fatal }

    public let line: Int
    public let column: Int
    public let severity: Severity
    public let message: String
    /// libxml2's error code (801 is "unknown tag").
    public let code: Int
    /// The name the message is about (a tag name), when libxml2 gives one.
    public let subject: String?

    public var description: String { "\(line):\(column): \(message)" }
}

/// One problem in one page, with the line it is on.
public struct CheckFinding: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The kinds of problem the checker reports.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case parseError = "parse error"
        case brokenLink = "broken link"
        case brokenFragment = "broken fragment"
        case duplicateID = "duplicate id"
        case unsafeLink = "unsafe link"
        case rootRelativeLink = "root-relative link"
        case orphanPage = "orphan page"
        case unreadablePage = "unreadable page"
        case tooDeep = "nesting too deep"
        case inlineScript = "inline script"
    }

    public let kind: Kind
    /// The page's path relative to the site root, with `/` separators.
    public let file: String
    /// 1-based line in that page.
    public let line: Int
    /// What is wrong and, where it helps, what to do.
    public let message: String

    public init(kind: Kind, file: String, line: Int, message: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.message = message
    }

    /// `file:line: kind: message`, the shape editors and CI logs link to.
    public var description: String { "\(file):\(line): \(kind.rawValue): \(message)" }

    public static func < (lhs: CheckFinding, rhs: CheckFinding) -> Bool {
        (lhs.file, lhs.line, lhs.kind.rawValue, lhs.message) < (rhs.file, rhs.line, rhs.kind.rawValue, rhs.message)
    }
}

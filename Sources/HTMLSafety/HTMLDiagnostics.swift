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

/// Parses HTML with libxml2 and reports what its parser complained about.
public enum HTMLDiagnostics {
    /// Every error libxml2 reports for `html`, in document order, HTML5 elements included.
    public static func issues(in html: String) -> [HTMLIssue] {
        HTMLTree(html: html).issues
    }

    /// The issues that are real breakage in an HTML5 page.
    ///
    /// libxml2 2.9 parses HTML 4, so it calls `nav`, `main`, `svg`, custom elements and
    /// the like unknown tags; those are valid HTML5 and are dropped here.
    public static func problems(in html: String) -> [HTMLIssue] {
        HTMLTree(html: html).issues.filter { !HTML5Vocabulary.isAcceptedUnknownTag($0) }
    }
}

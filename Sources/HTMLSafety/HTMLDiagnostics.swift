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
        (HTMLTree(html: html).issues.filter { !HTML5Vocabulary.isAcceptedUnknownTag($0) } + TagBalance.issues(in: Array(html.utf8)))
            .sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }
}

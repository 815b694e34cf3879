/// What `SiteChecker` found in a built site.
public struct CheckReport: Sendable, Hashable {
    /// HTML pages parsed.
    public let pages: Int
    /// Internal references (links, images, scripts, stylesheets) followed.
    public let links: Int
    /// Every problem, ordered by file and line.
    public let findings: [CheckFinding]

    public init(pages: Int, links: Int, findings: [CheckFinding]) {
        self.pages = pages
        self.links = links
        self.findings = findings
    }

    /// True when nothing was found.
    public var isClean: Bool { findings.isEmpty }

    /// One line: "checked 12 pages, 340 links: 0 findings".
    public var summary: String {
        let noun = findings.count == 1 ? "finding" : "findings"
        return "checked \(pages) pages, \(links) links: \(findings.count) \(noun)"
    }
}

import Foundation

/// Checks a built site: every page parses, every internal reference and `#fragment`
/// resolves, and every page is linked from somewhere.
///
/// Pages are parsed concurrently, at most `concurrency` at a time. Entry points (by
/// default the root `index.html` and `404.html`, and with it every folder's `404.html`)
/// need no inbound link.
public struct SiteChecker: Sendable {
    /// The pages a visitor reaches without a link, unless told otherwise.
    public static let defaultEntryPoints: Set<String> = ["index.html", "404.html"]

    public let root: URL
    public let concurrency: Int
    /// Root-relative paths (`/`-separated) of pages that are not orphans without a link.
    public let entryPoints: Set<String>

    public init(
        root: URL,
        concurrency: Int = max(2, ProcessInfo.processInfo.activeProcessorCount),
        entryPoints: Set<String> = SiteChecker.defaultEntryPoints
    ) {
        self.root = root
        self.concurrency = max(1, concurrency)
        self.entryPoints = entryPoints
    }

    /// Parses every `.html` file under `root` and reports what is wrong.
    ///
    /// Throws `HTMLSafetyError` only when the folder itself cannot be read; problems in
    /// pages are findings in the report.
    public func check() async throws -> CheckReport {
        let files = try listFiles()
        let pagePaths = files.filter { $0.hasSuffix(".html") }.sorted()
        var findings: [CheckFinding] = []
        var pages: [String: PageFacts] = [:]
        for outcome in await parsePages(pagePaths) {
            switch outcome {
            case .parsed(let facts): pages[facts.path] = facts
            case .unreadable(let finding): findings.append(finding)
            }
        }
        // A 404 page in a folder (a language's) is shown by a host or worker for a missing
        // address there, as the root's is: an entry point when the root's is.
        let notFound = entryPoints.contains("404.html") ? pagePaths.filter { $0.hasSuffix("/404.html") } : []
        let audit = LinkAudit(files: Set(files), pages: pages, entryPoints: entryPoints.union(notFound)).run()
        findings += audit.findings
        return CheckReport(pages: pagePaths.count, links: audit.internalLinks, findings: findings.sorted())
    }
}

import ArgumentParser
import Foundation
import HTMLSafety

/// `pokedex check [DIR]`: parses every page of a built site and checks its links.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a built site: pages parse, internal links, images, scripts and #fragments resolve, no orphan pages.",
        discussion: "Prints one line per finding (file:line: kind: message) and a summary; exits non-zero on any finding."
    )

    @Argument(help: "The site folder to check.")
    var directory: String = "_site"

    @Option(name: .long, help: "How many pages to parse at once (default: the number of cores).")
    var jobs: Int?

    @Option(name: .customLong("entry-point"), help: "A page (relative to DIR) that needs no inbound link, besides index.html and 404.html. Repeatable.")
    var entryPoints: [String] = []

    func run() async throws {
        let root = URL(fileURLWithPath: directory, isDirectory: true)
        let entries = SiteChecker.defaultEntryPoints.union(entryPoints)
        let checker = jobs.map { SiteChecker(root: root, concurrency: $0, entryPoints: entries) }
            ?? SiteChecker(root: root, entryPoints: entries)
        let report = try await checker.check()
        for finding in report.findings {
            Console.out(finding.description)
        }
        Console.out(report.summary)
        if !report.isClean { throw ExitCode.failure }
    }
}

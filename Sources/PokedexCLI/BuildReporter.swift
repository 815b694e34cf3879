import Foundation
import SiteGenerator

/// Shows a build's progress: a live line on a terminal, plain lines in CI, nothing with --quiet.
final class BuildReporter: Sendable {
    let quiet: Bool
    let verbose: Bool
    let live: Bool
    private let state = StageMemory()

    init(quiet: Bool, verbose: Bool = false) {
        self.quiet = quiet
        self.verbose = verbose && !quiet
        live = isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["CI"] == nil
    }

    func note(_ text: String) {
        guard !quiet else { return }
        write(text + "\n")
    }

    /// What a stage did, with `--verbose` only.
    func detail(_ text: String) {
        guard verbose else { return }
        if live { Console.control("\r\u{1B}[2K") }
        write("  " + text + "\n")
    }

    /// Something the build refused or left out; shown even with --quiet.
    func warn(_ text: String) {
        if live && !quiet { Console.control("\r\u{1B}[2K") }
        write("warning: " + text + "\n")
    }

    func progress(_ progress: BuildProgress) {
        guard !quiet else { return }
        state.withLock { last in
            if live {
                let counts = progress.total > 1 ? " \(progress.done)/\(progress.total)" : ""
                Console.control("\r\u{1B}[2K", then: "\(progress.stage.rawValue)\(counts)")
            } else if last != progress.stage.rawValue {
                write("\(progress.stage.rawValue)\(progress.total > 1 ? " (\(progress.total))" : "")\n")
            }
            last = progress.stage.rawValue
        }
    }

    func finish(_ summary: BuildSummary) {
        if live && !quiet { Console.control("\r\u{1B}[2K") }
        for warning in summary.warnings { warn(warning) }
        guard !quiet else { return }
        for stage in summary.stages { detail(stage) }
        let megabytes = (Double(summary.bytes) / 1_048_576).fixed(1)
        let time = summary.seconds.fixed(2)
        var lines = [
            "Built \(summary.pages) pages (\(summary.pagesRendered) rendered, \(summary.pages - summary.pagesRendered) unchanged), "
                + "\(summary.sprites) sprites, \(megabytes) MB in \(time) s",
            "Site: \(summary.output)/index.html",
        ]
        if !summary.searchFiles.isEmpty {
            lines.append("Search: " + summary.searchFiles.map { file in
                "\(file.name) \(Self.kilobytes(file.gzip)) gzipped (budget \(Self.kilobytes(file.budget)))"
            }.joined(separator: ", "))
        }
        for file in summary.searchFiles where file.isOverBudget {
            warn("\(file.name) is \(Self.kilobytes(file.gzip)) gzipped, over its budget of \(Self.kilobytes(file.budget)): pages load it on every visit; see docs/search-index.md")
        }
        if summary.spritesMissing > 0 {
            lines.append("\(summary.spritesMissing) sprites are missing from the cache; an emblem drawn from each one's name and types stands in.")
        }
        if !summary.wroteSitemap {
            lines.append("No sitemap.xml: it needs absolute addresses; pass --base-url https://… to write one.")
        }
        Console.out(lines.joined(separator: "\n"))
    }

    static func kilobytes(_ bytes: Int) -> String {
        (Double(bytes) / 1000).fixed(1) + " KB"
    }

    private func write(_ text: String) {
        Console.error(text)
    }
}

/// A lock around the last stage shown.
private final class StageMemory: @unchecked Sendable {
    private let lock = NSLock()
    private var last = ""

    func withLock(_ body: (inout String) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        body(&last)
    }
}

import Common
import Foundation
import PokeAPI

/// The lines `pokedex fetch` prints when it ends.
enum FetchSummary {
    static func text(for report: FetchReport, cache: String, quiet: Bool) -> String {
        let seconds = String(format: "%.1f", report.duration.inSeconds)
        if report.isNoOp {
            return "Nothing to fetch: the cache in \(cache) already holds all \(report.total) entries (\(seconds) s)."
        }
        var text = "Fetched \(report.downloaded) of \(report.total) entries (\(FetchByteFormat.string(report.bytes))) into \(cache) in \(seconds) s"
        var details: [String] = []
        if report.alreadyCached > 0 { details.append("\(report.alreadyCached) already cached") }
        if report.notModified > 0 { details.append("\(report.notModified) unchanged (304)") }
        if report.missingSprites > 0 { details.append("\(report.missingSprites) sprites missing upstream") }
        if report.missingResources > 0 { details.append("\(report.missingResources) place names missing upstream") }
        if !report.failures.isEmpty { details.append("\(report.failures.count) failed") }
        if !details.isEmpty { text += ": " + details.joined(separator: ", ") }
        return text + "."
    }

    /// Each failed URL with its reason, then each distinct piece of advice once: a hundred
    /// files refused through one symlink need one "remove that symlink", not a hundred.
    static func printFailures(_ failures: [FetchFailure]) {
        Console.error(failuresText(failures))
    }

    static func failuresText(_ failures: [FetchFailure]) -> String {
        var text = "\(failures.count) URL(s) failed; everything else was kept. Run the same command again to resume:\n"
        for failure in failures { text += "  \(failure.url): \(failure.reason)\n" }
        return text + adviceText(failures)
    }

    /// Each distinct piece of advice among `failures`, once, a line each.
    static func adviceText(_ failures: some Sequence<FetchFailure>) -> String {
        var text = ""
        var seen = Set<String>()
        for failure in failures where !failure.advice.isEmpty && seen.insert(failure.advice).inserted {
            text += "Note: \(failure.advice)\(failure.advice.hasSuffix(".") ? "" : ".")\n"
        }
        return text
    }
}

/// Byte counts for people: `1.2 MB`.
enum FetchByteFormat {
    static func string(_ bytes: Int) -> String {
        let units = ["B", "KB", "MB", "GB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return unit == 0 ? "\(bytes) B" : String(format: "%.1f %@", value, units[unit])
    }
}

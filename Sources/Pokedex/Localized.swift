import PokeAPI
import Foundation

/// Picks text in the catalog's language, falling back to English.
struct Localized: Sendable {
    let language: String

    /// The languages whose long texts are read at all: the chosen one and English.
    var kept: Set<String> { [language, "en"] }

    /// The entry in the language, else in English, else nil.
    func pick<Entry>(_ entries: [Entry]?, language key: (Entry) -> String?) -> Entry? {
        guard let entries else { return nil }
        if let match = entries.first(where: { key($0) == language }) { return match }
        if language != "en", let english = entries.first(where: { key($0) == "en" }) { return english }
        return nil
    }

    /// The display name from `names`, or nil when neither language has one.
    func name(_ names: [Wire.Name]?) -> String? {
        pick(names) { $0.language.name }.map(\.name).flatMap(nonEmpty)
    }

    /// The genus ("Mouse Pokémon"), or nil.
    func genus(_ genera: [Wire.Genus]?) -> String? {
        pick(genera) { $0.language.name }.map(\.genus).flatMap(nonEmpty)
    }

    /// The newest flavor text in the language (else English), whitespace normalized.
    ///
    /// `rank` orders versions (higher is newer); entries of unknown versions rank lowest.
    func flavorText(_ entries: [Wire.FlavorText]?, rank: (Wire.Link?) -> Int) -> String? {
        guard let entries else { return nil }
        for code in language == "en" ? ["en"] : [language, "en"] {
            let candidates = entries.filter { $0.language.name == code }
            // Later entries win ties: PokeAPI lists entries oldest first.
            var best: Wire.FlavorText?
            var bestRank = Int.min
            for entry in candidates {
                let value = rank(entry.version)
                if value >= bestRank {
                    best = entry
                    bestRank = value
                }
            }
            if let text = best.map({ TextNormalization.normalize($0.flavorText) }), !text.isEmpty {
                return text
            }
        }
        return nil
    }

    /// The short effect of an ability, whitespace normalized.
    func shortEffect(_ entries: [Wire.Effect]?) -> String? {
        pick(entries) { $0.language.name }
            .flatMap { $0.shortEffect ?? $0.effect }
            .map(TextNormalization.normalize)
            .flatMap(nonEmpty)
    }

    /// A slug said in words: "kalos-route-20" reads "Kalos Route 20" (for data that has no name).
    static func words(_ slug: String) -> String {
        slug.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// The entry texts of `entries` in the language (else English), identical texts grouped,
    /// oldest version first; `rank` orders versions.
    func entries(_ entries: [Wire.FlavorText]?, rank: (Wire.Link?) -> Int) -> [VersionText] {
        guard let entries else { return [] }
        for code in language == "en" ? ["en"] : [language, "en"] {
            let candidates = entries.filter { $0.language.name == code }
                .enumerated().sorted { (rank($0.element.version), $0.offset) < (rank($1.element.version), $1.offset) }.map(\.element)
            var grouped: [VersionText] = []
            var position: [String: Int] = [:]
            for entry in candidates {
                let text = TextNormalization.normalize(entry.flavorText)
                guard !text.isEmpty, let version = entry.version?.name else { continue }
                if let index = position[text] {
                    if !grouped[index].versions.contains(version) { grouped[index].versions.append(version) }
                } else {
                    position[text] = grouped.count
                    grouped.append(VersionText(versions: [version], text: text, language: code))
                }
            }
            if !grouped.isEmpty { return grouped }
        }
        return []
    }

    /// A text of the newest version group in the language, else English.
    func newest<Entry>(_ entries: [Entry]?, text: (Entry) -> String, language key: (Entry) -> String?, rank: (Entry) -> Int) -> String? {
        guard let entries else { return nil }
        for code in language == "en" ? ["en"] : [language, "en"] {
            let candidates = entries.filter { key($0) == code }
            guard let best = candidates.enumerated().max(by: { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) })?.element else { continue }
            let normalized = TextNormalization.normalize(text(best))
            if !normalized.isEmpty { return normalized }
        }
        return nil
    }

    /// The effect of a move, ability or item: short or long, in the language, else English.
    func effect(_ entries: [Wire.Effect]?, long: Bool) -> String? {
        pick(entries) { $0.language.name }
            .flatMap { long ? ($0.effect ?? $0.shortEffect) : ($0.shortEffect ?? $0.effect) }
            .map(TextNormalization.normalize)
            .flatMap(nonEmpty)
    }

    private func nonEmpty(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}

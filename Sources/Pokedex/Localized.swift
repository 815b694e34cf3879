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

    private func nonEmpty(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}

import Common
import PokeAPI
import Foundation

/// Picks text in the catalog's language (and the codes that stand in for it: kana for
/// Japanese, Latin American Spanish for Spanish), falling back to English. A text English
/// stands in for in another site is marked as English (``LanguageMark``), so its page says
/// `lang="en"` around it.
struct Localized: Sendable {
    let site: SiteLanguage

    init(language: String) {
        site = SiteLanguage(language) ?? .english
    }

    /// The catalog's language code, as the settings gave it.
    var language: String { site.code }

    /// The languages whose long texts are read at all: the site's, its stand-ins, the
    /// search's and English.
    var kept: Set<String> { site.keptCodes }

    /// The codes tried in order: the site's, its stand-ins, then English.
    var order: [String] { site.isEnglish ? ["en"] : site.dataCodes + ["en"] }

    /// The entry in the language (or a stand-in), else in English, with the code it is in.
    func pickWithCode<Entry>(_ entries: [Entry]?, language key: (Entry) -> String?) -> (entry: Entry, code: String)? {
        guard let entries else { return nil }
        for code in order {
            if let match = entries.first(where: { key($0) == code }) { return (match, code) }
        }
        return nil
    }

    /// The entry in the language, else in English, else nil.
    func pick<Entry>(_ entries: [Entry]?, language key: (Entry) -> String?) -> Entry? {
        pickWithCode(entries, language: key)?.entry
    }

    /// `text`, marked as English when it is English standing in for the site's language.
    func marked(_ text: String, code: String) -> String {
        code == "en" && !site.isEnglish ? LanguageMark.mark(text, tag: "en") : text
    }

    /// The display name from `names`, or nil when neither language has one.
    func name(_ names: [Wire.Name]?) -> String? {
        guard let (entry, code) = pickWithCode(names, language: { $0.language.name }), let text = nonEmpty(LanguageMark.plain(entry.name)) else { return nil }
        return marked(text, code: code)
    }

    /// The name in exactly `code` (no stand-in), for the search's other languages.
    func name(_ names: [Wire.Name]?, in code: String) -> String? {
        names?.first { $0.language.name == code }.map { LanguageMark.plain($0.name) }.flatMap(nonEmpty)
    }

    /// The names in the search's other languages (English last), plain, without repeats of
    /// `display` or each other; nil when there are none.
    func searchNames(_ names: [Wire.Name]?, display: String?) -> [String]? {
        searchNames((names ?? []).compactMap { name in name.language.name.map { ($0, name.name) } }, display: display)
    }

    /// The same from (code, name) pairs.
    func searchNames(_ names: [(code: String, name: String)], display: String?) -> [String]? {
        var found: [String] = []
        var seen: Set<String> = [display.map(LanguageMark.plain) ?? ""]
        for code in site.searchCodes + (site.isEnglish ? [] : ["en"]) {
            guard let name = names.first(where: { $0.code == code }).map({ LanguageMark.plain($0.name) }),
                  !name.isEmpty, seen.insert(name).inserted else { continue }
            found.append(name)
        }
        return found.isEmpty ? nil : found
    }

    /// The genus ("Mouse Pokémon"), or nil.
    func genus(_ genera: [Wire.Genus]?) -> String? {
        guard let (entry, code) = pickWithCode(genera, language: { $0.language.name }), let text = nonEmpty(LanguageMark.plain(entry.genus)) else { return nil }
        return marked(text, code: code)
    }

    /// The newest flavor text in the language (else English), whitespace normalized.
    ///
    /// `rank` orders versions (higher is newer); entries of unknown versions rank lowest.
    func flavorText(_ entries: [Wire.FlavorText]?, rank: (Wire.Link?) -> Int) -> String? {
        guard let entries else { return nil }
        for code in order {
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
            if let text = best.map({ TextNormalization.normalize(LanguageMark.plain($0.flavorText)) }), !text.isEmpty {
                return marked(text, code: code)
            }
        }
        return nil
    }

    /// The short effect of an ability, whitespace normalized.
    func shortEffect(_ entries: [Wire.Effect]?) -> String? {
        guard let (entry, code) = pickWithCode(entries, language: { $0.language.name }) else { return nil }
        return (entry.shortEffect ?? entry.effect)
            .map { TextNormalization.normalize(LanguageMark.plain($0)) }
            .flatMap(nonEmpty)
            .map { marked($0, code: code) }
    }

    /// A slug said in words: "kalos-route-20" reads "Kalos Route 20" (for data that has no name).
    static func words(_ slug: String) -> String {
        slug.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// The entry texts of `entries` in the language (else English), identical texts grouped,
    /// oldest version first; `rank` orders versions.
    func entries(_ entries: [Wire.FlavorText]?, rank: (Wire.Link?) -> Int) -> [VersionText] {
        guard let entries else { return [] }
        for code in order {
            let candidates = entries.filter { $0.language.name == code }
                .enumerated().sorted { (rank($0.element.version), $0.offset) < (rank($1.element.version), $1.offset) }.map(\.element)
            var grouped: [VersionText] = []
            var position: [String: Int] = [:]
            for entry in candidates {
                let text = TextNormalization.normalize(LanguageMark.plain(entry.flavorText))
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
        for code in order {
            let candidates = entries.filter { key($0) == code }
            guard let best = candidates.enumerated().max(by: { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) })?.element else { continue }
            let normalized = TextNormalization.normalize(LanguageMark.plain(text(best)))
            if !normalized.isEmpty { return marked(normalized, code: code) }
        }
        return nil
    }

    /// The effect of a move, ability or item: short or long, in the language, else English.
    func effect(_ entries: [Wire.Effect]?, long: Bool) -> String? {
        guard let (entry, code) = pickWithCode(entries, language: { $0.language.name }) else { return nil }
        return (long ? (entry.effect ?? entry.shortEffect) : (entry.shortEffect ?? entry.effect))
            .map { TextNormalization.normalize(LanguageMark.plain($0)) }
            .flatMap(nonEmpty)
            .map { marked($0, code: code) }
    }

    /// The text without the blanks around it, nil when nothing else is left. Most texts have
    /// none around them: the first and last scalars are looked at before Foundation trims.
    private func nonEmpty(_ text: String) -> String? {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return nil }
        if !Self.blanks.contains(first), !Self.blanks.contains(last) { return text }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    private static let blanks = CharacterSet.whitespacesAndNewlines
}

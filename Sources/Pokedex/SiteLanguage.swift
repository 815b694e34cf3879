import Common
import Foundation

/// A language a site is built in: PokeAPI's code for its data, the BCP 47 tag for its
/// folder, `lang` and `hreflang`, and the languages that stand in for missing texts.
///
/// Settings accept PokeAPI's codes in any case (`ja`, `JA`, `ja-hrkt`, `zh-hant`) and the
/// tags (`zh-Hant`, `ja-Hrkt`, `ja-Latn`).
package struct SiteLanguage: Sendable, Hashable, Codable, CustomStringConvertible {
    /// PokeAPI's code, lower case: `ja`, `ja-hrkt`, `zh-hant`, `es-419`.
    package let code: String

    /// `code`, or nil when `setting` cannot be a language code at all.
    package init?(_ setting: String) {
        let lowered = setting.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: "_", with: "-")
        let aliases = ["ja-latn": "ja-roma", "roomaji": "ja-roma", "zh-tw": "zh-hant", "zh-cn": "zh-hans", "pt": "pt-br"]
        let code = aliases[lowered] ?? lowered
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }),
              parts.dropFirst().allSatisfy({ (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { return nil }
        self.code = code
    }

    package static let english = SiteLanguage(code: "en")

    private init(code: String) {
        self.code = code
    }

    /// The languages PokeAPI carries names in and the default theme has words for, in the
    /// order a language picker lists them.
    package static let bundled = ["en", "ja", "ko", "zh-hant", "zh-hans", "fr", "de", "es", "it"].map(SiteLanguage.init(code:))

    /// The BCP 47 tag: `en`, `ja`, `ja-Hrkt`, `ja-Latn`, `zh-Hant`, `es-419`, `pt-BR`.
    package var tag: String {
        switch code {
        case "ja-roma": return "ja-Latn"
        default:
            let parts = code.split(separator: "-").map(String.init)
            var tag = parts[0]
            for part in parts.dropFirst() {
                if part.count == 4, part.allSatisfy(\.isLetter) { tag += "-" + part.prefix(1).uppercased() + part.dropFirst() }
                else if part.count == 2, part.allSatisfy(\.isLetter) { tag += "-" + part.uppercased() }
                else { tag += "-" + part }
            }
            return tag
        }
    }

    /// What separates the items of a list of names ("Scarlet, Violet"): Japanese and
    /// Chinese have a comma of their own, 、 ("スカーレット、バイオレット"); romaji is written
    /// as English is.
    package var listSeparator: String {
        code != "ja-roma" && (base == "ja" || base == "zh") ? "、" : ", "
    }

    /// `names` as a list: with ``listSeparator``, or " / " when a name holds a comma itself
    /// ("Let’s Go, Pikachu! / Let’s Go, Eevee!"); a name already listed is not listed again
    /// (Japan's own Red and Green are named "Red" and "Green": "Red, Blue, Red, Green" read as
    /// a mistake).
    package func list(_ names: [String]) -> String {
        // A handful of names a call, on every page: compared, not hashed into a set, and
        // copied only when one repeats.
        let repeats = names.indices.contains { names[..<$0].contains(names[$0]) }
        let names = repeats ? names.indices.filter { !names[..<$0].contains(names[$0]) }.map { names[$0] } : names
        return names.contains { $0.utf8.contains(UInt8(ascii: ",")) || $0.contains("、" as Character) }
            ? names.joined(separator: " / ") : names.joined(separator: listSeparator)
    }

    /// The language without script or region: `ja` for `ja-Hrkt`, `zh` for `zh-Hant`.
    package var base: String { String(code.split(separator: "-")[0]) }

    /// PokeAPI's codes for this site's texts, best first: `ja` then kana, `es` then Latin
    /// American Spanish. English stands in after these (marked as English).
    package var dataCodes: [String] {
        switch code {
        case "ja": ["ja", "ja-hrkt"]
        case "ja-hrkt": ["ja-hrkt", "ja"]
        case "ja-roma": ["ja-roma"]
        case "es": ["es", "es-419"]
        case "es-419": ["es-419", "es"]
        default: [code]
        }
    }

    /// Other codes whose names the search finds too (besides English): kana and romaji
    /// for Japanese, kanji for a kana site.
    package var searchCodes: [String] {
        switch code {
        case "ja": ["ja-hrkt", "ja-roma"]
        case "ja-hrkt": ["ja", "ja-roma"]
        case "ja-roma": ["ja", "ja-hrkt"]
        default: []
        }
    }

    /// Whether texts in English are this site's own (no mark needed).
    package var isEnglish: Bool { base == "en" }

    /// The codes whose texts a catalog in this language keeps at all.
    package var keptCodes: Set<String> { Set(dataCodes + searchCodes + ["en"]) }

    /// The Foundation locale for numbers and collation.
    package var locale: Locale { Locale(identifier: tag) }

    package var description: String { code }
}

extension SiteLanguage {
    /// Compares two names as this language sorts them (Japanese in gojūon order, German
    /// with its umlauts where they belong), ignoring marks of other languages.
    package func precedes(_ left: String, _ right: String) -> Bool {
        let a = LanguageMark.plain(left), b = LanguageMark.plain(right)
        switch a.compare(b, options: [.caseInsensitive, .numeric], range: nil, locale: locale) {
        case .orderedAscending: return true
        case .orderedDescending: return false
        case .orderedSame: return a < b
        }
    }

    /// What a name sorts by: itself, or for Japanese written with kanji, its kana reading
    /// among `alternates` (gojūon order is by reading, not by the kanji's code points).
    package func sortKey(_ name: String, alternates: [String]?) -> String {
        let plain = LanguageMark.plain(name)
        guard base == "ja", plain.unicodeScalars.contains(where: Self.isIdeograph) else { return plain }
        return alternates?.first { alternate in
            !alternate.unicodeScalars.contains(where: Self.isIdeograph) && alternate.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) }
        } ?? plain
    }

    private static func isIdeograph(_ scalar: Unicode.Scalar) -> Bool {
        (0x4E00...0x9FFF).contains(scalar.value) || (0x3400...0x4DBF).contains(scalar.value)
    }

    /// Sorts `items` by their names as the language does, slugs breaking ties.
    package func sorted<T>(_ items: [T], name: (T) -> String, alternates: (T) -> [String]? = { _ in nil }, slug: (T) -> String) -> [T] {
        let keyed = items.map { (item: $0, key: sortKey(name($0), alternates: alternates($0)), slug: slug($0)) }
        return keyed.sorted { left, right in
            if left.key == right.key { return left.slug < right.slug }
            return precedes(left.key, right.key)
        }.map(\.item)
    }

    /// A number with one decimal as the language writes it: "6.9", "6,9".
    package func decimal(tenths: Int) -> String {
        let whole = tenths / 10, fraction = abs(tenths % 10)
        return grouped(whole) + decimalSeparator + String(fraction)
    }

    /// A number with a fixed count of decimals: "12.5", "12,5".
    package func number(_ value: Double, decimals: Int) -> String {
        let scale = pow(10, Double(decimals))
        let rounded = (value * scale).rounded() / scale
        let whole = Int(rounded.rounded(.towardZero))
        guard decimals > 0 else { return grouped(whole) }
        let fraction = Int((abs(rounded - Double(whole)) * scale).rounded())
        let digits = String(fraction)
        return grouped(whole) + decimalSeparator + String(repeating: "0", count: max(0, decimals - digits.count)) + digits
    }

    /// An integer with the language's digit groups: "12,850", "12 850", "12.850".
    package func grouped(_ value: Int) -> String {
        let digits = String(abs(value))
        guard digits.count > 4 || (digits.count == 4 && !groupsFourDigitsApart) else { return (value < 0 ? "-" : "") + digits }
        var result = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result += groupSeparator }
            result.append(character)
        }
        return (value < 0 ? "-" : "") + result
    }

    /// "," or "." as the language's decimal mark.
    package var decimalSeparator: String {
        ["fr", "de", "es", "it", "cs", "pt"].contains(base) ? "," : "."
    }

    /// The digit-group separator: narrow no-break space in French, "." in German, Spanish,
    /// Italian and Portuguese, "," elsewhere.
    package var groupSeparator: String {
        switch base {
        case "fr", "cs": "\u{202F}"
        case "de", "es", "it", "pt": "."
        default: ","
        }
    }

    /// Spanish (as CLDR says) writes four-digit numbers without a group: "1000".
    private var groupsFourDigitsApart: Bool { base == "es" }

    /// The CLDR plural category of `count` in this language: `one`, `many` or `other` for
    /// the languages the theme ships (`zero`, `two` and `few` do not occur in them).
    package func pluralCategory(_ count: Int) -> String {
        switch base {
        case "ja", "ko", "zh": return "other"
        case "fr", "pt":
            if count == 0 || count == 1 { return "one" }
            return count % 1_000_000 == 0 ? "many" : "other"
        case "es", "it":
            if count == 1 { return "one" }
            return count != 0 && count % 1_000_000 == 0 ? "many" : "other"
        default:
            return count == 1 ? "one" : "other"
        }
    }
}

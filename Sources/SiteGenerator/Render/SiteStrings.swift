import Common
import Foundation
import JSONLinkScan
import Pokedex

/// The interface's words in one language, from `Templates/strings/<tag>.json` (a theme's
/// file of the same name laid over the default's), with the language's number formats
/// and plural rules.
///
/// Every key English has must be there: a file that lacks one fails the build with the
/// file and key named, unless it says `"@fallback": "en"` (or another tag), and then the
/// fallback's word stands in, marked with its own language (``LanguageMark``).
struct SiteStrings: Sendable {
    private(set) var table: [String: String]
    let language: SiteLanguage
    /// Whether ``format(_:_:)`` elides before a vowel (French): two string comparisons.
    private var elides: Bool { language.code == "fr" || language.code.hasPrefix("fr-") }

    init(table: [String: String], language: SiteLanguage = .english) {
        self.table = table
        self.language = language
    }

    /// Loads the language's files from `folders` (later ones override earlier ones) and
    /// checks them against English.
    init(folders: [URL], language code: String) throws(SiteError) {
        guard let language = SiteLanguage(code) else { throw SiteError(.unknownLanguage(code: code, searched: [])) }
        self.language = language
        let english = try Self.load("en", folders: folders)
        if language.code == "en" {
            table = english.table
            return
        }
        var candidates = [language.tag]
        if language.tag != language.base { candidates.append(language.base) }
        if language.isEnglish { candidates.append("en") }
        var own: Loaded?
        for tag in candidates {
            let loaded = try Self.load(tag, folders: folders)
            if !loaded.files.isEmpty { own = loaded; break }
        }
        guard let own else {
            throw SiteError(.unknownLanguage(code: language.code, searched: folders.map { $0.appendingPathComponent("strings/\(language.tag).json").path }))
        }
        var table = own.table
        let missing = english.table.keys.filter { table[$0] == nil }.sorted()
        if !missing.isEmpty {
            guard let fallback = own.fallback else {
                throw SiteError(.missingStrings(path: own.files.last ?? language.tag, keys: missing))
            }
            let stand = fallback == "en" ? english : try Self.load(fallback, folders: folders)
            for key in missing {
                guard let word = stand.table[key] ?? english.table[key] else { continue }
                table[key] = LanguageMark.mark(word, tag: stand.table[key] != nil ? fallback : "en")
            }
        }
        self.table = table
    }

    /// The word for a key; the key itself when the table lacks it, so a gap shows rather than hides.
    subscript(_ key: String) -> String {
        table[key] ?? key
    }

    /// The word for a key with `{name}` placeholders filled in, each once, in one pass over
    /// the word: a value that holds braces (a name from the data, a user's nickname) is
    /// never read as a placeholder, whatever order the values come in, and a placeholder
    /// with no value stays as written, so the gap shows.
    func format(_ key: String, _ values: [String: String]) -> String {
        var text = self[key]
        if elides {
            for (name, value) in values { text = Self.elidingFrench(text, before: "{\(name)}", value: value) }
        }
        return Self.filling(text, values)
    }

    /// `text` with every `{name}` that `values` has replaced by its value. Foundation's
    /// `replacingOccurrences`, once per value, went through `NSString` and was a hundredth of
    /// a full build's CPU (the type chart's 324 cells, every page's breeding and training lines).
    static func filling(_ text: String, _ values: [String: String]) -> String {
        let bytes = text.utf8
        guard bytes.contains(UInt8(ascii: "{")) else { return text }
        var filled = ""
        filled.reserveCapacity(bytes.count + 32)
        var copied = bytes.startIndex, searched = bytes.startIndex
        while let open = bytes[searched...].firstIndex(of: UInt8(ascii: "{")) {
            let after = bytes.index(after: open)
            guard let close = bytes[after...].firstIndex(of: UInt8(ascii: "}")) else { break }
            // A name has no brace: in "{{a}}" the placeholder is the inner one.
            guard !bytes[after..<close].contains(UInt8(ascii: "{")), let value = values[String(Substring(bytes[after..<close]))] else {
                searched = after
                continue
            }
            filled += Substring(bytes[copied..<open])
            filled += value
            copied = bytes.index(after: close)
            searched = copied
        }
        filled += Substring(bytes[copied...])
        return filled
    }

    /// French elides "de", "que", "le" and "la" before a vowel: "une forme d’Évoli", "la
    /// région d’Alola", where the words file can only say "de {species}". An h is left as it
    /// is (whether it elides depends on the word), and a y before a vowel ("de Yanma").
    static func elidingFrench(_ text: String, before placeholder: String, value: String) -> String {
        let lead = Array(LanguageMark.plain(value).prefix(2).lowercased())
        guard let first = lead.first, "aeiouyàâäéèêëîïôöùûüÿœæ".contains(first), text.contains(placeholder) else { return text }
        // A y before a vowel is a consonant: "de Yanma", but "d’Yveltal".
        if first == "y", lead.count > 1, "aeiouàâäéèêëîïôöùûü".contains(lead[1]) { return text }
        var parts = text.components(separatedBy: placeholder)
        for at in parts.indices.dropLast() {
            for (word, elided) in [("de", "d’"), ("De", "D’"), ("que", "qu’"), ("Que", "Qu’"), ("le", "l’"), ("Le", "L’"), ("la", "l’"), ("La", "L’")]
            where parts[at].hasSuffix(word + " ") {
                // A whole word: at the start, or after a space or punctuation ("forme de", not "monde").
                let stem = parts[at].dropLast(word.count + 1)
                if stem.last.map({ !$0.isLetter }) ?? true {
                    parts[at] = stem + elided
                    break
                }
            }
        }
        return parts.joined(separator: placeholder)
    }

    /// The plural form of `key` for `count` (`key_one`, `key_other`, ... as the language's
    /// rules choose), `{count}` and `values` filled in; `key` itself when it has no forms.
    func plural(_ key: String, count: Int, _ values: [String: String] = [:]) -> String {
        let category = language.pluralCategory(count)
        let chosen = [key + "_" + category, key + "_other", key].first { table[$0] != nil } ?? key
        var all = values
        all["count"] = language.grouped(count)
        return format(chosen, all)
    }

    /// A number with `decimals` digits after the language's decimal mark.
    func number(_ value: Double, decimals: Int) -> String {
        language.number(value, decimals: decimals)
    }

    /// An integer with the language's digit groups ("12,850", "12 850").
    func grouped(_ value: Int) -> String {
        language.grouped(value)
    }

    /// A share in percent: whole when it is whole ("50 %" in French), else one decimal.
    func percent(_ value: Double) -> String {
        let digits = value == value.rounded() ? language.grouped(Int(value)) : language.number(value, decimals: 1)
        return format("number_percent", ["value": digits])
    }
}

private extension SiteStrings {
    /// One language's table: the files found for it (default theme first), merged.
    struct Loaded {
        var table: [String: String] = [:]
        var files: [String] = []
        /// The tag a file says missing words come from (`"@fallback": "en"`).
        var fallback: String?
    }

    static func load(_ tag: String, folders: [URL]) throws(SiteError) -> Loaded {
        var loaded = Loaded()
        for folder in folders {
            let file = folder.appendingPathComponent("strings/\(tag).json")
            guard case let .file(real, _) = InputFolder(root: folder).resolve("strings/\(tag).json") else { continue }
            var object = try read(URL(fileURLWithPath: real), shownAs: file.path)
            if let fallback = object.removeValue(forKey: "@fallback") { loaded.fallback = fallback }
            object = object.filter { !$0.key.hasPrefix("@") }
            loaded.table.merge(object.mapValues(LanguageMark.plain)) { _, new in new }
            loaded.files.append(file.path)
        }
        return loaded
    }

    static func read(_ file: URL, shownAs path: String) throws(SiteError) -> [String: String] {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw SiteError(.badStrings(path: path, underlying: error.localizedDescription))
        }
        let parsed: Any
        do {
            // Fragments too: a lone string is JSON, only not an object of strings.
            parsed = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            // Where it stops being JSON, not Foundation's "The data is not in the correct format."
            throw SiteError(.badStrings(path: path, underlying: JSONLinkScanner.whyInvalid(data) ?? "not valid JSON"))
        }
        guard let object = parsed as? [String: String] else {
            throw SiteError(.badStrings(path: path, underlying: "not an object of strings"))
        }
        return object
    }
}

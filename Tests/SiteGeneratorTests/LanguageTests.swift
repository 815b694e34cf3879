import Common
import Foundation
import Pokedex
import Testing
@testable import SiteGenerator

@Suite("Every language: strings, marks, numbers, order")
struct LanguageTests {
    static let bundled = ["en", "ja", "ko", "zh-Hant", "zh-Hans", "fr", "de", "es", "it"]
    static var templates: URL { TestSupportPaths.packageRoot.appendingPathComponent("Templates") }

    static func table(_ tag: String) throws -> [String: String] {
        let data = try Data(contentsOf: templates.appendingPathComponent("strings/\(tag).json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: String], "strings/\(tag).json")
    }

    static func placeholders(_ text: String) -> Set<String> {
        var found = Set<String>()
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            found.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return found
    }

    @Test("every shipped strings file has exactly English's keys, with the same placeholders", arguments: bundled.dropFirst())
    func complete(tag: String) throws {
        let english = try Self.table("en")
        let other = try Self.table(tag)
        #expect(Set(other.keys).subtracting(english.keys).sorted() == [], "keys English does not have")
        #expect(Set(english.keys).subtracting(other.keys).sorted() == [], "keys \(tag) lacks")
        for (key, word) in english {
            guard let translated = other[key] else { continue }
            #expect(Self.placeholders(translated) == Self.placeholders(word), "\(tag): \(key)")
            #expect(!translated.isEmpty, "\(tag): \(key) is empty")
        }
        // Each file names its own language and loads with no fallback.
        let strings = try SiteStrings(folders: [Self.templates], language: tag)
        #expect(strings["language_native"] != english["language_native"])
        #expect(!strings.table.values.contains(where: LanguageMark.isMarked))
    }

    @Test("a theme's language without every word fails the build, naming the file and the keys")
    func missingKeys() throws {
        let theme = try TestSupportPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: theme) }
        try FileManager.default.createDirectory(at: theme.appendingPathComponent("strings"), withIntermediateDirectories: true)
        try Data(#"{"nav_home": "Início"}"#.utf8).write(to: theme.appendingPathComponent("strings/pt-BR.json"))
        do {
            _ = try SiteStrings(folders: [Self.templates, theme], language: "PT-br")
            Issue.record("a partial strings file was accepted")
        } catch {
            let message = String(describing: error)
            #expect(message.contains(theme.appendingPathComponent("strings/pt-BR.json").path))
            #expect(message.contains("abilityIndex_title") && message.contains("key(s) English has"))
            #expect(message.contains("@fallback"))
        }
        // No file at all: said, with what to add.
        #expect(throws: SiteError.self) { try SiteStrings(folders: [Self.templates], language: "cs") }
    }

    @Test("with @fallback, English stands in for the missing words, marked as English")
    func fallback() throws {
        let theme = try TestSupportPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: theme) }
        try FileManager.default.createDirectory(at: theme.appendingPathComponent("strings"), withIntermediateDirectories: true)
        try Data(#"{"@fallback": "en", "nav_home": "Início"}"#.utf8).write(to: theme.appendingPathComponent("strings/pt-BR.json"))
        let strings = try SiteStrings(folders: [Self.templates, theme], language: "pt-br")
        #expect(strings["nav_home"] == "Início")
        #expect(strings["nav_list"] == LanguageMark.mark("All Pokémon", tag: "en"))
        #expect(strings.table["@fallback"] == nil)
        // A theme's file for a shipped language overrides word by word.
        try Data(#"{"nav_home": "Maison"}"#.utf8).write(to: theme.appendingPathComponent("strings/fr.json"))
        let french = try SiteStrings(folders: [Self.templates, theme], language: "fr")
        #expect(french["nav_home"] == "Maison")
        #expect(french["nav_list"] == (try Self.table("fr"))["nav_list"])
    }

    @Test("marks become spans in running text and vanish where a span cannot go")
    func resolveMarks() {
        let name = LanguageMark.mark("Run Away", tag: "en")
        let page = "<html lang=\"fr\"><head><title>\(name) · Dex</title></head><body>"
            + "<a href=\"x.html\" title=\"\(name)\">\(name)</a><p>Utilisez \(LanguageMark.mark("a \(LanguageMark.mark("b", tag: "de")) c", tag: "en"))</p>"
            + "<select><option>\(name)</option></select><script type=\"application/ld+json\">{\"n\":\"\(name)\"}</script>"
            + "<svg><text>\(name)</text></svg><p>after</p></body></html>"
        let resolved = LanguageMark.resolve(page)
        #expect(resolved == "<html lang=\"fr\"><head><title>Run Away · Dex</title></head><body>"
            + "<a href=\"x.html\" title=\"Run Away\"><span lang=\"en\">Run Away</span></a><p>Utilisez <span lang=\"en\">a <span lang=\"de\">b</span> c</span></p>"
            + "<select><option>Run Away</option></select><script type=\"application/ld+json\">{\"n\":\"Run Away\"}</script>"
            + "<svg><text>Run Away</text></svg><p>after</p></body></html>")
        #expect(LanguageMark.resolve("<p>plain</p>") == "<p>plain</p>")
        #expect(LanguageMark.plain("x" + name + "y") == "xRun Awayy")
        #expect(LanguageMark.map(name) { String($0.prefix(3)) } == LanguageMark.mark("Run", tag: "en"))
        // A tag that could break out of the attribute is not written.
        #expect(LanguageMark.resolve("<p>\u{E000}en\" onclick=\"x\u{E001}t\u{E002}</p>") == "<p>t</p>")
    }

    @Test("settings take PokeAPI's codes in any case and give proper language tags")
    func codes() throws {
        let cases: [(String, String, String)] = [
            ("en", "en", "en"), ("JA", "ja", "ja"), ("ja-hrkt", "ja-hrkt", "ja-Hrkt"), ("ja-Latn", "ja-roma", "ja-Latn"),
            ("zh-hant", "zh-hant", "zh-Hant"), ("zh_Hans", "zh-hans", "zh-Hans"), ("es-419", "es-419", "es-419"), ("pt-br", "pt-br", "pt-BR"),
        ]
        for (setting, code, tag) in cases {
            let language = try #require(SiteLanguage(setting), "\(setting)")
            #expect(language.code == code)
            #expect(language.tag == tag)
        }
        for bad in ["", "e", "english!", "en--", "12"] { #expect(SiteLanguage(bad) == nil, "\(bad)") }
        #expect(SiteLanguage("ja")?.dataCodes == ["ja", "ja-hrkt"], "kana stands in for kanji")
        #expect(SiteLanguage("es")?.dataCodes == ["es", "es-419"])
    }

    @Test("plural forms, numbers and units as each language writes them")
    func numbers() throws {
        func lang(_ code: String) throws -> SiteLanguage { try #require(SiteLanguage(code)) }
        #expect(try lang("en").pluralCategory(1) == "one")
        #expect(try lang("en").pluralCategory(0) == "other")
        #expect(try lang("fr").pluralCategory(0) == "one", "French counts zero as singular")
        #expect(try lang("fr").pluralCategory(2_000_000) == "many")
        #expect(try lang("ja").pluralCategory(1) == "other")
        #expect(try lang("fr").decimal(tenths: 69) == "6,9")
        #expect(try lang("de").grouped(12_850) == "12.850")
        #expect(try lang("fr").grouped(12_850) == "12\u{202F}850")
        #expect(try lang("es").grouped(1_000) == "1000")
        #expect(try lang("en").grouped(1_285) == "1,285")
        // Lists of names (games, stats) with the language's own comma.
        #expect(try ["ja", "ja-hrkt", "zh-hant", "zh-hans"].allSatisfy { try lang($0).listSeparator == "、" })
        #expect(try ["en", "fr", "ko", "ja-roma"].allSatisfy { try lang($0).listSeparator == ", " })
        #expect(try lang("en").list(["Red", "Blue"]) == "Red, Blue")
        #expect(try lang("en").list(["Let’s Go, Pikachu!", "Let’s Go, Eevee!"]) == "Let’s Go, Pikachu! / Let’s Go, Eevee!", "names with commas of their own")
        #expect(try lang("ja").list(["赤", "緑"]) == "赤、緑")
        #expect(try lang("en").list(["Red", "Blue", "Red", "Green"]) == "Red, Blue, Green", "a release named alike once")
        #expect(Measures.weight(hectograms: 60, language: try lang("fr")) == "6,0 kg (13,2 lb)")
        let french = try SiteStrings(folders: [Self.templates], language: "fr")
        #expect(french.percent(87.5) == "87,5\u{202F}%")
        #expect(french.plural("search_count", count: 12_000).contains("12\u{202F}000"), "the count in the language's digits")
        let english = try SiteStrings(folders: [Self.templates], language: "en")
        #expect(english.plural("compare_sharedMoves", count: 1) == "1 move all of them learn")
        #expect(english.plural("compare_sharedMoves", count: 2) == "2 moves all of them learn")
        // What a growth rate's number counts, singular and plural as each language has them.
        let german = try SiteStrings(folders: [Self.templates], language: "de")
        #expect(german.plural("growthRates_species", count: 1) == "1 Art")
        #expect(german.plural("growthRates_species", count: 195) == "195 Arten")
        #expect(french.plural("growthRates_species", count: 0) == "0 espèce")
        #expect(french.plural("growthRates_species", count: 14) == "14 espèces")
    }

    @Test("French elides de, que, le and la before a name starting with a vowel, whole words only, marked names too")
    func frenchElision() throws {
        let french = try SiteStrings(folders: [Self.templates], language: "fr")
        #expect(french.format("evo_region", ["region": "Alola"]) == "dans la région d’Alola")
        #expect(french.format("evo_region", ["region": "Kanto"]) == "dans la région de Kanto")
        #expect(french.format("detail_evolutionOfSpecies", ["form": "Évoli Partenaire", "species": "Évoli"])
            == "Évoli Partenaire est une forme d’Évoli. Ci-dessous, la lignée évolutive d’Évoli.")
        #expect(french.format("evo_region", ["region": LanguageMark.mark("Unova", tag: "en")]) == "dans la région d’\(LanguageMark.mark("Unova", tag: "en"))")
        #expect(SiteStrings.elidingFrench("Le monde {x}, que {x}, La {x}", before: "{x}", value: "Ouisticram")
            == "Le monde {x}, qu’{x}, L’{x}", "not the end of another word")
        #expect(SiteStrings.elidingFrench("de {x}", before: "{x}", value: "Hoothoot") == "de {x}", "an h is left alone")
        #expect(SiteStrings.elidingFrench("de {x}", before: "{x}", value: "Yanma") == "de {x}", "a y before a vowel is a consonant")
        #expect(SiteStrings.elidingFrench("de {x}", before: "{x}", value: "Yveltal") == "d’{x}", "a y before a consonant is a vowel")
        // Other languages are as written.
        let english = try SiteStrings(folders: [Self.templates], language: "en")
        #expect(english.format("evo_region", ["region": "Alola"]) == "in Alola")
    }

    @Test("a placeholder is filled once: a value's own braces stay, an unknown placeholder shows, a repeat is filled each time")
    func filling() throws {
        // A value is never read for placeholders (filled one by one, it was when it came first).
        #expect(SiteStrings.filling("{form} is a form of {species}.", ["form": "{species} Cap", "species": "Pikachu"])
                == "{species} Cap is a form of Pikachu.")
        #expect(SiteStrings.filling("{a}{a} {b} {", ["a": "x"]) == "xx {b} {")
        #expect(SiteStrings.filling("{{a}} é{a}ü", ["a": "ß", "{a": "no"]) == "{ß} éßü")
        #expect(SiteStrings.filling("no braces", ["a": "x"]) == "no braces")
        #expect(SiteStrings.filling("{}", ["": "empty"]) == "empty")
        let english = try SiteStrings(folders: [Self.templates], language: "en")
        #expect(english.format("evo_level", ["level": "{x}"]).contains("{x}"))
    }

    @Test("names sort as the language sorts them: Japanese by its kana, in gojūon order")
    func collation() throws {
        let japanese = try #require(SiteLanguage("ja"))
        // 十万ボルト reads じゅうまんボルト: by kana it comes after かみなり, by code point far after all.
        let names = [("十万ボルト", ["じゅうまんボルト"]), ("ピカチュウ", nil), ("アーボ", nil), ("かみなり", nil), ("イーブイ", nil)]
        let sorted = japanese.sorted(names, name: { $0.0 }, alternates: { $0.1 }, slug: { $0.0 }).map(\.0)
        #expect(sorted == ["アーボ", "イーブイ", "かみなり", "十万ボルト", "ピカチュウ"])
        let german = try #require(SiteLanguage("de"))
        #expect(german.sorted(["Zubat", "Äbo", "Arbok"], name: { $0 }, slug: { $0 }) == ["Äbo", "Arbok", "Zubat"])
    }
}

import Foundation
import Pokedex

/// The settings of `pokedex build`: defaults, then `pokedex.toml`, then flags.
struct BuildSettings: Sendable, Equatable {
    var title = "Pokédex"
    var sample = false
    var api: String?
    var spritesURL: String?
    var criesURL: String?
    /// What heroes and cards lead with: sprites, official artwork or HOME renders.
    var images = "sprites"
    var cache = ".pokedex-cache"
    var output = "_site"
    var baseURL: String?
    var language = "en"
    /// The languages of a site per language (`languages = ["en", "ja"]`); empty: just `language`.
    var languages: [String] = []
    var generations: [Int] = []
    var pokemon: [String] = []
    var theme: String?
    var offline = false
    var strict = false
    var quiet = false
    /// The collection file; nil means pokedex-collection.toml beside the settings file.
    var collection: String?
    var dexMode = false
    /// The trainer's about text (Markdown); nil means about.md beside the settings file, when there is one.
    var about: String?

    /// The keys `pokedex.toml` accepts, as the flags spell them.
    static let keys = [
        "title", "sample", "api", "sprites-url", "cries-url", "images", "cache", "output", "base-url", "language",
        "languages", "generations", "pokemon", "theme", "offline", "strict", "quiet", "collection", "dex-mode", "about"]

    /// Lays a config file's settings over these, checking every key and value.
    mutating func apply(_ file: ConfigFile) throws(ConfigError) {
        for entry in file.entries {
            func fail(_ message: String) -> ConfigError {
                ConfigError(path: file.path, line: entry.line, column: entry.column, message: message)
            }
            func text() throws(ConfigError) -> String {
                guard case .string(let value) = entry.value, !value.isEmpty else {
                    throw fail("\(entry.key) must be a non-empty \"string\"")
                }
                return value
            }
            func flag() throws(ConfigError) -> Bool {
                guard case .boolean(let value) = entry.value else { throw fail("\(entry.key) must be true or false") }
                return value
            }
            switch entry.key {
            case "title": title = try text()
            case "sample": sample = try flag()
            case "api": api = try text()
            case "sprites-url": spritesURL = try text()
            case "cries-url": criesURL = try text()
            case "images":
                let value = try text()
                guard Self.imageSets.contains(value) else { throw fail("images must be one of \(Self.imageSets.joined(separator: ", ")) (got \(value))") }
                images = value
            case "cache": cache = try text()
            case "output": output = try text()
            case "base-url":
                let value = try text()
                guard Self.isWebAddress(value) else { throw fail("base-url must start with http:// or https:// (got \(value))") }
                baseURL = value
            case "language":
                let value = try text()
                guard let site = SiteLanguage(value) else { throw fail("language must be a code like \"en\", \"fr\" or \"zh-hans\" (got \(value))") }
                language = site.code
            case "languages":
                guard case .array(let items) = entry.value, !items.isEmpty else { throw fail("languages must be a list like [\"en\", \"ja\", \"fr\"]") }
                var codes: [String] = []
                for item in items {
                    guard case .string(let value) = item, let site = SiteLanguage(value) else {
                        throw fail("languages holds codes like \"en\", \"ja\" or \"zh-hant\" as \"strings\"")
                    }
                    guard !codes.contains(site.code) else { throw fail("languages names \(site.code) twice") }
                    codes.append(site.code)
                }
                languages = codes
            case "generations":
                guard case .array(let items) = entry.value else { throw fail("generations must be a list like [1, 2]") }
                generations = []
                for item in items {
                    guard case .integer(let number) = item, (1...9).contains(number) else {
                        throw fail("generations holds numbers from 1 to 9")
                    }
                    generations.append(number)
                }
            case "pokemon":
                guard case .array(let items) = entry.value else { throw fail("pokemon must be a list like [\"pikachu\", \"eevee\"]") }
                pokemon = []
                for item in items {
                    guard case .string(let name) = item, !name.isEmpty else { throw fail("pokemon holds names as \"strings\"") }
                    pokemon.append(name.lowercased())
                }
            case "theme": theme = try text()
            case "offline": offline = try flag()
            case "strict": strict = try flag()
            case "quiet": quiet = try flag()
            case "collection": collection = try text()
            case "dex-mode": dexMode = try flag()
            case "about": about = try text()
            default:
                throw fail("unknown setting \(entry.key); known settings: \(Self.keys.joined(separator: ", "))")
            }
        }
    }

    static let imageSets = ["sprites", "artwork", "home"]

    static func isWebAddress(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), url.host != nil else { return false }
        return scheme == "http" || scheme == "https"
    }

    static func isLanguageCode(_ text: String) -> Bool {
        SiteLanguage(text) != nil
    }

    /// The languages to build, in order: `languages`, else `language` alone.
    var siteLanguages: [String] { languages.isEmpty ? [language] : languages }

    /// `--languages en,ja,fr`: PokeAPI codes or tags, any case, no repeats.
    static func parseLanguages(_ text: String) throws(LanguageListError) -> [String] {
        var codes: [String] = []
        for part in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !part.isEmpty {
            guard let site = SiteLanguage(part) else { throw LanguageListError(message: "\(part) is not a language code (like en, ja, zh-hant or fr)") }
            guard !codes.contains(site.code) else { throw LanguageListError(message: "\(site.code) is named twice") }
            codes.append(site.code)
        }
        guard !codes.isEmpty else { throw LanguageListError(message: "no language given") }
        return codes
    }
}

/// Why a `--languages` list cannot be used.
struct LanguageListError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

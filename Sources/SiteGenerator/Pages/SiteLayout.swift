import Pokedex
import TemplateEngine

/// Where one language's site sits among the languages built: a single language keeps
/// today's layout (pages at the root); several go to `<output>/<tag>/`, sharing one copy
/// of the sprites, cries and assets at the top.
struct SiteLayout: Sendable, Hashable {
    /// A language the build makes, and its own name for itself ("Français").
    struct Member: Sendable, Hashable {
        var language: SiteLanguage
        var native: String
    }

    /// Every language built, in the order the settings gave.
    let members: [Member]
    /// This site's language.
    let current: SiteLanguage
    /// The site's absolute address with a trailing slash (`--base-url`), if any.
    let baseURL: String?

    init(members: [Member], current: SiteLanguage, baseURL: String?) {
        self.members = members
        self.current = current
        self.baseURL = baseURL.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
    }

    /// A site in one language, at the root.
    static func single(_ language: SiteLanguage, native: String = "", baseURL: String? = nil) -> SiteLayout {
        SiteLayout(members: [Member(language: language, native: native)], current: language, baseURL: baseURL)
    }

    var isMultilingual: Bool { members.count > 1 }

    /// The folder this language's pages go in, relative to the output: "" or "fr/".
    var prefix: String { Self.prefix(of: current, multilingual: isMultilingual) }

    static func prefix(of language: SiteLanguage, multilingual: Bool) -> String {
        multilingual ? language.tag + "/" : ""
    }

    /// From this language's root to the output's, where shared files are: "" or "../".
    var shared: String { isMultilingual ? "../" : "" }

    /// The absolute address of a page of this language (`pokemon/pikachu.html`), with a base URL.
    func absolute(_ path: String, in language: SiteLanguage? = nil) -> String? {
        guard let baseURL else { return nil }
        // A folder's index is addressed as the folder, as the sitemap lists it.
        let page = path == "index.html" ? "" : path.hasSuffix("/index.html") ? String(path.dropLast("index.html".count)) : path
        return baseURL + Self.prefix(of: language ?? current, multilingual: isMultilingual) + page
    }

    /// The same page in every language, for the switcher and `<link rel="alternate">`:
    /// absolute with a base URL, else relative to the page (`root` leads to its language's root).
    func alternates(of path: String, root: String) -> [TemplateValue] {
        guard isMultilingual else { return [] }
        return members.map { member in
            let href = absolute(path, in: member.language) ?? (member.language == current ? root + path : root + "../" + member.language.tag + "/" + path)
            // The switcher links relatively even with a base URL, so it works from disk too.
            let local = member.language == current ? root + path : root + "../" + member.language.tag + "/" + path
            return .dictionary([
                "tag": .string(member.language.tag),
                "native": .string(member.native),
                "href": .string(href),
                "local": .string(local),
                "current": .bool(member.language == current),
            ])
        }
    }

    /// The address search engines show to a visitor of no listed language: the first language's page.
    func defaultAlternate(of path: String, root: String) -> String? {
        guard isMultilingual, let first = members.first?.language else { return nil }
        return absolute(path, in: first) ?? (first == current ? root + path : root + "../" + first.tag + "/" + path)
    }
}

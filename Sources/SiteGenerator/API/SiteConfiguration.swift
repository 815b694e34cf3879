import Common
import Foundation

/// Everything a build needs besides the catalog: where things are, and the site's settings.
package struct SiteConfiguration: Sendable {
    /// The site's title, shown in every page's header.
    package var title: String
    /// The folder the site ends up in.
    package var output: URL
    /// The folder holding the default theme's `Templates/` and `Public/`.
    package var themeRoot: URL
    /// An optional folder overriding templates by name (`Templates/` or the folder itself) and assets by path (`Public/`).
    package var themeOverride: URL?
    /// The folder sprite paths are relative to (the cache or mirror root); nil for none.
    package var spritesRoot: URL?
    /// The site's absolute address for sitemap.xml (e.g. `https://me.github.io/dex/`).
    package var baseURL: String?
    /// Interface language code; the strings table falls back to English.
    package var language: String
    /// Pokémon per page of the full list.
    package var pageSize: Int
    /// How many pages render at once.
    package var concurrency: Int
    /// Dex mode: Pokémon not captured are shown greyed, as in the games' Pokédex.
    package var dexMode: Bool
    /// The image heroes and cards lead with: `sprites`, `artwork` (official artwork) or `home`.
    package var images = "sprites"
    /// Every language built (a site per language when more than one), `language` first.
    package var languages: [String]
    /// The trainer's own words for the home page (`about.md`), in Markdown; rendered and sanitized.
    package var about: String?
    /// Read every media file again, trusting nothing the last build learned of it (`--verify`).
    package var verify = false
    /// The cache's own folder (`<cache>/.pokedex`), where what was read of each media file is
    /// kept too (``MediaFacts``): a build into an empty folder then reads no sprite it read
    /// before. Nil: kept beside the site only.
    package var factsFolder: URL?

    package init(
        title: String = "Pokédex", output: URL, themeRoot: URL, themeOverride: URL? = nil,
        spritesRoot: URL? = nil, baseURL: String? = nil, language: String = "en",
        pageSize: Int = 60, concurrency: Int = ProcessInfo.processInfo.activeProcessorCount, dexMode: Bool = false,
        images: String = "sprites", languages: [String]? = nil
    ) {
        self.images = images
        self.languages = languages ?? [language]
        self.title = title
        self.output = output
        self.themeRoot = themeRoot
        self.themeOverride = themeOverride
        self.spritesRoot = spritesRoot
        self.baseURL = baseURL
        self.language = language
        self.pageSize = max(1, pageSize)
        self.concurrency = max(1, concurrency)
        self.dexMode = dexMode
    }

    /// The folder holding `Templates/` and `Public/`: the current directory, else next to the executable or above it.
    package static func locateTheme(
        currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
        executable: URL = RunningExecutable.url
    ) throws(SiteError) -> URL {
        var candidates = [currentDirectory]
        var folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.pathComponents.count > 1 {
            candidates.append(folder)
            folder.deleteLastPathComponent()
        }
        for candidate in candidates where isTheme(candidate) {
            return candidate
        }
        throw SiteError(.themeNotFound(searched: [currentDirectory.path, executable.deletingLastPathComponent().path + " and above"]))
    }

    private static func isTheme(_ folder: URL) -> Bool {
        let manager = FileManager.default
        return manager.fileExists(atPath: folder.appendingPathComponent("Templates/layout.mustache").path)
            && manager.fileExists(atPath: folder.appendingPathComponent("Public").path)
    }
}

import ArgumentParser
import Common
import Foundation
import HTMLSafety
import PokeAPI
import Pokedex
import SiteGenerator

/// `pokedex build`: the whole site into `_site/`, from the cache (or the bundled sample).
struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the Pokédex website into a folder.",
        discussion: "Settings come from pokedex.toml in the current folder when it exists; flags override it."
    )

    @Flag(help: "Build the bundled offline sample (about 30 Pokémon, no network).")
    var sample = false
    @Option(help: "PokeAPI base URL, or a local api-data folder to read instead of the cache.")
    var api: String?
    @Option(name: .customLong("sprites-url"), help: "Base URL sprites (and cries, unless --cries-url) are fetched from.")
    var spritesURL: String?
    @Option(name: .customLong("cries-url"), help: "Base URL cries are fetched from (default: as --sprites-url).")
    var criesURL: String?
    @Option(help: ArgumentHelp("What heroes and cards show: sprites (default), artwork (official artwork) or home (HOME renders); the large images are fetched only when chosen.", valueName: "sprites|artwork|home"))
    var images: String?
    @Option(help: "The cache folder (default .pokedex-cache).")
    var cache: String?
    @Option(help: "Where the site goes (default _site).")
    var output: String?
    @Option(name: .customLong("base-url"), help: "The site's package address, for sitemap.xml (e.g. https://me.github.io/dex/).")
    var baseURL: String?
    @Option(help: "Language code for the site: its words, names, genera and entries (default en).")
    var language: String?
    @Option(help: ArgumentHelp("One site per language under <output>/<tag>/, e.g. en,ja,fr (PokeAPI's codes: en ja ja-hrkt ko zh-hant zh-hans fr de es it).", valueName: "LIST"))
    var languages: String?
    @Option(help: ArgumentHelp("Only these generations, e.g. 1-3 or 1,4 (as pokedex fetch).", valueName: "LIST"))
    var generations: String?
    @Option(help: ArgumentHelp("Only these national-dex numbers and names, e.g. 1-151,pikachu (as pokedex fetch).", valueName: "LIST"))
    var pokemon: String?
    @Option(help: "A folder overriding templates by name and assets by path.")
    var theme: String?
    @Flag(help: "Never use the network; build from what the cache holds.")
    var offline = false
    @Flag(help: "Check the built site (HTML, links, images) and fail on any finding, keeping the old site.")
    var strict = false
    @Flag(help: "Print nothing but errors.")
    var quiet = false
    @Flag(help: "Say what each stage did: the source, the catalog, the pages, the assets, the indexes, the check.")
    var verbose = false
    @Flag(help: "Read, check and decode every data file and sprite, trusting no index, record or media fact of the last build (a file changed keeping its size and time).")
    var verify = false
    @Option(help: "The settings file (default pokedex.toml when present).")
    var config: String?
    @Option(help: "The collection file (default pokedex-collection.toml beside the settings file).")
    var collection: String?
    @Flag(name: .customLong("dex-mode"), help: "Show Pokémon you have not caught greyed, as in the games' Pokédex.")
    var dexMode = false
    @Option(help: ArgumentHelp("Your own words for the home page, in Markdown (default: about.md beside the settings file, when it exists).", valueName: "FILE"))
    var about: String?

    func run() async throws {
        let settings = try resolvedSettings()
        let reporter = BuildReporter(quiet: settings.quiet, verbose: verbose)
        let built = try await buildSite(settings, reporter: reporter)
        reporter.finish(built.summary)
    }

    /// What one build made, and what `serve` keeps to render pages on request.
    struct Built: Sendable {
        var summary: BuildSummary
        var configuration: SiteConfiguration
        /// Each language's catalog and collection; empty when the site was unchanged and no
        /// catalog was even loaded (`needCatalog` false).
        var sites: [SiteBuilder.LanguageSite]
        /// What the site is made from, for the key of a later rebuild (serve's).
        var inputs: BuildKey.Inputs?

        /// The first language's catalog.
        var catalog: Catalog? { sites.first?.catalog }
        var collection: SiteCollection { sites.first?.collection ?? .empty }
    }

    /// The whole of `build`: the source made ready, the catalog, the collection checked, the
    /// site written (or left as it is when nothing it is made of changed and `needCatalog` is
    /// false).
    ///
    /// The summary's time is the whole build's: the source checked, the catalog made, the
    /// pages, and the records saved (the site builder times only its own part).
    ///
    /// `prepared`: the source as a check just found it (serve's look at the data), so the
    /// files are not stamped twice; nil prepares it here. `values`: what earlier catalogs of
    /// this process decoded (serve's, kept between rebuilds), taken instead of their records.
    func buildSite(_ settings: BuildSettings, reporter: BuildReporter, needCatalog: Bool = false,
                   prepared: CatalogSource.Prepared? = nil, values: DecodedValues? = nil) async throws -> Built {
        let started = ContinuousClock.now
        var built: Built
        switch try await loadSite(settings, reporter: reporter, needCatalog: needCatalog, prepared: prepared, values: values) {
        case let .unchanged(unchanged):
            built = unchanged
        case let .loaded(loaded):
            built = try await write(loaded, settings: settings, reporter: reporter)
        }
        let elapsed = ContinuousClock.now - started
        built.summary.seconds = elapsed.inSeconds
        return built
    }

    /// A site's catalogs made and its collection checked, the site not yet written: what
    /// ``write(_:settings:reporter:)`` writes, and what `serve` shows at once when the data
    /// changed, the site on disk following.
    struct LoadedSite: Sendable {
        var configuration: SiteConfiguration
        var sites: [SiteBuilder.LanguageSite]
        var inputs: BuildKey.Inputs
        var key: BuildKey
        var lookahead: SiteBuilder.Lookahead?
        /// The catalog's records being saved; the build ends when they are.
        var saving: Task<Void, Never>?
    }

    /// What ``loadSite(_:reporter:needCatalog:prepared:values:)`` found: a site nothing it is made of
    /// changed since it was built (left as it is), or the catalogs to build one from.
    enum Loading: Sendable {
        case unchanged(Built)
        case loaded(LoadedSite)
    }

    /// The source made ready, the catalogs made, the collection checked; or the site found
    /// unchanged (never when `needCatalog`).
    func loadSite(_ settings: BuildSettings, reporter: BuildReporter, needCatalog: Bool,
                  prepared ready: CatalogSource.Prepared?, values: DecodedValues? = nil) async throws -> Loading {
        var source = try Self.source(settings)
        source.verify = verify
        source.values = values
        let themeRoot = try SiteConfiguration.locateTheme(), themeOverride = settings.theme.map { URL(fileURLWithPath: $0, isDirectory: true) }
        let output = URL(fileURLWithPath: settings.output)
        // The theme's prints and the site's last manifest, made while the source is checked.
        async let lookahead = SiteBuilder.Lookahead(themeRoot: themeRoot, themeOverride: themeOverride, output: output)
        var prepared = if let ready { ready } else { try await prepare(source, settings: settings, reporter: reporter) }
        var configuration = SiteConfiguration(
            title: settings.title,
            output: output,
            themeRoot: themeRoot,
            themeOverride: themeOverride,
            spritesRoot: prepared.root,
            baseURL: settings.baseURL,
            language: settings.siteLanguages[0],
            dexMode: settings.dexMode,
            images: settings.images,
            languages: settings.siteLanguages
        )
        configuration.about = try readAbout(settings)
        configuration.verify = verify
        if prepared.root != nil { configuration.factsFolder = source.cache.appendingPathComponent(".pokedex", isDirectory: true) }
        let builder = SiteBuilder(configuration: configuration)
        let (trainer, collectionFile, lines) = try loadCollection(settings)
        let selection = try Self.catalogSelection(settings)
        // Nothing changed since the site in the output was built: keep it as it is. The
        // key is made of stamps and hashes only, so this costs no decoding at all.
        var collectionKey = Fingerprint()
        collectionKey.add(CollectionFile.encode(trainer))
        let inputs = BuildKey.Inputs(
            tool: PokedexVersion.build + (settings.strict ? " strict" : ""), data: prepared.contentKey,
            selection: selection.description, collection: collectionKey.hex
        )
        let ahead = await lookahead
        let key = builder.key(inputs, theme: builder.theme(in: ahead))
        if !needCatalog, !verify, prepared.index != nil || prepared.root == nil, let summary = builder.unchangedSummary(key: key, lookahead: ahead) {
            return .unchanged(Built(summary: summary, configuration: configuration, sites: [], inputs: inputs))
        }
        var catalogs: [Catalog] = []
        var saving: Task<Void, Never>?
        do {
            if let root = prepared.root { reporter.note("Loading the catalog from \(root.path)") }
            (catalogs, saving) = try await source.catalogsSaving(prepared, languages: settings.siteLanguages, selection: selection) { language, catalog, decoded, elapsed in
                reporter.detail("catalog (\(language)): \(catalog.species.count) species, \(catalog.pokemon.count) pokemon, "
                    + "\(catalog.moves.count) moves, \(catalog.abilities.count) abilities, \(catalog.items.count) items; "
                    + (prepared.root == nil ? "the bundled sample" : "\(decoded) files decoded, the rest from records")
                    + "; \(elapsed.inSeconds.fixed(2)) s")
            }
        } catch {
            throw CommandFailure(String(describing: error))
        }
        // The catalog is made: what the source holds is not read again (at ten times the dex
        // its index is 15 MB, held through the pages otherwise).
        prepared.index = nil
        // The records are saved while the site is written (``write(_:settings:reporter:)``
        // waits for them); a collection refused here waits for them too.
        do {
            let sites = try checkedSites(catalogs, trainer: trainer, collectionFile: collectionFile, lines: lines,
                                         settings: settings, reporter: reporter)
            return .loaded(LoadedSite(configuration: configuration, sites: sites, inputs: inputs, key: key, lookahead: ahead, saving: saving))
        } catch {
            await saving?.value
            throw error
        }
    }

    /// Writes the site of `loaded`, and waits for its records to be saved.
    func write(_ loaded: LoadedSite, settings: BuildSettings, reporter: BuildReporter) async throws -> Built {
        let builder = SiteBuilder(configuration: loaded.configuration)
        do {
            let summary = try await builder.build(
                sites: loaded.sites,
                key: loaded.key,
                check: settings.strict ? Self.strictCheck : nil,
                lookahead: loaded.lookahead,
                progress: { reporter.progress($0) }
            )
            await loaded.saving?.value
            return Built(summary: summary, configuration: loaded.configuration, sites: loaded.sites, inputs: loaded.inputs)
        } catch {
            await loaded.saving?.value
            throw error
        }
    }

    /// Each catalog's site with the trainer's collection, audited against the first catalog.
    private func checkedSites(
        _ catalogs: [Catalog], trainer: TrainerCollection, collectionFile: URL, lines: [String: Int],
        settings: BuildSettings, reporter: BuildReporter
    ) throws -> [SiteBuilder.LanguageSite] {
        let catalog = catalogs[0]
        // A hand-edited file meets the same rules as `catch`; what breaks them stays off the site.
        let (kept, problems) = CollectionRules(reference: catalog).audit(trainer, file: collectionFile.path, lines: lines)
        for problem in problems { reporter.warn(problem) }
        if settings.strict, !problems.isEmpty {
            throw CommandFailure("\(problems.count) collection entries break the rules (listed above); --strict builds nothing until they are fixed.")
        }
        return catalogs.map { SiteBuilder.LanguageSite(catalog: $0, collection: SiteCollection(kept, catalog: $0)) }
    }
}

extension BuildCommand {
    /// Defaults, then the config file, then the flags given.
    func resolvedSettings() throws -> BuildSettings {
        var settings = BuildSettings()
        let path = config ?? "pokedex.toml"
        if FileManager.default.fileExists(atPath: path) {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            do {
                try settings.apply(try ConfigFile(text: text, path: path))
            } catch {
                throw CommandFailure(error.description)
            }
        } else if config != nil {
            throw CommandFailure("cannot read the settings file \(path): it does not exist.")
        }
        if sample { settings.sample = true }
        if let api { settings.api = api }
        if let spritesURL { settings.spritesURL = spritesURL }
        if let criesURL { settings.criesURL = criesURL }
        if let images {
            guard BuildSettings.imageSets.contains(images) else {
                throw ValidationError("--images must be one of \(BuildSettings.imageSets.joined(separator: ", ")) (got \(images)).")
            }
            settings.images = images
        }
        if let cache { settings.cache = cache }
        if let output { settings.output = output }
        if let baseURL {
            guard BuildSettings.isWebAddress(baseURL) else {
                throw ValidationError("--base-url must start with http:// or https:// (got \(baseURL)).")
            }
            settings.baseURL = baseURL
        }
        if let language {
            guard BuildSettings.isLanguageCode(language) else {
                throw ValidationError("--language must be a code like en, fr or zh-hans (got \(language)).")
            }
            settings.language = SiteLanguage(language)?.code ?? language
            settings.languages = []
        }
        if let languages {
            do {
                settings.languages = try BuildSettings.parseLanguages(languages)
            } catch {
                throw ValidationError("--languages: \(error.description)")
            }
        }
        if generations != nil || pokemon != nil {
            let selection: FetchSelection
            do {
                selection = try FetchSelection.parse(generations: generations, pokemon: pokemon)
            } catch {
                throw ValidationError(String(describing: error))
            }
            if generations != nil { settings.generations = selection.generations }
            if let pokemon {
                settings.pokemon = pokemon.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            }
        }
        if let theme { settings.theme = theme }
        if offline { settings.offline = true }
        if strict { settings.strict = true }
        if quiet { settings.quiet = true }
        if let collection { settings.collection = collection }
        if dexMode { settings.dexMode = true }
        if let about { settings.about = about }
        return settings
    }
}

extension BuildCommand {
    /// The about text: the file the settings name (which must exist), else `about.md` beside
    /// the settings file when there is one; at most ``TrainerMarkdown/maxBytes``.
    func readAbout(_ settings: BuildSettings) throws -> String? {
        let named = settings.about
        let path = named ?? URL(fileURLWithPath: config ?? "pokedex.toml").deletingLastPathComponent().appendingPathComponent("about.md").path
        guard FileManager.default.fileExists(atPath: path) else {
            if let named { throw CommandFailure("cannot read the about text \(named): it does not exist. Write it in Markdown, or leave --about out.") }
            return nil
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CommandFailure("cannot read the about text \(path): \(error.localizedDescription)")
        }
        guard data.count <= TrainerMarkdown.maxBytes else {
            throw CommandFailure("the about text \(path) is \(data.count) bytes; the site shows at most \(TrainerMarkdown.maxBytes). Shorten it.")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure("the about text \(path) is not UTF-8 text. Save it as UTF-8 Markdown.")
        }
        return text
    }

    /// The trainer's collection: the file named, else beside the settings file; none is empty.
    func loadCollection(_ settings: BuildSettings) throws -> (TrainerCollection, file: URL, lines: [String: Int]) {
        let file: URL
        if let path = settings.collection {
            file = URL(fileURLWithPath: path)
        } else {
            let folder = URL(fileURLWithPath: config ?? "pokedex.toml").deletingLastPathComponent()
            file = folder.appendingPathComponent(CollectionFile.defaultName)
        }
        do {
            let (collection, lines) = try CollectionStore(file: file).readWithLines()
            return (collection, file, lines)
        } catch {
            throw error.exit
        }
    }
}

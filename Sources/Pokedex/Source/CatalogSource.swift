import Common
import Foundation
import PokeAPI

/// The source stage: where a build's data comes from, made ready to read.
///
/// - the bundled sample (no network, no files);
/// - a data folder read in place (`--api PATH`: an api-data clone, the shared mirror), never
///   written; its index goes into the cache folder;
/// - PokeAPI or a mirror over HTTP, fetched into the cache first.
///
/// Either folder ends with a ``SourceIndex``: what the selection reaches and each file's
/// stamp, so an unchanged folder is recognised by `stat` alone and the catalog decodes
/// only the files that changed.
package struct CatalogSource: Sendable {
    package enum Origin: Sendable, Equatable {
        case sample
        case folder(URL)
        case remote(api: String, spritesURL: String?)
    }

    package var origin: Origin
    /// The cache folder: fetched data, the source index, the catalog's records.
    package var cache: URL
    package var selection: FetchSelection
    package var offline: Bool
    /// The tool's version, sent in the User-Agent.
    package var version: String
    /// Where cries come from when not where the sprites do.
    package var criesURL: String?
    /// The large images to fetch besides the sprites.
    package var images: ImageSet
    /// Read, check and decode every file, trusting no index or record (`--verify`).
    package var verify = false
    /// What earlier catalogs of this process decoded, taken instead of their records
    /// (``DecodedValues``): `pokedex serve` keeps one between rebuilds.
    package var values: DecodedValues?

    package init(
        origin: Origin, cache: URL, selection: FetchSelection = .all, offline: Bool = false, version: String,
        criesURL: String? = nil, images: ImageSet = .sprites
    ) {
        self.criesURL = criesURL
        self.images = images
        self.origin = origin
        self.cache = cache
        self.selection = selection
        self.offline = offline
        self.version = version
    }

    /// The origin `--sample` and `--api` (a URL, a folder, or nothing for PokeAPI) name.
    package static func origin(sample: Bool, api: String?, spritesURL: String?) -> Origin {
        if sample { return .sample }
        guard let api else { return .remote(api: FetchConfiguration.defaultAPI, spritesURL: spritesURL) }
        let lowered = api.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") { return .remote(api: api, spritesURL: spritesURL) }
        return .folder(URL(fileURLWithPath: api, isDirectory: true))
    }

    /// The source made ready.
    package struct Prepared: Sendable {
        /// The folder resources and sprites are read from; nil for the sample.
        package var root: URL?
        package var index: SourceIndex?
        /// What the fetch did (nil for the sample); its failures are the caller's to report.
        package var report: FetchReport?
        /// A key of the data: every file's stamp, or the sample's bytes.
        package var contentKey: String
    }

    /// Fetches what the cache lacks (remote), or indexes the folder (in place); the sample
    /// needs nothing. An unchanged source costs one `stat` per file it holds.
    package func prepare(progress: @escaping @Sendable (FetchProgress) -> Void = { _ in }) async throws -> Prepared {
        if case .sample = origin {} else { DerivedShapes.warm(memo: cache) }
        switch origin {
        case .sample:
            return Prepared(root: nil, index: nil, report: nil, contentKey: "sample:" + Catalog.sampleKey())
        case let .folder(folder):
            var configuration = FetchConfiguration(cache: folder, api: folder.path, selection: selection, offline: true, version: version)
            configuration.inPlace = true
            configuration.images = images
            configuration.indexFolder = cache
            configuration.verify = verify
            let result = try await Fetcher(configuration: configuration).fetch(progress: progress)
            return Prepared(root: folder, index: result.index, report: result.report, contentKey: result.index?.contentKey ?? "incomplete")
        case let .remote(api, spritesURL):
            var configuration = FetchConfiguration(cache: cache, api: api, spritesURL: spritesURL, selection: selection,
                                                   offline: offline, version: version)
            configuration.criesURL = criesURL
            configuration.images = images
            configuration.verify = verify
            let result = try await Fetcher(configuration: configuration).fetch(progress: progress)
            return Prepared(root: cache, index: result.index, report: result.report, contentKey: result.index?.contentKey ?? "incomplete")
        }
    }

    /// The catalog in each of `languages` (the site's), and how many files each decoded:
    /// one set of records serves them all, so every file is decoded once per build, not
    /// once per language. `loaded` hears of each catalog as it is ready.
    package func catalogs(_ prepared: Prepared, languages: [String], selection: Selection,
                          loaded: (_ language: String, _ catalog: Catalog, _ decoded: Int, _ elapsed: Duration) -> Void = { _, _, _, _ in }) async throws(CatalogError) -> [Catalog] {
        let (catalogs, saving) = try await catalogsSaving(prepared, languages: languages, selection: selection, loaded: loaded)
        await saving.value
        return catalogs
    }

    /// ``catalogs(_:languages:selection:loaded:)``, with the records saved while the caller
    /// goes on (a build makes its pages meanwhile): await `saving` before the process ends,
    /// or the next build decodes what this one did again.
    package func catalogsSaving(_ prepared: Prepared, languages: [String], selection: Selection,
                                loaded: (_ language: String, _ catalog: Catalog, _ decoded: Int, _ elapsed: Duration) -> Void = { _, _, _, _ in })
        async throws(CatalogError) -> (catalogs: [Catalog], saving: Task<Void, Never>) {
        var catalogs: [Catalog] = []
        var records: RecordCache?
        for language in languages {
            let started = ContinuousClock.now
            guard let root = prepared.root else {
                let catalog = try Catalog.sample(language: language, selection: selection)
                catalogs.append(catalog)
                loaded(language, catalog, 0, ContinuousClock.now - started)
                continue
            }
            var loader = loader(root, prepared, language: language, selection: selection, siteLanguages: languages)
            let shared = records ?? loader.makeRecords()
            records = shared
            loader.records = shared
            let result = try await loader.loadCounting()
            catalogs.append(result.catalog)
            loaded(language, result.catalog, result.decoded, ContinuousClock.now - started)
        }
        let kept = records
        return (catalogs, Task.detached { kept?.save() })
    }

    /// The catalog of a prepared source in `language`, for `selection`; records kept in the cache.
    ///
    /// `siteLanguages`: every language the build makes, whose texts share one record file.
    package func catalog(_ prepared: Prepared, language: String, selection: Selection, siteLanguages: [String]? = nil) async throws(CatalogError) -> Catalog {
        guard let root = prepared.root else { return try Catalog.sample(language: language, selection: selection) }
        return try await loader(root, prepared, language: language, selection: selection, siteLanguages: siteLanguages).load().catalog
    }

    /// The loader of a prepared folder: records kept in the cache, `--verify` honoured.
    private func loader(_ root: URL, _ prepared: Prepared, language: String, selection: Selection, siteLanguages: [String]?) -> CatalogLoader {
        var loader = CatalogLoader(cacheRoot: root, language: language, selection: selection, index: prepared.index)
        loader.siteLanguages = siteLanguages
        loader.snapshotFolder = cache
        loader.verify = verify
        loader.values = values
        return loader
    }
}

import Common
import Foundation
import PokeAPI

/// Loads a catalog from an api-data folder, decoding only the files that changed since
/// the last load.
///
/// Every resource read is kept as a record (``RecordCache``) in the snapshot folder, keyed
/// by the file's stamp; the catalog is then assembled from the records, which is cheap.
/// With a source index (what the fetch found the selection to reach) the folder is not
/// even listed.
package struct CatalogLoader: Sendable {
    /// Where a loaded catalog's resources came from.
    package enum Origin: Sendable, Hashable {
        /// Every record was kept from an earlier load: no JSON was decoded.
        case snapshot
        /// Some (or all) files were decoded.
        case decoded
    }

    /// The api-data folder read (`<root>/api/v2/...`): the cache or a local PokeAPI dump.
    package var cacheRoot: URL
    /// The language names, genera and flavor text are chosen in, falling back to English.
    package var language: String
    /// The species the catalog holds; chain members outside it are named in `chainOnlySpecies`.
    package var selection: Selection
    /// The folder records are kept in (the cache root unless set); nil keeps none.
    package var snapshotFolder: URL?
    /// How many resources decode at once (the machine's cores, at most four, by default).
    package var decodingWidth: Int
    /// What the fetch found the selection to reach; nil lists the folder instead.
    package var index: SourceIndex?
    /// Every language the build makes a site in: their texts are kept in one record file,
    /// so a build in several languages decodes each file once (nil: this catalog's only).
    package var siteLanguages: [String]?
    /// Decode every file, as if no record were kept (`--verify`).
    package var verify = false
    /// Records shared with the other languages' catalogs of the same build (see
    /// ``makeRecords()``); the caller saves them. Nil: this load keeps its own and saves them.
    package var records: RecordCache?
    /// What earlier catalogs of this process decoded (`pokedex serve` keeps it between
    /// rebuilds); nil keeps values only for a build of several languages.
    package var values: DecodedValues?

    /// The language codes whose texts the records keep.
    var keptLanguages: Set<String> {
        (siteLanguages ?? [language]).reduce(into: Set<String>()) { $0.formUnion(Localized(language: $1).kept) }
    }

    package init(cacheRoot: URL, language: String = "en", selection: Selection = .all, index: SourceIndex? = nil) {
        self.cacheRoot = cacheRoot
        self.language = language
        self.selection = selection
        self.index = index
        snapshotFolder = cacheRoot
        decodingWidth = BoundedConcurrency.defaultWidth
    }

    /// Loads from `cacheRoot`, keeping records beside it.
    package static func load(from cacheRoot: URL, language: String = "en", selection: Selection = .all) async throws(CatalogError) -> Catalog {
        try await CatalogLoader(cacheRoot: cacheRoot, language: language, selection: selection).load().catalog
    }

    /// Loads the catalog and says whether any file had to be decoded.
    package func load() async throws(CatalogError) -> (catalog: Catalog, origin: Origin) {
        let loaded = try await loadCounting()
        return (loaded.catalog, loaded.origin)
    }

    /// Loads the catalog and says how many files were decoded (the rest came from records).
    package func loadCounting() async throws(CatalogError) -> (catalog: Catalog, origin: Origin, decoded: Int) {
        let languages = keptLanguages
        let shared = records
        let records = shared ?? makeRecords()
        let before = records.decoded
        let builder = CatalogBuilder(
            store: ResourceStore(root: cacheRoot, index: index, records: records, languages: languages),
            language: language, selection: selection, width: max(decodingWidth, 1)
        )
        do {
            // Each file's bytes, its tape and its entries are blocks of 100 KB to a few MB:
            // mapped and unmapped one by one (what the command asks of large blocks), every
            // page of each was a fresh page fault, and the catalog's system time doubled.
            let catalog = try await AllocatorTuning.reusingFreedBlocks { () async throws(CatalogIssue) in try await builder.build() }
            if shared == nil { records.save() }
            let decoded = records.decoded - before
            return (catalog, decoded == 0 ? .snapshot : .decoded, decoded)
        } catch {
            throw CatalogError(error)
        }
    }

    /// The records this loader keeps: pass them to the loaders of the build's other
    /// languages (``records``) and save them once all are loaded.
    package func makeRecords() -> RecordCache {
        RecordCache(folder: snapshotFolder, languages: keptLanguages, verify: verify,
                    values: values ?? ((siteLanguages?.count ?? 1) > 1 ? DecodedValues() : nil))
    }

    /// The file the records are kept in, or nil with none kept.
    package func currentSnapshotURL() -> URL? {
        snapshotFolder.map { RecordCache.file(in: $0, languages: keptLanguages) }
    }
}

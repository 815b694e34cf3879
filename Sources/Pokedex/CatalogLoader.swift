import Foundation
import Common

/// Loads a catalog from an api-data folder, reusing a snapshot while the folder is unchanged.
///
/// The snapshot (`pokedex-catalog-<key>-<contents>.snapshot`) is keyed by the language, the
/// selection and a fingerprint of the resources' sizes and modification times; any change
/// to them builds the catalog again and replaces the old snapshot.
package struct CatalogLoader: Sendable {
    /// Where a loaded catalog came from.
    package enum Origin: Sendable, Hashable {
        case snapshot
        case decoded
    }

    /// The api-data folder read (`<root>/api/v2/...`): the cache or a local PokeAPI dump.
    package var cacheRoot: URL
    /// The language names, genera and flavor text are chosen in, falling back to English.
    package var language: String
    /// The species the catalog holds; chain members outside it are named in `chainOnlySpecies`.
    package var selection: Selection
    /// The folder snapshots are kept in (the cache root unless set); nil turns snapshots off.
    package var snapshotFolder: URL?
    /// How many resources decode at once (the machine's cores, at most four, by default).
    package var decodingWidth: Int

    package init(cacheRoot: URL, language: String = "en", selection: Selection = .all) {
        self.cacheRoot = cacheRoot
        self.language = language
        self.selection = selection
        snapshotFolder = cacheRoot
        decodingWidth = BoundedConcurrency.defaultWidth
    }

    /// Loads from `cacheRoot` with snapshot reuse.
    package static func load(from cacheRoot: URL, language: String = "en", selection: Selection = .all) async throws(CatalogError) -> Catalog {
        try await CatalogLoader(cacheRoot: cacheRoot, language: language, selection: selection).load().catalog
    }

    /// Loads the catalog, from its snapshot when one matches, and says which.
    package func load() async throws(CatalogError) -> (catalog: Catalog, origin: Origin) {
        do {
            return try await loadOrBuild()
        } catch {
            throw CatalogError(error)
        }
    }

    /// The snapshot file that matches the cache as it is now, or nil with snapshots off.
    package func currentSnapshotURL() throws(CatalogError) -> URL? {
        do {
            return try snapshotURL(store: ResourceStore(root: cacheRoot))
        } catch {
            throw CatalogError(error)
        }
    }
}

private extension CatalogLoader {
    static let formatVersion = "catalog-snapshot-2"
    static let filePrefix = "pokedex-catalog-"

    func loadOrBuild() async throws(CatalogIssue) -> (catalog: Catalog, origin: Origin) {
        let builder = CatalogBuilder(root: cacheRoot, language: language, selection: selection, width: max(decodingWidth, 1))
        guard let snapshot = try snapshotURL(store: builder.store) else {
            return (try await builder.build(), .decoded)
        }
        if let catalog = CatalogSnapshot.read(from: snapshot) {
            return (catalog, .snapshot)
        }
        let catalog = try await builder.build()
        // A snapshot is an optimisation: a read-only cache only means the next build decodes again.
        if CatalogSnapshot.write(catalog, to: snapshot) {
            removeStaleSnapshots(keeping: snapshot)
        }
        return (catalog, .decoded)
    }

    /// The key of everything but the contents: one snapshot per language and selection.
    var settingsKey: String {
        var settings = Fingerprint()
        settings.add(Self.formatVersion)
        settings.add(language)
        settings.add(selection.description)
        return settings.hex
    }

    func snapshotURL(store: ResourceStore) throws(CatalogIssue) -> URL? {
        guard let snapshotFolder else { return nil }
        let contents = try Fingerprint.ofResources(in: store)
        return snapshotFolder.appendingPathComponent("\(Self.filePrefix)\(settingsKey)-\(contents.hex).snapshot")
    }

    func removeStaleSnapshots(keeping current: URL) {
        guard let snapshotFolder,
              let names = try? FileManager.default.contentsOfDirectory(atPath: snapshotFolder.path) else { return }
        let prefix = "\(Self.filePrefix)\(settingsKey)-"
        for name in names where name.hasPrefix(prefix) && name != current.lastPathComponent {
            try? FileManager.default.removeItem(at: snapshotFolder.appendingPathComponent(name))
        }
    }
}

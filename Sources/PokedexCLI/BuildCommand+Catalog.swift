import ArgumentParser
import Foundation
import Pokedex
import SiteGenerator

extension BuildCommand {
    /// A catalog and the folder its sprite paths are relative to.
    struct LoadedCatalog {
        var catalog: Catalog
        var spritesRoot: URL?
    }

    /// The sample, or the catalog of a local api-data folder or the cache.
    func loadCatalog(_ settings: BuildSettings, reporter: BuildReporter) async throws -> LoadedCatalog {
        if settings.sample {
            reporter.note("Building the bundled sample (no network).")
            do {
                return LoadedCatalog(catalog: try Catalog.sample(), spritesRoot: nil)
            } catch {
                throw ValidationError(String(describing: error))
            }
        }
        let root: URL
        let cache = URL(fileURLWithPath: settings.cache, isDirectory: true)
        if let api = settings.api, !BuildSettings.isWebAddress(api) {
            root = URL(fileURLWithPath: api, isDirectory: true)
        } else {
            root = cache
            try await fillCache(settings, root: root, reporter: reporter)
        }
        let selection = Selection(generations: settings.generations, names: settings.pokemon)
        reporter.note("Loading the catalog from \(root.path)")
        // A local api-data folder is only read: the catalog snapshot goes into the cache folder.
        var loader = CatalogLoader(cacheRoot: root, language: settings.language, selection: selection)
        loader.snapshotFolder = cache
        do {
            try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
            let catalog = try await loader.load().catalog
            return LoadedCatalog(catalog: catalog, spritesRoot: root)
        } catch {
            throw ValidationError(String(describing: error))
        }
    }

    /// Fetches what the cache lacks. The fetcher lands with the PokeAPI client; until then
    /// an empty cache is an error that says what to do.
    func fillCache(_ settings: BuildSettings, root: URL, reporter: BuildReporter) async throws {
        let hasData = FileManager.default.fileExists(atPath: root.appendingPathComponent("api/v2/pokemon-species").path)
        if !hasData {
            throw ValidationError(
                "the cache \(root.path) holds no PokeAPI data yet. Run `pokedex fetch` first, "
                    + "point --api at a local api-data folder, or try `pokedex build --sample`."
            )
        }
    }
}

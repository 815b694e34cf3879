import ArgumentParser
import Foundation
import Pokedex
import SiteGenerator

extension BuildCommand {
    /// Where a build's catalog comes from, and a fingerprint of it when one is cheap to get.
    struct CatalogSource {
        /// Nil for the bundled sample.
        var loader: CatalogLoader?
        var spritesRoot: URL?
        /// The cache's contents, selection and language, hashed without decoding anything.
        var inputs: String?
    }

    /// Fills the cache if needed and says where the catalog will come from.
    func prepareSource(_ settings: BuildSettings, reporter: BuildReporter) async throws -> CatalogSource {
        if settings.sample {
            reporter.note("Building the bundled sample (no network).")
            return CatalogSource(loader: nil, spritesRoot: nil, inputs: nil)
        }
        let cache = URL(fileURLWithPath: settings.cache, isDirectory: true)
        let root: URL
        if let api = settings.api, !BuildSettings.isWebAddress(api) {
            root = URL(fileURLWithPath: api, isDirectory: true)
        } else {
            root = cache
            try await fillCache(settings, root: root, reporter: reporter)
        }
        let selection = Selection(generations: settings.generations, names: settings.pokemon)
        // A local api-data folder is only read: the catalog snapshot goes into the cache folder.
        var loader = CatalogLoader(cacheRoot: root, language: settings.language, selection: selection)
        loader.snapshotFolder = cache
        do {
            try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        } catch {
            throw ValidationError("cannot create the cache folder \(cache.path): \(error.localizedDescription)")
        }
        let inputs = [
            PokedexVersion.current, settings.language, selection.description, root.standardizedFileURL.path,
            Self.treeFingerprint(root.appendingPathComponent("api/v2")), Self.treeFingerprint(root.appendingPathComponent("sprites")),
        ].joined(separator: "|")
        return CatalogSource(loader: loader, spritesRoot: root, inputs: inputs)
    }

    /// The sample, or the catalog the source's loader reads (from its snapshot when current).
    func loadCatalog(_ source: CatalogSource, settings: BuildSettings, reporter: BuildReporter) async throws -> Catalog {
        do {
            guard let loader = source.loader else { return try Catalog.sample() }
            reporter.note("Loading the catalog from \(loader.cacheRoot.path)")
            return try await loader.load().catalog
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

    /// Names, sizes and modification times of every file under a folder, hashed with plain
    /// `stat` calls: cheap enough to decide, before decoding anything, that nothing changed.
    static func treeFingerprint(_ url: URL) -> String {
        let folder = url.path
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return "none" }
        var lines: [String] = []
        while let relative = walker.nextObject() as? String {
            var status = stat()
            guard stat(folder + "/" + relative, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { continue }
            lines.append("\(relative) \(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)")
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in lines.sorted().joined(separator: "\n").utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}

import ArgumentParser
import Foundation
import PokeAPI
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
        let selection = try Self.catalogSelection(settings)
        // A local api-data folder is only read: the catalog snapshot goes into the cache folder.
        var loader = CatalogLoader(cacheRoot: root, language: settings.language, selection: selection)
        loader.snapshotFolder = cache
        do {
            try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure("cannot create the cache folder \(cache.path): \(error.localizedDescription)")
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
            throw CommandFailure(String(describing: error))
        }
    }

    /// Fetches whatever the cache lacks (with --offline, only checks that nothing is missing).
    func fillCache(_ settings: BuildSettings, root: URL, reporter: BuildReporter) async throws {
        let configuration = FetchConfiguration(
            cache: root, api: settings.api ?? FetchConfiguration.defaultAPI, spritesURL: settings.spritesURL,
            selection: try Self.fetchSelection(settings), offline: settings.offline, version: PokedexVersion.current
        )
        reporter.note(settings.offline ? "Checking the cache (offline)" : "Fetching what the cache lacks from \(configuration.api)")
        let report: FetchReport
        do {
            report = try await Fetcher(configuration: configuration).run()
        } catch {
            throw CommandFailure(String(describing: error))
        }
        if report.downloaded > 0 { reporter.note("Fetched \(report.downloaded) resources into \(root.path)") }
        guard report.failures.isEmpty else {
            let shown = report.failures.prefix(10).map { "  \($0.url): \($0.reason)" }.joined(separator: "\n")
            throw CommandFailure(
                "\(report.failures.count) resources could not be fetched into \(root.path):\n\(shown)\n"
                    + "Run the build again to resume, or `pokedex fetch` to see every failure."
            )
        }
    }

    /// The selection as the fetcher takes it.
    static func fetchSelection(_ settings: BuildSettings) throws -> FetchSelection {
        do {
            return try FetchSelection.parse(
                generations: settings.generations.isEmpty ? nil : settings.generations.map(String.init).joined(separator: ","),
                pokemon: settings.pokemon.isEmpty ? nil : settings.pokemon.joined(separator: ",")
            )
        } catch {
            throw ValidationError(String(describing: error))
        }
    }

    /// The same selection as the catalog takes it.
    static func catalogSelection(_ settings: BuildSettings) throws -> Selection {
        let fetch = try fetchSelection(settings)
        var ranges: [ClosedRange<Int>] = []
        var names: [String] = []
        for selector in fetch.pokemon {
            switch selector {
            case .range(let range): ranges.append(range)
            case .name(let name): names.append(name)
            }
        }
        return Selection(generations: fetch.generations, dexRanges: ranges, names: names)
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

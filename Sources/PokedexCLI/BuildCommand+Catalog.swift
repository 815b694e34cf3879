import ArgumentParser
import Common
import Foundation
import PokeAPI
import Pokedex

extension BuildCommand {
    /// The source the settings name: the sample, a folder read in place, or PokeAPI (or a
    /// mirror) fetched into the cache.
    static func source(_ settings: BuildSettings) throws -> CatalogSource {
        let cache = URL(fileURLWithPath: settings.cache, isDirectory: true)
        return CatalogSource(
            origin: CatalogSource.origin(sample: settings.sample, api: settings.api, spritesURL: settings.spritesURL),
            cache: cache, selection: try fetchSelection(settings), offline: settings.offline, version: PokedexVersion.current,
            criesURL: settings.criesURL, images: ImageSet(rawValue: settings.images) ?? .sprites
        )
    }

    /// Makes the source ready (fetching what the cache lacks), saying what it does.
    func prepare(_ source: CatalogSource, settings: BuildSettings, reporter: BuildReporter) async throws -> CatalogSource.Prepared {
        switch source.origin {
        case .sample: reporter.note("Building the bundled sample (no network).")
        case let .folder(folder): reporter.note("Reading \(folder.path)")
        case let .remote(api, _): reporter.note(settings.offline ? "Checking the cache (offline)" : "Fetching what the cache lacks from \(api)")
        }
        let prepared: CatalogSource.Prepared
        do {
            prepared = try await source.prepare()
        } catch {
            throw CommandFailure(String(describing: error))
        }
        guard let report = prepared.report else {
            reporter.detail("source: the bundled sample (\(prepared.contentKey.prefix(16))…), nothing read or fetched")
            return prepared
        }
        let seconds = report.duration.inSeconds
        reporter.detail("source: \(prepared.root?.path ?? source.cache.path): \(report.downloaded) fetched (\(report.bytes / 1000) KB), "
            + "\(report.notModified) revalidated, \(report.alreadyCached) already there, \(report.missingSprites) media missing upstream, "
            + "\(report.failures.count) failed"
            + (report.restamped > 0 ? ", \(report.restamped) edited in place (the same links: taken without a crawl)" : "")
            + "; \(seconds.fixed(2)) s")
        if report.downloaded > 0 { reporter.note("Fetched \(report.downloaded) resources into \(source.cache.path)") }
        guard report.failures.isEmpty else {
            let shown = report.failures.prefix(10).map { "  \($0.url): \($0.reason)" }.joined(separator: "\n")
            let folder = prepared.root?.path ?? source.cache.path
            throw CommandFailure(
                (report.failures.count == 1 ? "1 resource" : "\(report.failures.count) resources")
                    + " could not be read from or fetched into \(folder):\n\(shown)\n"
                    + FetchSummary.adviceText(report.failures)
                    + (Self.readsInPlace(source) ? "Mend the files named above in the data folder, then build again."
                        : "Run the build again to resume, or `pokedex fetch` to see every failure.")
            )
        }
        return prepared
    }

    /// Whether the source is a data folder read as it is (`--api FOLDER`): a failure there
    /// is in its files, which running again does not mend.
    static func readsInPlace(_ source: CatalogSource) -> Bool {
        if case .folder = source.origin { true } else { false }
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
}

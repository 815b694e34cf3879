import Foundation
import Pokedex
import TemplateEngine

/// Builds a Pokédex site from a catalog: pages, assets, sprites and indexes, swapped in at the end.
public struct SiteBuilder: Sendable {
    public let configuration: SiteConfiguration

    public init(configuration: SiteConfiguration) {
        self.configuration = configuration
    }

    /// Builds the site into the configured output folder.
    ///
    /// Pages whose inputs match the previous build's are reused, not rendered. On any
    /// failure (or a finding of `check`) the previous site is left as it was.
    public func build(
        catalog: Catalog,
        collection: SiteCollection = .empty,
        check: SiteCheck? = nil,
        progress: @escaping @Sendable (BuildProgress) -> Void = { _ in }
    ) async throws(SiteError) -> BuildSummary {
        let clock = ContinuousClock()
        let start = clock.now
        progress(BuildProgress(stage: .preparing, done: 0, total: 1))
        let theme = try Theme(configuration: configuration)
        let sprites = availableSprites(in: catalog)
        let index = CatalogIndex(catalog: catalog, availableSprites: sprites)
        let pages = SitePages(index: index, collection: collection, strings: theme.strings, title: configuration.title, pageSize: configuration.pageSize)
        let staging = try StagingFolder.prepare(output: configuration.output)
        do throws(SiteError) {
            let manifest = try await renderPages(pages, theme: theme, staging: staging, progress: progress)
            progress(BuildProgress(stage: .copyingAssets, done: 0, total: 1))
            try copyAssets(theme: theme, staging: staging)
            progress(BuildProgress(stage: .copyingSprites, done: 0, total: sprites.count))
            try copySprites(sprites, staging: staging)
            progress(BuildProgress(stage: .writingIndexes, done: 0, total: 1))
            let wroteSitemap = try writeIndexes(index: index, manifest: manifest.manifest, staging: staging)
            if let check {
                progress(BuildProgress(stage: .finishing, done: 0, total: 1))
                let findings: [String]
                do {
                    findings = try await check.run(staging.staging)
                } catch {
                    findings = [String(describing: error)]
                }
                if !findings.isEmpty { throw SiteError(.checkFailed(findings: findings)) }
            }
            let bytes = Self.size(of: staging.staging)
            try staging.swap()
            progress(BuildProgress(stage: .finishing, done: 1, total: 1))
            let elapsed = clock.now - start
            return BuildSummary(
                pages: manifest.manifest.pages.count, pagesRendered: manifest.rendered,
                sprites: sprites.count, spritesMissing: Self.referencedSprites(catalog).count - sprites.count,
                bytes: bytes,
                seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
                wroteSitemap: wroteSitemap, output: staging.output.path
            )
        } catch {
            staging.discard()
            throw error
        }
    }
}

private extension SiteBuilder {
    /// Renders (or reuses) every page with a bounded number in flight.
    func renderPages(
        _ pages: SitePages, theme: Theme, staging: StagingFolder,
        progress: @escaping @Sendable (BuildProgress) -> Void
    ) async throws(SiteError) -> (manifest: BuildManifest, rendered: Int) {
        let previous = BuildManifest.read(from: staging.previous)
        let kinds = pages.kinds
        let specsFolders = ["index.html", "pokedex/x", "types/x", "pokemon/x"]
        try staging.makeFolders(for: specsFolders)
        let batches = stride(from: 0, to: kinds.count, by: 24).map { Array(kinds[$0..<min(kinds.count, $0 + 24)]) }
        var manifest = BuildManifest()
        var rendered = 0
        var done = 0
        do {
            try await withThrowingTaskGroup(of: [(String, String, Bool)].self) { group in
                var next = 0
                func submit() {
                    guard next < batches.count else { return }
                    let batch = batches[next]
                    next += 1
                    group.addTask {
                        try batch.compactMap { kind throws(SiteError) -> (String, String, Bool)? in
                            guard let spec = pages.spec(kind) else { return nil }
                            var hash = Fingerprint()
                            hash.add(theme.fingerprint)
                            hash.add(spec.template)
                            hash.add(spec.context)
                            let fingerprint = hash.hex
                            if previous.pages[spec.path] == fingerprint, staging.reuse(spec.path) {
                                return (spec.path, fingerprint, false)
                            }
                            try staging.write(Data(try theme.render(spec).utf8), to: spec.path)
                            return (spec.path, fingerprint, true)
                        }
                    }
                }
                for _ in 0..<(configuration.concurrency * 2) { submit() }
                for try await results in group {
                    for (path, fingerprint, wasRendered) in results {
                        manifest.pages[path] = fingerprint
                        if wasRendered { rendered += 1 }
                    }
                    done += results.count
                    progress(BuildProgress(stage: .rendering, done: done, total: kinds.count))
                    submit()
                }
            }
        } catch let error as SiteError {
            throw error
        } catch {
            throw SiteError(.unwritable(path: staging.staging.path, underlying: String(describing: error)))
        }
        return (manifest, rendered)
    }

    func copyAssets(theme: Theme, staging: StagingFolder) throws(SiteError) {
        var chosen: [String: URL] = [:]
        for folder in theme.assetFolders {
            for file in Theme.files(under: folder) { chosen[file.relative] = file.url }
        }
        let paths = chosen.keys.sorted().map { "assets/\($0)" }
        try staging.makeFolders(for: paths)
        for (relative, url) in chosen.sorted(by: { $0.key < $1.key }) {
            guard let data = try? Data(contentsOf: url) else {
                throw SiteError(.unreadable(path: url.path, underlying: "unreadable asset"))
            }
            try staging.write(data, to: "assets/\(relative)")
        }
    }

    func copySprites(_ sprites: Set<String>, staging: StagingFolder) throws(SiteError) {
        guard let root = configuration.spritesRoot else { return }
        let sorted = sprites.sorted()
        try staging.makeFolders(for: sorted)
        for path in sorted where !staging.place(root.appendingPathComponent(path), at: path) {
            throw SiteError(.unwritable(path: staging.staging.appendingPathComponent(path).path, underlying: "could not copy the sprite"))
        }
    }

    func writeIndexes(index: CatalogIndex, manifest: BuildManifest, staging: StagingFolder) throws(SiteError) -> Bool {
        let indexes = SiteIndexes(index: index)
        do {
            try staging.write(try indexes.searchScript(), to: "search-index.js")
            try staging.write(try indexes.pokedexJSON(), to: "pokedex.json")
            try staging.write(try manifest.encoded(), to: StagingFolder.manifestName)
        } catch let error as SiteError {
            throw error
        } catch {
            throw SiteError(.unwritable(path: staging.staging.path, underlying: String(describing: error)))
        }
        guard let baseURL = configuration.baseURL, !baseURL.isEmpty else { return false }
        try staging.write(SiteIndexes.sitemap(baseURL: baseURL, pages: Array(manifest.pages.keys)), to: "sitemap.xml")
        return true
    }

    /// The sprite paths the catalog names that the sprites root holds.
    func availableSprites(in catalog: Catalog) -> Set<String> {
        guard let root = configuration.spritesRoot else { return [] }
        return Self.referencedSprites(catalog).filter {
            FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path)
        }
    }

    static func referencedSprites(_ catalog: Catalog) -> Set<String> {
        var paths = Set<String>()
        for pokemon in catalog.pokemon.values {
            for (_, path) in pokemon.sprites.byKey where Self.isSafe(path) { paths.insert(path) }
        }
        return paths
    }

    /// A sprite path stays inside the site: relative, no "..".
    static func isSafe(_ path: String) -> Bool {
        !path.hasPrefix("/") && !path.split(separator: "/").contains("..") && !path.isEmpty
    }

    static func size(of folder: URL) -> Int {
        Theme.files(under: folder).reduce(0) { total, file in
            total + ((try? file.url.resourceValues(forKeys: [.fileSizeKey]))?.fileSize ?? 0)
        }
    }
}

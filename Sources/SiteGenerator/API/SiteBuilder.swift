import Common
import Foundation
import Pokedex
import TemplateEngine

/// Builds a Pokédex site from a catalog: pages, assets, sprites and indexes, swapped in at the end.
package struct SiteBuilder: Sendable {
    package let configuration: SiteConfiguration

    package init(configuration: SiteConfiguration) {
        self.configuration = configuration
    }

    /// Builds the site into the configured output folder.
    ///
    /// Pages whose inputs match the previous build's are reused, not rendered. On any
    /// failure (or a finding of `check`) the previous site is left as it was.
    ///
    /// `key` says what the site is made from (``key(_:)``); recorded in the manifest, it lets
    /// a later ``unchangedSummary(key:)`` skip the build.
    package func build(
        catalog: Catalog,
        collection: SiteCollection = .empty,
        key: BuildKey? = nil,
        check: SiteCheck? = nil,
        progress: @escaping @Sendable (BuildProgress) -> Void = { _ in }
    ) async throws(SiteError) -> BuildSummary {
        try await build(sites: [LanguageSite(catalog: catalog, collection: collection)], key: key, check: check, progress: progress)
    }

    /// One language's catalog and the trainer's collection as it names them.
    package struct LanguageSite: Sendable {
        package var catalog: Catalog
        package var collection: SiteCollection

        package init(catalog: Catalog, collection: SiteCollection = .empty) {
            self.catalog = catalog
            self.collection = collection
        }
    }

    /// Builds a site per language (one language: at the root, as ever; several: each under
    /// `<tag>/`, with the sprites, cries and assets stored once at the top, a page to pick
    /// the language at the root, and one sitemap listing every page with its alternates).
    ///
    /// What the build frees is given back to the system as it goes
    /// (``AllocatorTuning/releasingFreedMemory(every:least:whileReusing:released:_:)``).
    /// `lookahead`: what was read of the output before the build was known to go on (its
    /// manifest and record), taken instead of reading them again when made for this output.
    package func build(
        sites: [LanguageSite],
        key: BuildKey? = nil,
        check: SiteCheck? = nil,
        lookahead: Lookahead? = nil,
        progress: @escaping @Sendable (BuildProgress) -> Void = { _ in }
    ) async throws(SiteError) -> BuildSummary {
        try await AllocatorTuning.releasingFreedMemory { () async throws(SiteError) in
            try await buildLanguages(sites, key: key, check: check, lookahead: lookahead, progress: progress)
        }
    }

    private func buildLanguages(
        _ sites: [LanguageSite], key: BuildKey?, check: SiteCheck?, lookahead: Lookahead?,
        progress: @escaping @Sendable (BuildProgress) -> Void
    ) async throws(SiteError) -> BuildSummary {
        let clock = ContinuousClock()
        let start = clock.now
        progress(BuildProgress(stage: .preparing, done: 0, total: 1))
        guard let first = sites.first else { throw SiteError(.badData("no language to build")) }
        let themes = try sites.map { site throws(SiteError) in try Theme(configuration: configuration, language: site.catalog.language) }
        let members = zip(sites, themes).map { site, theme in
            SiteLayout.Member(language: theme.strings.language, native: theme.strings["language_native"])
        }
        let multilingual = sites.count > 1
        // The first language's tables and its pokemon's fingerprints are made while the
        // sprites are looked for.
        // The output's manifest and record as the lookahead read them: decoded once (each
        // again was 6 ms and 1-2 ms of a rebuild, on the thread it waits on). Taken only as
        // the record says the site stands, as read now.
        let last = lookahead.flatMap { $0.output == configuration.output.standardizedFileURL ? $0 : nil }
        let staging = if let last {
            try StagingFolder.prepare(output: configuration.output, trusting: !configuration.verify, record: last.files)
        } else {
            try StagingFolder.prepare(output: configuration.output, trusting: !configuration.verify)
        }
        // What the last build kept of each language's reverse index (read first: the first
        // language's tables take it when made of the same inputs). Without a key the tool
        // that built the last site is unknown: nothing is taken.
        let lastReverse = ReverseTable.read(from: staging.trustedPrevious, tool: key?.inputs.tool)
        let firstTables = Task { [catalog = first.catalog] in CatalogIndex.Tables(catalog: catalog, lastReverse: lastReverse[catalog.language]) }
        let firstPokemonPrints = Task { [catalog = first.catalog] in await ReadPrints.pokemonPrints(catalog) }
        // What the pages need of the sprites found; the table of where each one is goes with
        // the task that links them in (at ten times the dex it is 6 MB).
        let media: FoundMedia, spritesLinked: Task<Result<Int, SiteError>, Never>
        do throws(SiteError) {
            (media, spritesLinked) = try findSprites(sites: sites, staging: staging)
        } catch {
            staging.discard()
            throw error
        }
        let (sprites, contents, refused) = (media.shapes, media.contents, media.refused)
        do throws(SiteError) {
            // The lookahead's manifest only when it is of the very file staging found as the
            // record says (read before it, the record is never the newer of the two).
            let previous: BuildManifest
            if let trusted = staging.trustedPrevious {
                let current = FileStamp.of(trusted.appendingPathComponent(StagingFolder.manifestName).path)
                if let last, let manifest = last.manifest, let stamp = last.manifestStamp, current == stamp {
                    previous = manifest
                } else {
                    previous = BuildManifest.read(from: trusted)
                }
            } else {
                previous = BuildManifest()
            }
            let previousInputs = PageInputs.read(from: staging.trustedPrevious)
            // Pages taken by their reads keep the last build's entries, numbered in its table.
            var inputs = PageInputs(names: previousInputs.names)
            var manifest = BuildManifest()
            var rendered = 0, pageBytes = 0, emblemBytes = 0, indexBytes = 0
            var searchFiles: [SearchFileSize] = []
            var reverseKept: [String: ReverseTable.Summary] = [:]
            var stages: [String] = []
            let clock = ContinuousClock()
            func seconds(_ since: ContinuousClock.Instant) -> String { (clock.now - since).inSeconds.fixed(2) + " s" }
            var firstPages: SitePages?
            var firstTheme: Theme?
            for (offset, site) in sites.enumerated() {
                let theme = themes[offset]
                let layout = SiteLayout(members: members, current: members[offset].language, baseURL: configuration.baseURL)
                let tables = offset == 0 ? await firstTables.value : CatalogIndex.Tables(catalog: site.catalog, lastReverse: lastReverse[site.catalog.language])
                let index = CatalogIndex(catalog: site.catalog, tables: tables, spriteShapes: sprites, spriteContent: contents,
                                         images: configuration.images, mediaRoot: layout.shared)
                var pages = SitePages(index: index, collection: site.collection, strings: theme.strings, title: configuration.title,
                                      pageSize: configuration.pageSize, dexMode: configuration.dexMode, layout: layout)
                pages.about = configuration.about
                let renderStart = clock.now
                // The search files and pokedex.json are written while the pages are (into a
                // folder made first: two tasks making one folder at once could trip each other).
                let collection = site.collection, strings = theme.strings, prefix = layout.prefix
                if !prefix.isEmpty { try staging.makeFolders(for: [prefix + "x"]) }
                // The first language's search files as the last build by this very tool measured them.
                let sameTool = key != nil && previous.key?.inputs.tool == key?.inputs.tool && previous.key?.language == key?.language
                let sizedBefore = offset == 0 && sameTool ? (previous.search ?? [], staging.previous) : nil
                // Without a key the tool that built the last site is unknown: nothing is taken by its reads.
                let prints = await ReadPrints(index: index, pokemon: offset == 0 ? await firstPokemonPrints.value : nil)
                reverseKept[site.catalog.language] = prints.reverse.map { index.reverseTable.summary(prints: $0) }
                let reads = PageReads(previous: key == nil ? PageInputs() : previousInputs, prints: prints,
                                      settings: settingsKey(pages: pages, key: key, sprites: sprites, contents: contents))
                let indexReads = key == nil ? nil : reads
                let indexesWritten = Task { () -> Result<LanguageIndexes, SiteError> in
                    Result { () throws(SiteError) in
                        try self.writeLanguageIndexes(index: index, collection: collection, strings: strings, staging: staging, prefix: prefix,
                                                      sizedBefore: sizedBefore, reads: indexReads, sizesNeeded: offset == 0)
                    }
                }
                let done: (rendered: Int, bytes: Int, fromReads: Int)
                do throws(SiteError) {
                    done = try await renderPages(pages, theme: theme, staging: staging, previous: previous, prefix: layout.prefix,
                                                 reads: reads, into: &manifest, inputs: &inputs, progress: progress)
                } catch {
                    _ = await indexesWritten.value
                    throw error
                }
                stages.append("pages (\(layout.current.tag)): \(done.rendered) rendered, \(manifest.pages.keys.filter { $0.hasPrefix(layout.prefix) }.count - done.rendered) unchanged "
                    + "(\(done.fromReads) known unchanged by what they read), "
                    + "\(site.catalog.species.count) species, \(site.catalog.pokemon.count) pokemon, \(index.reverse.movesWithPages.count) moves, "
                    + "\(index.reverse.abilitiesWithPages.count) abilities, \(index.reverse.itemsWithPages.count) items; \(seconds(renderStart))")
                stages.append("reverse index (\(layout.current.tag)): " + index.reverseTable.report)
                let written = try await indexesWritten.value.get()
                rendered += done.rendered
                pageBytes += done.bytes
                // Made once: each is every page's pokemon looked at again.
                let emblems = index.emblems
                emblemBytes += try writeEmblems(emblems, staging: staging, prefix: layout.prefix)
                indexBytes += written.bytes
                inputs.pages[prefix + Self.indexesEntry] = written.inputs
                let files = written.taken ? "the last build's search files and pokedex.json, nothing they read changed"
                    : written.search.map { "\($0.name) \($0.bytes / 1000) KB (\($0.gzip / 1000) KB gzipped)" }.joined(separator: ", ") + ", pokedex.json"
                stages.append("indexes (\(layout.current.tag)): \(files); \(emblems.count) emblems drawn")
                if offset == 0 { searchFiles = written.search }
                if offset == 0 { firstPages = pages; firstTheme = theme }
            }
            if multilingual, let firstPages, let firstTheme {
                let picked = try writeLanguagePicker(members: members, pages: firstPages, theme: firstTheme, staging: staging,
                                                     previous: previous, into: &manifest)
                rendered += picked.rendered
                pageBytes += picked.bytes
            }
            progress(BuildProgress(stage: .copyingAssets, done: 0, total: 1))
            var (assetBytes, assetPaths) = try copyAssets(theme: themes[0], staging: staging, shapes: sprites.values)
            if configuration.baseURL.map({ !$0.isEmpty }) ?? false {
                assetBytes += try writeOfflineSupport(manifest: manifest, assets: assetPaths, members: members, staging: staging)
            }
            progress(BuildProgress(stage: .copyingSprites, done: 0, total: sprites.count))
            let spriteBytes = try await spritesLinked.value.get()
            stages.append("assets: \(assetPaths.count) files\(configuration.baseURL != nil ? ", the web app manifest, icons and service worker" : ""); "
                + "media: \(media.found) sprites and cries linked from \(configuration.spritesRoot?.path ?? "nowhere"), \(refused.count) refused")
            // A strict build keeps the previous site rather than publish one that lost sprites.
            if check != nil, !refused.isEmpty { throw SiteError(.checkFailed(findings: refused)) }
            progress(BuildProgress(stage: .writingIndexes, done: 0, total: 1))
            manifest.key = key
            manifest.sprites = sprites.count
            manifest.spritesMissing = media.frontMissing
            let warnings = refused + Theme.refusedLinks(
                templates: Theme.templateFolders(themeRoot: configuration.themeRoot, override: configuration.themeOverride), assets: themes[0].assetFolders)
            manifest.warnings = warnings.isEmpty ? nil : warnings
            manifest.wroteSitemap = configuration.baseURL.map { !$0.isEmpty } ?? false
            manifest.search = searchFiles
            manifest.languages = multilingual ? members.map(\.language.tag) : nil
            manifest.bytes = pageBytes + assetBytes + spriteBytes + emblemBytes + indexBytes
            manifest.bytes += try writeSharedIndexes(manifest: manifest, languages: multilingual ? members.map(\.language.tag) : [], staging: staging)
            try staging.write(inputs.encoded(), to: PageInputs.fileName)
            try staging.write(ReverseTable.encoded(reverseKept, tool: key?.inputs.tool ?? ""), to: ReverseTable.fileName)
            // Built over the last site swapped out: what this one does not have goes.
            if staging.recycled {
                let removed = staging.removeUnclaimed()
                stages.append("staging: the site swapped out last time, updated in place (\(removed) of its files and folders not in this one removed)")
            }
            if let check {
                progress(BuildProgress(stage: .finishing, done: 0, total: 1))
                let checkStart = clock.now
                defer { stages.append("check: every page parsed, every link, image and fragment followed; \(seconds(checkStart))") }
                let findings: [String]
                do {
                    findings = try await check.run(staging.staging)
                } catch {
                    findings = [String(describing: error)]
                }
                if !findings.isEmpty { throw SiteError(.checkFailed(findings: findings)) }
            }
            // What the site holds, for the next build to tell whether it is still so (kept
            // beside it: a stamp is of the machine, not of the inputs). Taken in staging, before
            // anyone can see the site: a rename changes no stamp of the folder renamed or of
            // anything in it, and an edit made in the live site just after the swap is seen
            // (taken after, it was the build's own). None while the swap runs: a kill between
            // the two leaves none, not the last site's.
            let record = SiteFiles.record(staging.stagingPath)
            SiteFiles.remove(for: staging.output)
            try staging.swap()
            let unkept = record.map { $0.write(for: staging.output) } ?? "its folders could not be read whole"
            progress(BuildProgress(stage: .finishing, done: 1, total: 1))
            var result = summary(of: manifest, rendered: rendered, since: start)
            if let unkept { result.warnings.append(SiteFiles.unkept(for: staging.output, unkept)) }
            result.stages = stages + ["output: swapped into \(configuration.output.standardizedFileURL.path) in one step"]
            return result
        } catch {
            // Nothing may still be writing into the folder that is thrown away.
            _ = await spritesLinked.value
            staging.discard()
            throw error
        }
    }
}

extension SiteBuilder {
    /// What tells an unchanged site besides its data, made before the data is checked: the
    /// theme's prints (``key(_:theme:)``), and the manifest and record (``SiteFiles``) of
    /// the site in the output.
    ///
    /// A build makes it on a core of its own while its source is checked, which leaves one
    /// idle for part of the time; made after, one after the other, they were a sixth of an
    /// unchanged rebuild, on the one thread it waits on. It is used only by a builder of the
    /// same theme and output, and it is of the files as they were when it was made, as
    /// one made after the check is of the files as they were then. A build that goes on
    /// takes its manifest and record too (``build(sites:key:check:lookahead:progress:)``).
    package struct Lookahead: Sendable {
        let themeRoot: URL, themeOverride: URL?, output: URL
        package let theme: ThemePrints
        /// The output's manifest; nil when there is none, none this tool reads, or one of no page.
        let manifest: BuildManifest?
        /// The stamp of the file ``manifest`` was read from.
        let manifestStamp: FileStamp?
        /// What its build left in the output (``SiteFiles``), when kept. Read before the
        /// manifest, so it is never of a newer site than the manifest is: a build swapping
        /// in between the two reads would otherwise pair the last site's manifest with the
        /// new site's record, which stands, and pages would be taken under keys they were
        /// not made from.
        let files: SiteFiles?

        /// `between`: run between reading the record and the manifest (a test's stand-in for
        /// another build swapping in then).
        package init(themeRoot: URL, themeOverride: URL?, output: URL, between: () -> Void = {}) {
            self.themeRoot = themeRoot
            self.themeOverride = themeOverride
            self.output = output.standardizedFileURL
            theme = ThemePrints(themeRoot: themeRoot, override: themeOverride)
            files = SiteFiles.read(for: self.output)
            between()
            let read = BuildManifest.stampedData(of: self.output)
            manifest = read.map { BuildManifest.read($0.data) }.flatMap { $0.pages.isEmpty ? nil : $0 }
            manifestStamp = read?.stamp
        }
    }

    /// The theme's prints in `lookahead` when it was made for this builder's theme, else nil.
    package func theme(in lookahead: Lookahead?) -> ThemePrints? {
        guard let lookahead, lookahead.themeRoot == configuration.themeRoot, lookahead.themeOverride == configuration.themeOverride
        else { return nil }
        return lookahead.theme
    }

    /// The summary of the site already in the output when it was built with this very
    /// key; nil when anything differs, or the output is not as that build left it (a file
    /// gone, added, or changed in size, time, inode or permissions: ``SiteFiles``). The manifest and that
    /// record are `lookahead`'s when it was made for this output, else read now.
    ///
    /// A caller checks this before loading the catalog, so an unchanged rebuild costs
    /// only computing the key.
    package func unchangedSummary(key: BuildKey, lookahead: Lookahead? = nil) -> BuildSummary? {
        let start = ContinuousClock().now
        let output = configuration.output.standardizedFileURL
        let manifest: BuildManifest
        let files: SiteFiles?
        if let lookahead, lookahead.output == output {
            guard let read = lookahead.manifest else { return nil }
            manifest = read
            files = lookahead.files
        } else {
            // The record first, as the lookahead reads them (``Lookahead/files``).
            files = SiteFiles.read(for: output)
            guard let data = BuildManifest.data(of: output), BuildManifest.key(in: data) == key else { return nil }
            manifest = BuildManifest.read(data)
        }
        guard manifest.key == key, !manifest.pages.isEmpty, let files else { return nil }
        // Every file and folder as the build left it, and nothing more: asked on every core
        // by path, not through `URL` and `FileManager` one after another (a fifth of an
        // unchanged build's CPU when it asked only after the pages).
        guard files.stands(in: output.path) else { return nil }
        return summary(of: manifest, rendered: 0, since: start)
    }

    func summary(of manifest: BuildManifest, rendered: Int, since start: ContinuousClock.Instant) -> BuildSummary {
        let elapsed = ContinuousClock().now - start
        return BuildSummary(
            pages: manifest.pages.count, pagesRendered: rendered,
            sprites: manifest.sprites, spritesMissing: manifest.spritesMissing, bytes: manifest.bytes,
            seconds: elapsed.inSeconds,
            wroteSitemap: manifest.wroteSitemap, output: configuration.output.standardizedFileURL.path,
            warnings: manifest.warnings ?? [], searchFiles: manifest.search ?? []
        )
    }
}

extension SiteBuilder {
    /// Renders (or reuses) every page of one language with a bounded number in flight,
    /// under `prefix` ("" or "fr/"), recording each in `manifest`.
    func renderPages(
        _ pages: SitePages, theme: Theme, staging: StagingFolder, previous: BuildManifest, prefix: String = "",
        reads: PageReads = PageReads(), into manifest: inout BuildManifest, inputs: inout PageInputs,
        progress: @escaping @Sendable (BuildProgress) -> Void
    ) async throws(SiteError) -> (rendered: Int, bytes: Int, fromReads: Int) {
        let kinds = pages.kinds
        let specsFolders = Set(kinds.map { prefix + pages.folder(of: $0) }.filter { !$0.isEmpty }).sorted().map { $0 + "/x" }
        try staging.makeFolders(for: specsFolders)
        let batches = stride(from: 0, to: kinds.count, by: 24).map { Array(kinds[$0..<min(kinds.count, $0 + 24)]) }
        var rendered = 0
        var bytes = 0
        var done = 0
        var fromReads = 0
        var failure: SiteError?
        var recorded = manifest
        var recordedInputs = inputs
        let names = inputs.names
        // A last build's entry is kept as it is: only when its numbers are in this table.
        let previousEntries = reads.previous.names === names ? reads.previous.pages : [:]
        let terms = previousEntries.isEmpty ? [] : reads.terms()
        let width = configuration.concurrency * 2
        struct Outcome {
            var path: String
            var fingerprint: String
            var rendered: Bool
            var size: Int
            var inputs: PageInputs.Entry?
            var fromReads = false
        }
        let copies = TemplateCopies(theme.templates)
        await BoundedConcurrency.forEach(batches, width: width, { batch in
            Result { () throws(SiteError) in try copies.withCopy { templates throws(SiteError) in
                var results: [Outcome] = []
                for kind in batch {
                    let path = prefix + pages.path(of: kind)
                    // Nothing it read changed: the page is the last build's, without building it.
                    if let entry = previousEntries[path], let fingerprint = previous.pages[path],
                       entry.digest == reads.digest(of: entry, theme: theme, terms: terms),
                       let size = staging.reuse(path) {
                        results.append(Outcome(path: path, fingerprint: fingerprint, rendered: false, size: size, inputs: entry, fromReads: true))
                        continue
                    }
                    let log = ReadLog()
                    guard let spec = pages.spec(kind, recording: log) else { continue }
                    let data = try theme.renderBytes(spec, with: templates)
                    let fingerprint = PageKey.hex(of: data)
                    var outcome: Outcome
                    if previous.pages[path] == fingerprint, let size = staging.reuse(path) {
                        outcome = Outcome(path: path, fingerprint: fingerprint, rendered: false, size: size)
                    } else {
                        try staging.write(data, to: path)
                        outcome = Outcome(path: path, fingerprint: fingerprint, rendered: true, size: data.count)
                    }
                    let read = log.keys.sorted()
                    outcome.inputs = PageInputs.Entry(template: spec.template, reads: names.numbers(of: read),
                                                      digest: reads.digest(template: spec.template, theme: theme, reads: read))
                    results.append(outcome)
                }
                return results
            } }
        }) { outcome in
            switch outcome {
            case .success(let results):
                for result in results {
                    recorded.pages[result.path] = result.fingerprint
                    recordedInputs.pages[result.path] = result.inputs
                    bytes += result.size
                    if result.rendered { rendered += 1 }
                    if result.fromReads { fromReads += 1 }
                }
                done += results.count
                progress(BuildProgress(stage: .rendering, done: done, total: kinds.count))
            case .failure(let error):
                failure = failure ?? error
            }
        }
        if let failure { throw failure }
        manifest = recorded
        inputs = recordedInputs
        return (rendered, bytes, fromReads)
    }

    /// What every page of one language is made of besides its reads and its template: the
    /// tool, the selection, the collection, the settings, the words, the layout, the sprites.
    /// A change in any of them builds and renders every page again (and writes those whose
    /// bytes' key changed).
    func settingsKey(pages: SitePages, key: BuildKey?, sprites: [String: SpriteShape], contents: [String: PNGContent]) -> UInt64 {
        var hash = Fingerprint()
        hash.add("page-settings-1")
        for field in [key?.inputs.tool ?? "", key?.inputs.selection ?? "", key?.inputs.collection ?? "", configuration.title,
                      configuration.baseURL ?? "", configuration.images, configuration.spritesRoot?.path ?? "", pages.about ?? "",
                      pages.title, pages.layout.current.tag, pages.layout.prefix, pages.layout.shared, pages.layout.baseURL ?? "",
                      pages.index.mediaRoot, pages.index.images, pages.index.catalog.language] {
            hash.add(field)
        }
        hash.add(pages.pageSize)
        hash.add(pages.dexMode ? 1 : 0)
        for member in pages.layout.members {
            hash.add(member.language.tag)
            hash.add(member.native)
        }
        for (name, text) in pages.strings.table.sorted(by: { $0.key < $1.key }) {
            hash.add(name)
            hash.add(text)
        }
        hash.add((try? BinaryCoder.encode(pages.collection, format: "collection")) ?? Data(UUID().uuidString.utf8))
        // Shapes and bounds as their numbers: `String(describing:)` of each of a dex's
        // thousands went through `Mirror` (1% of a one-resource rebuild).
        hash.add(sprites.count)
        for (path, shape) in sprites.sorted(by: { $0.key < $1.key }) {
            hash.add(path)
            switch shape {
            case .box: hash.add(0)
            case let .canvas(width, height): hash.add(1); hash.add(width); hash.add(height)
            case .art: hash.add(2)
            }
        }
        for (path, content) in contents.sorted(by: { $0.key < $1.key }) {
            hash.add(path)
            hash.add(content.x)
            hash.add(content.y)
            hash.add(content.width)
            hash.add(content.height)
        }
        return hash.value
    }

    /// The page at the root of a site in several languages: each language by its own name,
    /// and (with JavaScript) straight on to the visitor's last choice or the first language.
    /// Also the root's `404.html`: the first language's, which hosts serve for any path.
    func writeLanguagePicker(
        members: [SiteLayout.Member], pages: SitePages, theme: Theme, staging: StagingFolder, previous: BuildManifest,
        into manifest: inout BuildManifest
    ) throws(SiteError) -> (rendered: Int, bytes: Int) {
        guard let first = members.first else { return (0, 0) }
        let picker = PageSpec(path: "index.html", template: "languages", fields: [
            "root": .string(""),
            "shared": .string(""),
            "site": .dictionary(["title": .string(configuration.title), "language": .string(first.language.tag)]),
            "pageTitle": .string(configuration.title),
            "languages": .array(members.map { member in
                .dictionary([
                    "tag": .string(member.language.tag), "native": .string(member.native),
                    "href": .string(member.language.tag + "/index.html"),
                    "absolute": configuration.baseURL.map { .string(($0.hasSuffix("/") ? $0 : $0 + "/") + member.language.tag + "/") } ?? .null,
                ])
            }),
            "canonical": configuration.baseURL.map { .string($0.hasSuffix("/") ? $0 : $0 + "/") } ?? .null,
        ], strings: pages.stringsValue)
        var specs = [picker]
        // The first language's 404 page, its links led from the root into its folder (absolute
        // with a base URL, as its own is).
        // With a base URL it also goes on to the language of the folder it is shown in (a
        // host shows it for every missing address), `missing.js`.
        let absolute = pages.layout.absolute("index.html")
        var notFound = pages.notFound(root: absolute ?? first.language.tag + "/")
        if absolute != nil { notFound.fields["findLanguage"] = .bool(true) }
        specs.append(notFound)
        var rendered = 0, bytes = 0
        for spec in specs {
            let data = try theme.renderBytes(spec)
            let fingerprint = PageKey.hex(of: data)
            if previous.pages[spec.path] == fingerprint, let size = staging.reuse(spec.path) {
                manifest.pages[spec.path] = fingerprint
                bytes += size
                continue
            }
            try staging.write(data, to: spec.path)
            manifest.pages[spec.path] = fingerprint
            rendered += 1
            bytes += data.count
        }
        return (rendered, bytes)
    }

    /// Copies the theme's assets; returns their size in bytes.
    func copyAssets(theme: Theme, staging: StagingFolder, shapes: some Sequence<SpriteShape>) throws(SiteError) -> (bytes: Int, paths: [String]) {
        var chosen: [String: URL] = [:]
        for folder in theme.assetFolders {
            for file in Theme.files(under: folder) { chosen[file.relative] = file.url }
        }
        // Written by the build from the sprites' sizes; a theme file of that name gives way.
        chosen[Self.sizesStylesheet] = nil
        let sizes = Data(SpriteShape.stylesheet(for: shapes).utf8)
        try staging.makeFolders(for: ["assets/\(Self.sizesStylesheet)"])
        try staging.write(sizes, to: "assets/\(Self.sizesStylesheet)")
        var bytes = sizes.count
        let paths = chosen.keys.sorted().map { "assets/\($0)" }
        try staging.makeFolders(for: paths)
        for (relative, url) in chosen.sorted(by: { $0.key < $1.key }) {
            guard let data = try? Data(contentsOf: url) else {
                throw SiteError(.unreadable(path: url.path, underlying: "unreadable asset"))
            }
            try staging.write(data, to: "assets/\(relative)")
            bytes += data.count
        }
        return (bytes, ["assets/\(Self.sizesStylesheet)"] + paths)
    }

    /// The web app manifest, its icons and the service worker (a hosted site only); returns their size.
    func writeOfflineSupport(manifest: BuildManifest, assets: [String], members: [SiteLayout.Member], staging: StagingFolder) throws(SiteError) -> Int {
        var files: [(String, Data)] = AppIcon.sizes.map { (AppIcon.path($0), AppIcon.png(size: $0)) }
        files.append((OfflineSupport.manifestName, OfflineSupport.manifest(title: configuration.title, language: members.first?.language.tag ?? "en")))
        let prefixes = members.count > 1 ? members.map { $0.language.tag + "/" } : [""]
        var precache = assets + files.map(\.0)
        for prefix in prefixes {
            precache += OfflineSupport.corePages.map { prefix + $0 }.filter { manifest.pages[$0] != nil }
            precache += ["search-index.js", "search-data.js"].map { prefix + $0 }
        }
        if members.count > 1 { precache += ["index.html", "404.html"] }
        var assetKey = Fingerprint()
        for path in assets.sorted() { assetKey.add(path); assetKey.add((try? Data(contentsOf: staging.staging.appendingPathComponent(path))) ?? Data()) }
        files.append((OfflineSupport.workerName, OfflineSupport.worker(pages: manifest.pages, precache: Array(Set(precache)), assets: assetKey.hex)))
        var bytes = 0
        for (path, data) in files {
            try staging.write(data, to: path)
            bytes += data.count
        }
        return bytes
    }

    /// Links or copies each sprite once, from where ``availableSprites(in:)`` found it; returns their size in bytes.
    func copySprites(_ sprites: [String: SpriteSource], staging: StagingFolder) throws(SiteError) -> Int {
        let sorted = sprites.keys.sorted()
        try staging.makeFolders(for: sorted)
        var bytes = 0
        for path in sorted {
            guard let sprite = sprites[path], let size = staging.place(realFile: sprite.real, size: sprite.size, stamp: sprite.stamp, at: path) else {
                throw SiteError(.unwritable(path: staging.staging.appendingPathComponent(path).path, underlying: "could not copy the sprite"))
            }
            bytes += size
        }
        return bytes
    }

    /// Writes the emblems drawn for pokemon without an image; returns their size in bytes.
    func writeEmblems(_ emblems: [String: String], staging: StagingFolder, prefix: String = "") throws(SiteError) -> Int {
        let paths = emblems.keys.sorted()
        try staging.makeFolders(for: paths.map { prefix + $0 })
        var bytes = 0
        for path in paths {
            let data = Data((emblems[path] ?? "").utf8)
            try staging.write(data, to: prefix + path)
            bytes += data.count
        }
        return bytes
    }

    /// What ``writeLanguageIndexes(index:collection:strings:staging:prefix:sizedBefore:reads:sizesNeeded:)`` put in a site.
    struct LanguageIndexes: Sendable {
        /// The size of the three files.
        var bytes: Int
        /// The search files' sizes (raw and gzipped, against their budgets); none when they
        /// were taken from the last build and their sizes were not needed (`sizesNeeded`).
        var search: [SearchFileSize]
        /// What making them read, for the next build (the pages' inputs' entry ``indexesEntry``).
        var inputs: PageInputs.Entry?
        /// Whether they are the last build's, nothing they read having changed.
        var taken: Bool
    }

    /// The search files and pokedex.json, which one entry of the pages' inputs stands for,
    /// under that entry's name and template.
    static let indexFiles = ["search-index.js", "search-data.js", "pokedex.json"]
    static let indexesEntry = "search-index.js"
    static let indexesTemplate = "(search files and pokedex.json)"

    /// Writes one language's search files and pokedex.json under `prefix`; returns their
    /// size, the search files' sizes (raw and gzipped, against their budgets) and what they read.
    ///
    /// They are made as a page is, from an index recording every read (``SearchIndex``,
    /// ``SiteIndexes``). With `reads` (a build that knows the tool that built the last site),
    /// when nothing the last build's read has changed the files are the last build's, taken
    /// without making them: made again after a text edit (every pokemon, species, chain and
    /// move they list read anew, then each file's gzip size checked), they were 13% of that
    /// rebuild's user CPU.
    ///
    /// `sizedBefore`: the search files' sizes the last build measured (by the same tool, for
    /// the same languages), and the site it wrote them to. A file written again with the
    /// bytes that site holds is not compressed again to measure it (50 ms of CPU on every
    /// rebuild, most of which change neither file). The size is only reported, against a
    /// budget: a site's files edited by hand could make it stale until they change.
    /// `sizesNeeded`: files are taken only with the sizes the last build kept (the first
    /// language's, which the summary reports).
    func writeLanguageIndexes(
        index: CatalogIndex, collection: SiteCollection, strings: SiteStrings, staging: StagingFolder, prefix: String,
        sizedBefore: (sizes: [SearchFileSize], site: URL?)? = nil, reads: PageReads? = nil, sizesNeeded: Bool = true
    ) throws(SiteError) -> LanguageIndexes {
        let searchNames = Self.indexFiles.filter { $0.hasSuffix(".js") }
        // The sizes the last build kept, when it kept them.
        let sizedLast = sizedBefore.map { before in searchNames.compactMap { name in before.sizes.first { $0.name == name } } }
        var taken: [String: Int] = [:]
        if let reads, let entry = reads.previous.pages[prefix + Self.indexesEntry], entry.template == Self.indexesTemplate,
           !sizesNeeded || sizedLast?.count == searchNames.count,
           entry.digest == reads.digest(files: Self.indexesTemplate, reads: reads.previous.reads(of: entry)) {
            for name in Self.indexFiles { taken[name] = staging.reuse(prefix + name) }
            if taken.count == Self.indexFiles.count {
                return LanguageIndexes(bytes: taken.values.reduce(0, +), search: sizedLast ?? [], inputs: entry, taken: true)
            }
        }
        let log = ReadLog()
        var files: [(String, Data)]
        do {
            files = try Self.languageIndexFiles(index: index.recording(into: log), collection: collection, strings: strings)
        } catch {
            throw SiteError(.unwritable(path: staging.staging.path, underlying: String(describing: error)))
        }
        let languages = SearchIndex.languages(of: index.catalog.language).count
        let sizes = files.filter { searchNames.contains($0.0) }.map { name, data in
            let gzip = sizedBefore.flatMap { before -> Int? in
                guard let site = before.site, let size = before.sizes.first(where: { $0.name == name && $0.bytes == data.count }),
                      (try? Data(contentsOf: site.appendingPathComponent(prefix + name))) == data else { return nil }
                return size.gzip
            }
            return SearchFileSize(name: name, bytes: data.count, gzip: gzip ?? Gzip.compressedSize(of: data) ?? data.count,
                                  budget: SearchIndex.budget(name, languages: languages))
        }
        if !prefix.isEmpty { try staging.makeFolders(for: [prefix + "x"]) }
        // A file already taken above (another could not be) holds these very bytes: what it read is the same.
        for (path, data) in files where taken[path] == nil { try staging.write(data, to: prefix + path) }
        let read = log.keys.sorted()
        let entry = reads.map { reads in
            PageInputs.Entry(template: Self.indexesTemplate, reads: reads.previous.names.numbers(of: read),
                             digest: reads.digest(files: Self.indexesTemplate, reads: read))
        }
        return LanguageIndexes(bytes: files.reduce(0) { $0 + $1.1.count }, search: sizes, inputs: entry, taken: false)
    }

    /// One language's search files and pokedex.json (``indexFiles``, in that order), made
    /// from `index`: what a build writes beside its pages, and what `serve` answers from the
    /// catalog in memory (``LiveSite/indexFile(_:)``).
    static func languageIndexFiles(index: CatalogIndex, collection: SiteCollection, strings: SiteStrings) throws -> [(String, Data)] {
        let indexes = SiteIndexes(index: index, collection: collection)
        let search = SearchIndex(index: index, marks: indexes.marks, strings: strings)
        return [("search-index.js", search.light), ("search-data.js", search.heavy), ("pokedex.json", try indexes.pokedexJSON())]
    }

    /// Writes the sitemap (with a base URL) and the manifest at the top; returns their size
    /// (the manifest's own is in the bytes it records).
    func writeSharedIndexes(manifest: BuildManifest, languages: [String], staging: StagingFolder) throws(SiteError) -> Int {
        var files: [(String, Data)] = []
        if let baseURL = configuration.baseURL, !baseURL.isEmpty {
            files.append(("sitemap.xml", SiteIndexes.sitemap(baseURL: baseURL, pages: Array(manifest.pages.keys), languages: languages)))
            files.append(("robots.txt", SiteIndexes.robots(baseURL: baseURL)))
        }
        var recorded = manifest
        recorded.bytes += files.reduce(0) { $0 + $1.1.count }
        do {
            files.append((StagingFolder.manifestName, try recorded.encoded()))
        } catch {
            throw SiteError(.unwritable(path: staging.staging.path, underlying: String(describing: error)))
        }
        for (path, data) in files { try staging.write(data, to: path) }
        return files.dropLast().reduce(0) { $0 + $1.1.count }
    }

    /// The stylesheet the build writes into `assets/`: canvas sizes and bar widths by class.
    static let sizesStylesheet = "sizes.css"

    /// Where a media file is, and its size: what linking it in needs.
    struct SpriteSource: Sendable {
        var real: String
        var size: Int
        /// Its stamp when it was looked at (nil: not known).
        var stamp: FileStamp?
    }

    /// What a referenced sprite path holds (``availableSprites(in:known:)``).
    enum AvailableSprite: Sendable { case missing, refused(String), found(FoundSprite) }

    /// A sprite the sprites root holds: its real file (symlinks resolved) and its shape.
    struct FoundSprite: Sendable {
        var real: String
        var size: Int
        var shape: SpriteShape
        /// What is known of the file, for the next build (``MediaFacts``).
        var fact: MediaFacts.Fact?
    }

    /// What the pages and the manifest need of the media found for every language's catalog.
    struct FoundMedia: Sendable {
        var shapes: [String: SpriteShape]
        var contents: [String: PNGContent]
        var refused: [String]
        /// How many files were found, and how many front sprites of the first catalog were not.
        var found: Int
        var frontMissing: Int
    }

    /// Finds the media of every language's catalog, writes what was read of each file for
    /// the next build (``MediaFacts``), and starts linking the files into `staging` while the
    /// pages are made (file system work; much of making the pages leaves a core free). Where
    /// each file is stays with the task alone, let go when it ends; the rest of what was found is
    /// let go here.
    func findSprites(sites: [LanguageSite], staging: StagingFolder) throws(SiteError) -> (FoundMedia, Task<Result<Int, SiteError>, Never>) {
        var found: [String: FoundSprite] = [:]
        var refused: [String] = []
        let known = MediaFacts.known(for: configuration, site: staging.trustedPrevious)
        for site in sites {
            let media = availableSprites(in: site.catalog, known: known)
            found.merge(media.found) { kept, _ in kept }
            for reason in media.refused where !refused.contains(reason) { refused.append(reason) }
        }
        var facts = MediaFacts()
        let contents = Self.leadContents(found, catalogs: sites.map(\.catalog), known: known, facts: &facts)
        let frontMissing = sites.first.map { Self.frontSprites($0.catalog).subtracting(found.keys).count } ?? 0
        do {
            try staging.write(try facts.encoded(), to: MediaFacts.fileName)
            MediaFacts.keep(facts, for: configuration, known: known)
        } catch let error as SiteError {
            throw error
        } catch {
            throw SiteError(.unwritable(path: staging.staging.path, underlying: String(describing: error)))
        }
        let media = FoundMedia(shapes: found.mapValues(\.shape), contents: contents, refused: refused,
                               found: found.count, frontMissing: frontMissing)
        let sources = found.mapValues { SpriteSource(real: $0.real, size: $0.size, stamp: $0.fact?.stamp) }
        let linked = Task { () -> Result<Int, SiteError> in
            Result { () throws(SiteError) in try self.copySprites(sources, staging: staging) }
        }
        return (media, linked)
    }

    /// The sprite paths the catalog names that the sprites root holds, each with its shape,
    /// and why any present one was refused.
    ///
    /// A sprite is taken only from inside the sprites root (no symlink out of it) and only
    /// when its first bytes are an image's; a refused one is shown as missing, and said.
    /// The shape comes from the file's PNG header; another image is still shown, as artwork.
    /// `known`: what the last build read of each file; a file unchanged since is not opened.
    func availableSprites(in catalog: Catalog, known: MediaFacts = MediaFacts()) -> (found: [String: FoundSprite], refused: [String]) {
        guard let root = configuration.spritesRoot else { return ([:], []) }
        let folder = InputFolder(root: root)
        let rootPrefix = folder.realRoot.hasSuffix("/") ? folder.realRoot : folder.realRoot + "/"
        // Each path looked at on every core (thousands of them, on a rebuild's critical
        // path: stamped all at once, one `fstatat` each beside its folder's folder), then
        // taken in path order.
        let paths = Self.referencedSprites(catalog, images: configuration.images).sorted()
        let stamped = folder.stamped(all: paths)
        let outcomes = BoundedConcurrency.blocking(paths.count) { position in
            Self.lookAt(paths[position], stamped[position], in: folder, root: root, rootPrefix: rootPrefix, known: known)
        }
        var found: [String: FoundSprite] = [:]
        var refused: [String] = []
        for (path, outcome) in zip(paths, outcomes) {
            switch outcome {
            case .missing: continue
            case let .refused(reason): refused.append(reason)
            case let .found(sprite): found[path] = sprite
            }
        }
        return (found, refused)
    }

    /// What one referenced sprite path holds: nothing, a file refused (and why), or a sprite.
    private static func lookAt(
        _ path: String, _ stamped: (resolution: InputFolder.Resolution, stamp: FileStamp?),
        in folder: InputFolder, root: URL, rootPrefix: String, known: MediaFacts
    ) -> AvailableSprite {
        let kind = MediaFile.kind(ofName: path) ?? .image
        switch stamped.resolution {
        case .missing:
            return .missing
        case let .escapes(target):
            return .refused("refused the sprite \(root.path)/\(path): it is a symlink leading out of \(folder.realRoot) (to \(target)); it is shown as missing")
        case .notAFile, .unsafePath:
            return .refused("refused the sprite \(root.path)/\(path): it is not a regular file; it is shown as missing")
        case let .file(real, size):
            let stamp = stamped.stamp
            // Kept below the root: the facts file is published with the site, and must not name the machine's folders.
            let below = real.hasPrefix(rootPrefix) ? String(real.dropFirst(rootPrefix.count)) : real
            if let fact = known.fact(path, real: below, stamp: stamp) {
                return .found(FoundSprite(real: real, size: size, shape: SpriteShape(size: fact.size), fact: fact))
            }
            guard MediaFile.fileMatches(real, kind: kind) else {
                let what = kind == .audio ? "an Ogg sound" : "a PNG, GIF, JPEG or WebP image"
                return .refused("refused the sprite \(root.path)/\(path): its bytes are not \(what); it is shown as missing")
            }
            let png = PNGSize.read(at: URL(fileURLWithPath: real))
            return .found(FoundSprite(real: real, size: size, shape: SpriteShape(size: png),
                                      fact: stamp.map { MediaFacts.Fact(path: path, real: below, stamp: $0, width: png?.width, height: png?.height) }))
        }
    }

    /// Where the opaque pixels lie in each pixel-art sprite a Pokémon leads with (its
    /// front sprite, a box sprite or a small canvas): a few hundred small PNGs, read in well
    /// under a tenth of a second.
    ///
    /// A file `known` already read is not read again; `facts` gets every found file's, for the next build.
    static func leadContents(_ found: [String: FoundSprite], catalogs: [Catalog], known: MediaFacts = MediaFacts(),
                             facts: inout MediaFacts) -> [String: PNGContent] {
        var contents: [String: PNGContent] = [:]
        var read: [String: PNGContent?] = [:]
        for catalog in catalogs.prefix(1) {
            for pokemon in catalog.pokemon.values {
                guard let path = pokemon.sprites.frontDefault, read[path] == nil, let sprite = found[path],
                      sprite.shape.pixelSize != nil else { continue }
                let content = sprite.fact.flatMap { $0.contentRead ? Optional($0.bounds) : nil }
                    ?? PNGContent.read(at: URL(fileURLWithPath: sprite.real))
                read[path] = .some(content)
                contents[path] = content
            }
        }
        for (path, sprite) in found {
            guard var fact = sprite.fact else { continue }
            if let content = read[path] {
                fact.contentRead = true
                fact.content = content.map { [$0.x, $0.y, $0.width, $0.height] }
            } else {
                fact.contentRead = false
                fact.content = nil
            }
            facts.record(fact)
        }
        return contents
    }

    /// Every media file the pages may show: each pokemon's sprites (front, back, shiny,
    /// female), its cosmetic forms', its cries, the large images when `images` chooses
    /// them, and the items' pictures. Only safe paths (``isSafe(_:)``).
    static func referencedSprites(_ catalog: Catalog, images: String = "sprites") -> Set<String> {
        var paths = Set<String>()
        for pokemon in catalog.pokemon.values {
            for (_, path) in pokemon.sprites.byKey { paths.insert(path) }
            paths.formUnion(pokemon.media.sprites.values)
            paths.formUnion(pokemon.media.cries.values)
            if images == "artwork" { paths.formUnion(pokemon.media.artwork.values) }
            if images == "home" { paths.formUnion(pokemon.media.home.values) }
            paths.formUnion(pokemon.cosmeticForms.compactMap(\.sprite))
        }
        paths.formUnion(catalog.items.values.compactMap(\.sprite))
        return paths.filter(isSafe)
    }

    /// The front sprites of the pokemon: what the summary counts as missing.
    static func frontSprites(_ catalog: Catalog) -> Set<String> {
        Set(catalog.pokemon.values.compactMap(\.sprites.frontDefault).filter(isSafe))
    }

    /// A media path stays inside the site's `sprites/` folder and names an image, or inside
    /// `cries/` and names a sound: nothing the data names can collide with a generated file
    /// or plant a page.
    static func isSafe(_ path: String) -> Bool {
        guard InputFolder.isPlainRelative(path) else { return false }
        return (path.hasPrefix("sprites/") && MediaFile.kind(ofName: path) == .image)
            || (path.hasPrefix("cries/") && MediaFile.kind(ofName: path) == .audio)
    }

}

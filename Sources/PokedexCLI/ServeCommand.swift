import ArgumentParser
import Common
import Foundation
import Hummingbird
import Logging
import NIOCore
import PokeAPI
import Pokedex
import ServiceLifecycle
import SiteGenerator

/// `pokedex serve`: builds the site, serves it on loopback, and when a template, an asset,
/// the settings, the collection or the data change, shows the change in every open page.
///
/// Pages are rendered on request from the catalog in memory (``LiveSite``), so a template
/// edit shows at the next request; the site on disk follows in the background with the
/// same incremental build as `pokedex build`. A build error is said in the terminal and in
/// the open pages, and the last good site keeps being served.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build the site and serve it on loopback, rebuilding and reloading open pages as you edit.",
        usage: "pokedex serve [--port <port>] [--strict-port] [--poll <ms>] [--data-poll <ms>] [<build options>]",
        discussion: """
        Watches Templates/ and Public/ (the default theme's and --theme's), the settings file, \
        the collection file and the data (the --api folder, or the cache a `pokedex fetch` \
        fills). Takes every option of `pokedex build`. Stop it with Ctrl-C.
        """
    )

    @Option(help: "The port to serve on (default 8080; when it is taken, the next free one).")
    var port = 8080
    @Flag(name: .customLong("strict-port"), help: "Fail when the port is taken instead of taking the next free one.")
    var strictPort = false
    @Option(name: .customLong("poll"), help: ArgumentHelp("How often to look for changes, in milliseconds.", valueName: "MS"))
    var pollMilliseconds = 250
    @Option(name: .customLong("data-poll"), help: ArgumentHelp(
        "Where the system gives no file notices, how often to look for changed data files, in milliseconds (0: never watch the data).",
        valueName: "MS"))
    var dataPollMilliseconds = 1000

    @OptionGroup var build: BuildCommand

    func validate() throws {
        guard (1...65535).contains(port) else { throw ValidationError("--port must be from 1 to 65535 (got \(port)).") }
        guard (50...10_000).contains(pollMilliseconds) else { throw ValidationError("--poll must be from 50 to 10000 ms.") }
        guard dataPollMilliseconds == 0 || (100...600_000).contains(dataPollMilliseconds) else {
            throw ValidationError("--data-poll must be 0 (never) or from 100 to 600000 ms.")
        }
    }

    func run() async throws {
        let settings = try build.resolvedSettings()
        let reporter = BuildReporter(quiet: settings.quiet)
        // What the catalogs decode, kept while serving: a data edit decodes only the files it
        // changed, not the records of all the others.
        let values = DecodedValues()
        let first = try await build.buildSite(settings, reporter: reporter, needCatalog: true, values: values)
        reporter.finish(first.summary)
        guard !first.sites.isEmpty else { throw CommandFailure("the first build loaded no catalog") }
        let live: LiveSite
        do {
            live = try LiveSite(configuration: first.configuration, sites: first.sites)
        } catch {
            throw CommandFailure(error.description)
        }
        let chosen = try Self.freePort(from: port, strict: strictPort)
        let state = ServeState(live: live, built: first, settings: settings)
        let output = first.configuration.output.standardizedFileURL
        var logger = Logger(label: "pokedex.serve")
        logger.logLevel = .warning
        let app = Application(
            responder: LiveResponder(state: state, output: output),
            configuration: .init(address: .hostname("127.0.0.1", port: chosen), serverName: "pokedex"),
            onServerRunning: { _ in
                Console.out("Serving \(output.path) at http://127.0.0.1:\(chosen)/ (Ctrl-C stops)"
                            + (chosen == port ? "" : "; port \(port) was taken"))
                Console.out("Watching \(Watcher.describe(Self.watched(settings: settings, configuration: first.configuration, config: build.config)))"
                            + (first.configuration.spritesRoot.map { dataPollMilliseconds > 0 ? " and the data in \($0.path)" : "" } ?? ""))
            },
            logger: logger
        )
        let watcher = Task {
            // The watcher answers edits at once; the site on disk follows in the background,
            // one rebuild at a time, the latest edits coalesced into the next.
            let (requests, request) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await watch(state: state, reporter: reporter, values: values, rebuild: { request.yield() }) }
                group.addTask {
                    for await _ in requests {
                        let started = ContinuousClock.now
                        do {
                            let built = try await state.rebuild(reporter: reporter)
                            Console.out("Wrote \(built.pagesRendered) changed pages to \(built.output) in \(Self.seconds(since: started)) s")
                        } catch {
                            // The open pages show the edit already (rendered from memory): only
                            // the site on disk, and what is served from it, is behind.
                            let message = (error as? SiteError)?.description ?? String(describing: error)
                            Console.error("Error: \(message)\n\(ServeState.diskBehind)\n")
                            await state.announce(.error(ServeState.diskBehind + "\n\n" + message))
                        }
                    }
                }
            }
        }
        defer { watcher.cancel() }
        try await app.runService()
    }
}

extension ServeCommand {
    /// The first free port from `start` (up to 20 tried), or `start` itself when `strict`.
    static func freePort(from start: Int, strict: Bool) throws -> Int {
        for candidate in start..<min(65536, start + (strict ? 1 : 20)) where PortProbe.isFree(candidate) {
            return candidate
        }
        if strict {
            throw CommandFailure("port \(start) on 127.0.0.1 is in use (another `pokedex serve`, or another server). Stop it, or pass --port N.")
        }
        throw CommandFailure("ports \(start) to \(start + 19) on 127.0.0.1 are all in use. Pass a free one with --port N.")
    }

    /// Everything a change of which is worth a rebuild: the templates and assets (the
    /// default theme's and the override's), then the settings file, the collection file and
    /// the about text (the last three: `kind(of:)` reads them as settings).
    static func watched(settings: BuildSettings, configuration: SiteConfiguration, config: String?) -> [URL] {
        var paths = [configuration.themeRoot.appendingPathComponent("Templates"), configuration.themeRoot.appendingPathComponent("Public")]
        if let theme = configuration.themeOverride { paths.append(theme) }
        paths.append(URL(fileURLWithPath: config ?? "pokedex.toml"))
        let collection = settings.collection.map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: config ?? "pokedex.toml").deletingLastPathComponent().appendingPathComponent(CollectionFile.defaultName)
        paths.append(collection)
        paths.append(settings.about.map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: config ?? "pokedex.toml").deletingLastPathComponent().appendingPathComponent("about.md"))
        return paths
    }

    /// Polls the watched files; on a change, reloads what it touches and tells the pages.
    /// Every `--data-poll` it also looks at the data (``dataLook(settings:)``): a file
    /// changed there reads the catalog again, as a settings edit does.
    /// `values`: what the catalogs decoded so far, for the next one to take (``DecodedValues``).
    func watch(state: ServeState, reporter: BuildReporter, values: DecodedValues, rebuild: @escaping @Sendable () -> Void) async {
        var settings = await state.settings
        var configuration = await state.configuration
        var watchedPaths = Self.watched(settings: settings, configuration: configuration, config: build.config)
        var watcher = Watcher(paths: watchedPaths)
        let clock = ContinuousClock()
        var data = dataWatcher(for: configuration)
        var nextDataLook = clock.now + .milliseconds(dataPollMilliseconds)
        // Notices came since the last look: the data is looked at once they stop. True at
        // first: a file changed during the first build, or while the folders were being
        // watched, told nothing.
        var dataNoticed = true
        // A fetch held the cache at the last look: none before this.
        var dataBusyUntil = clock.now
        // The data as last acted on: a look that finds it again (the same key, or the same
        // failure) does nothing, so broken data is said once, not at every look.
        var dataTried: String?
        // What the look that found the data changed prepared: the rebuild starts from it.
        var dataPrepared: CatalogSource.Prepared?
        // A data change failed to show: looked at again once a theme edit builds (a data
        // edit saved while a template was broken failed for the template's sake, and the
        // theme's reload alone kept the old catalog: the edit never showed).
        var dataPending = false
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(pollMilliseconds))
            let changed = watcher.changes()
            var change: Change?
            let started = ContinuousClock.now
            if !changed.isEmpty {
                let names = changed.map { $0.lastPathComponent }.sorted()
                Console.out("Changed: \(names.prefix(5).joined(separator: ", "))\(names.count > 5 ? " and \(names.count - 5) more" : "")")
                let watched = Self.watched(settings: settings, configuration: configuration, config: build.config)
                change = Self.kind(of: changed, configuration: configuration, settingsFiles: Array(watched.suffix(3)))
            } else if let data, clock.now >= dataBusyUntil,
                      await dataDue(data, noticed: &dataNoticed, next: nextDataLook, now: clock.now) {
                let (look, prepared) = await Self.dataLook(settings: settings)
                nextDataLook = clock.now + .milliseconds(dataPollMilliseconds)
                dataNoticed = look == .busy
                let live = await state.built.inputs?.data
                switch look {
                case .busy:
                    // Each look stamps every file before it finds the lock: not at every poll
                    // while the fetch runs, but every `--data-poll` until it ends (no watcher at 0).
                    dataBusyUntil = clock.now + .milliseconds(dataPollMilliseconds)
                case .key(live):
                    dataTried = nil
                case .key, .failed:
                    guard look.tried != dataTried else { break }
                    dataTried = look.tried
                    dataPrepared = prepared
                    Console.out("The data changed in \(configuration.spritesRoot?.path ?? settings.cache)")
                    change = .data
                }
            }
            guard let change else { continue }
            do {
                switch change {
                case .templates, .assets:
                    // Pages render anew on request and assets are served from the theme: the
                    // open pages reload at once; the site on disk follows in the background.
                    try await state.reloadTheme()
                    await state.announce(.reload)
                    Console.out("Reloaded the open pages in \(Self.seconds(since: started)) s")
                    rebuild()
                    if dataPending {
                        dataPending = false
                        dataNoticed = true
                        dataTried = nil
                    }
                case .data where !settings.strict:
                    // The data: the catalog is made again (only what changed is decoded) and
                    // shown in the open pages at once; the site on disk follows in the
                    // background, as after a template edit. Written first, the site kept the
                    // page waiting for every page to be checked and the changed ones written
                    // (one flavor text on the mirror: the reload 0.46 s after the save; 0.25 s
                    // now, with the values serve holds and the last live site's reverse index).
                    // The search files and pokedex.json are made from it too (``LiveSite/indexFile(_:)``).
                    // With --strict the site is written and checked first, below: nothing
                    // the check refuses is shown.
                    let ready = dataPrepared
                    dataPrepared = nil
                    // Put in place in one turn: a disk rebuild waiting for it then writes this
                    // catalog, never the one it replaces.
                    let shown = try await state.exclusively { [settings] () async throws -> SiteConfiguration? in
                        guard case let .loaded(loaded) = try await build.loadSite(settings, reporter: BuildReporter(quiet: true),
                                                                                 needCatalog: true, prepared: ready, values: values) else { return nil }
                        await loaded.saving?.value
                        // Made before the state is asked: pages are served meanwhile.
                        let live = try LiveSite(configuration: loaded.configuration, sites: loaded.sites, previous: await state.live)
                        await state.show(loaded, live: live, settings: settings)
                        return loaded.configuration
                    }
                    dataPending = false
                    guard let shown else { continue }
                    configuration = shown
                    await state.announce(.reload)
                    Console.out("Reloaded the open pages with the new data in \(Self.seconds(since: started)) s")
                    rebuild()
                case .settings, .data:
                    // Settings or the collection (or the data, with --strict): everything is
                    // read again (only what changed is decoded and written, as by `pokedex
                    // build`), the site written (and checked) before it is shown, one build at
                    // a time with the site on disk's: the output folder may be another one now.
                    if change == .settings { settings = try build.resolvedSettings() }
                    let ready = change == .data ? dataPrepared : nil
                    dataPrepared = nil
                    // Made and put in place in one turn: a disk rebuild waiting for it then
                    // reads this build, never the one it replaces.
                    let built = try await state.exclusively { [settings] () async throws -> BuildCommand.Built? in
                        let built = try await build.buildSite(settings, reporter: BuildReporter(quiet: true), needCatalog: true,
                                                              prepared: ready, values: values)
                        guard !built.sites.isEmpty else { return nil }
                        await state.replace(live: try LiveSite(configuration: built.configuration, sites: built.sites), built: built, settings: settings)
                        return built
                    }
                    dataPending = false
                    guard let built else { continue }
                    let root = configuration.spritesRoot
                    configuration = built.configuration
                    // Watched anew only where the paths changed: a new watcher takes the files
                    // as they are now, and an edit saved during the rebuild (a --strict one
                    // takes many seconds) would never be noticed.
                    let paths = Self.watched(settings: settings, configuration: configuration, config: build.config)
                    if paths != watchedPaths {
                        watchedPaths = paths
                        watcher = Watcher(paths: paths)
                    }
                    if configuration.spritesRoot != root {
                        data = dataWatcher(for: configuration)
                        dataNoticed = true
                    }
                    await state.announce(.reload)
                    Console.out("Rebuilt \(built.summary.pagesRendered) pages in \(Self.seconds(since: started)) s")
                }
            } catch {
                if change == .data { dataPending = true }
                let message = (error as? SiteError)?.description ?? String(describing: error)
                Console.error("Error: \(message)\nStill serving the last good site.\n")
                await state.announce(.error(ServeState.notBuilt + "\n\n" + message))
            }
        }
    }

    /// What tells of changes in the data folder (none for the sample, or with `--data-poll 0`);
    /// said when it is a look every `--data-poll`.
    func dataWatcher(for configuration: SiteConfiguration) -> DataWatcher? {
        guard dataPollMilliseconds > 0, let root = configuration.spritesRoot else { return nil }
        let watcher = DataWatcher(root: root)
        if let reason = watcher.reason {
            watcher.fallbackSaid = true
            Console.out("Looking at the data in \(root.path) every \(dataPollMilliseconds) ms: \(reason)")
        }
        return watcher
    }

    /// Whether the data is to be looked at now: once notices stop (a save, or a fetch's
    /// thousands of writes, is one look), or, without notices, every `--data-poll`.
    func dataDue(_ watcher: DataWatcher, noticed: inout Bool, next: ContinuousClock.Instant, now: ContinuousClock.Instant) async -> Bool {
        guard watcher.notified else {
            if !watcher.fallbackSaid {
                // Its notices stopped (the data folder replaced, or past the system's limit).
                watcher.fallbackSaid = true
                Console.out("Looking at the data every \(dataPollMilliseconds) ms: \(watcher.reason ?? "the system stopped telling of changes")")
                return true
            }
            return now >= next
        }
        guard watcher.changed() else { return noticed }
        noticed = true
        // A save is a burst of notices: looked at once 50 ms pass without one (a whole poll
        // was a quarter of a second more before the page showed it). A fetch writing for
        // longer is looked at after the next quiet poll instead.
        for _ in 0..<10 {
            try? await Task.sleep(for: .milliseconds(50))
            if !watcher.changed() { return true }
        }
        return false
    }

    /// What a look at the data found: its key (every file's stamp, as the build's own check
    /// finds them), a failure (said by the rebuild it starts), or a fetch holding the cache.
    enum DataLook: Equatable {
        case key(String)
        case failed(String)
        case busy

        /// What a rebuild was tried for: the key, or the failure.
        var tried: String? {
            switch self {
            case let .key(key): "key " + key
            case let .failed(reason): "failed " + reason
            case .busy: nil
            }
        }
    }

    /// The data's key as a build would find it now: the build's own check (one `stat` per
    /// file, the files changed since read again), without the network; nothing is fetched.
    /// A fetch writing the cache meanwhile: `busy`, looked at again next time.
    /// What it prepared, when it found a key: all a build needs of the source (the cache
    /// covers the selection; an online build would fetch nothing more).
    static func dataLook(settings: BuildSettings) async -> (DataLook, CatalogSource.Prepared?) {
        var offline = settings
        offline.offline = true
        do {
            let prepared = try await BuildCommand.source(offline).prepare()
            if let failure = prepared.report?.failures.first { return (.failed("\(failure.url): \(failure.reason)"), nil) }
            return (.key(prepared.contentKey), prepared)
        } catch let error as PokeAPIError where error.isCacheLocked {
            return (.busy, nil)
        } catch {
            return (.failed(String(describing: error)), nil)
        }
    }

    /// What a set of changed files touches: only templates and strings (pages render anew
    /// on request), assets too (written to disk before the pages reload), or the settings
    /// or the collection (the catalog is read again).
    enum Change: Equatable { case templates, assets, settings, data }

    static func kind(of changed: [URL], configuration: SiteConfiguration, settingsFiles: [URL] = []) -> Change {
        let settings = Set(settingsFiles.map(\.standardizedFileURL.path))
        if changed.contains(where: { settings.contains($0.standardizedFileURL.path) }) { return .settings }
        var templateFolders = [configuration.themeRoot.appendingPathComponent("Templates")]
        var assetFolders = [configuration.themeRoot.appendingPathComponent("Public")]
        if let theme = configuration.themeOverride {
            assetFolders.append(theme.appendingPathComponent("Public"))
            // A theme's templates are in its Templates/ or at its top (anything not under Public/).
            templateFolders.append(theme)
        }
        var kind = Change.templates
        for file in changed {
            if Watcher.isInside(file, assetFolders) { kind = .assets; continue }
            if Watcher.isInside(file, templateFolders) { continue }
            return .settings
        }
        return kind
    }

    static func seconds(since start: ContinuousClock.Instant) -> String {
        let elapsed = ContinuousClock.now - start
        return String(format: "%.2f", elapsed.inSeconds)
    }
}

/// What the server shows and the watcher changes: the live site, its build, the open pages.
actor ServeState {
    /// What the open pages are told, before the error, when a change does not build.
    static let notBuilt = "the last change did not build; this is the last good site."
    /// ... and when the site on disk could not be written after the open pages showed the change.
    static let diskBehind = "The open pages show the latest edits; the site on disk was not brought up to date, and is written again at the next change."

    enum Event: Sendable, Equatable {
        case reload
        case error(String)
        /// Nothing new: a write that finds the page closed ends its stream.
        case ping
    }

    private(set) var live: LiveSite
    private(set) var built: BuildCommand.Built
    private(set) var settings: BuildSettings
    /// The last build error, shown to pages that open while it stands.
    private(set) var lastError: String?
    private var listeners: [UUID: AsyncStream<Event>.Continuation] = [:]

    init(live: LiveSite, built: BuildCommand.Built, settings: BuildSettings) {
        self.live = live
        self.built = built
        self.settings = settings
    }

    var configuration: SiteConfiguration { built.configuration }

    func reloadTheme() throws {
        live = try live.reloadingTheme()
    }

    func replace(live: LiveSite, built: BuildCommand.Built, settings: BuildSettings) {
        self.live = live
        self.built = built
        self.settings = settings
    }

    /// Shows `loaded` (as `live`) in the open pages, the site on disk not yet written from it: the next
    /// ``rebuild(reporter:)`` writes it, and until then this keeps the last build's summary.
    func show(_ loaded: BuildCommand.LoadedSite, live: LiveSite, settings: BuildSettings) {
        replace(live: live, built: BuildCommand.Built(summary: built.summary, configuration: loaded.configuration,
                                                      sites: loaded.sites, inputs: loaded.inputs),
                settings: settings)
    }

    /// The site on disk brought up to date with the same catalog: only what changed is rendered.
    ///
    /// The site is read once this build has its turn: a settings or data rebuild ahead of it
    /// has put its own in place by then (``exclusively(_:)``).
    func rebuild(reporter: BuildReporter) async throws -> BuildSummary {
        try await exclusively { [self] in
            let built = await self.built
            guard !built.sites.isEmpty else { return built.summary }
            let builder = SiteBuilder(configuration: built.configuration)
            // Written without the strict check (a whole site's, 17 s on the mirror): under
            // --strict, kept under a key of its own, so a later `build --strict` does not take
            // the site for a checked one and builds and checks it.
            var inputs = built.inputs
            if await self.settings.strict { inputs?.tool += " unchecked" }
            let summary = try await builder.build(sites: built.sites, key: inputs.map { builder.key($0) })
            await self.recordSummary(summary)
            return summary
        }
    }

    /// The disk rebuild's summary, kept with the site it was made of (its turn still held).
    private func recordSummary(_ summary: BuildSummary) {
        built.summary = summary
    }

    /// Whether a build writes the site now; the builds waiting for it to end.
    private var building = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// `body` once no other build writes the site (they share its staging folder), then the
    /// next waiting build's turn. The actor alone would let a second build in at the first
    /// one's first `await`.
    func exclusively<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        if building {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            building = true
        }
        defer {
            if waiting.isEmpty { building = false } else { waiting.removeFirst().resume() }
        }
        return try await body()
    }

    func announce(_ event: Event) {
        if case let .error(message) = event { lastError = message } else if event == .reload { lastError = nil }
        for listener in listeners.values { listener.yield(event) }
    }

    func listen() -> (UUID, AsyncStream<Event>) {
        let id = UUID()
        let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: .bufferingNewest(4))
        listeners[id] = continuation
        if let lastError { continuation.yield(.error(lastError)) }
        return (id, stream)
    }

    func forget(_ id: UUID) {
        listeners[id]?.finish()
        listeners[id] = nil
    }
}

/// Answers requests: pages rendered live (with the reload script added), the event stream,
/// the reload script, and every other file from the built site, confined to it.
struct LiveResponder: HTTPResponder {
    typealias Context = BasicRequestContext
    static let eventsPath = "/__pokedex/events"
    static let scriptPath = "/__pokedex/live.js"

    let state: ServeState
    let output: URL

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        let path = request.uri.path.removingPercentEncoding ?? request.uri.path
        switch path {
        case Self.eventsPath: return await events()
        case Self.scriptPath: return Self.response(.ok, type: "text/javascript; charset=utf-8", body: Data(Self.liveScript.utf8))
        default: break
        }
        var relative = String(path.drop { $0 == "/" })
        if relative.isEmpty || relative.hasSuffix("/") { relative += "index.html" }
        guard InputFolder.isPlainRelative(relative) else { return Self.response(.badRequest, type: "text/plain", body: Data("bad path".utf8)) }
        let live = await state.live
        if relative.hasSuffix(".html"), let html = try? live.render(relative) { return Self.page(html) }
        // The search files and pokedex.json from the catalog in memory, as the pages are.
        if let data = live.indexFile(relative) { return Self.response(.ok, type: Self.contentType(relative), body: data) }
        // Assets straight from the theme, so a stylesheet edit shows before the disk catches up.
        if let asset = live.asset(relative), let data = FileManager.default.contents(atPath: asset) {
            return Self.response(.ok, type: Self.contentType(relative), body: data)
        }
        switch InputFolder(root: output).resolve(relative) {
        case let .file(real, _):
            guard let data = FileManager.default.contents(atPath: real) else { break }
            if relative.hasSuffix(".html") { return Self.page(String(decoding: data, as: UTF8.self)) }
            return Self.response(.ok, type: Self.contentType(relative), body: data)
        case .notAFile:
            // A folder without its slash: where its index is.
            return Response(status: .movedPermanently, headers: [.location: path + "/"])
        default:
            break
        }
        // Made for the address asked (its links climb from there), as a host shows the root's
        // 404.html; the file on disk is led from the root only.
        let onDisk = FileManager.default.contents(atPath: output.appendingPathComponent("404.html").path).map { String(decoding: $0, as: UTF8.self) }
        let missing = live.notFoundPage(for: relative) ?? onDisk ?? "<!DOCTYPE html><title>Not found</title><p>Not found."
        var response = Self.page(missing)
        response.status = .notFound
        return response
    }

    /// A page with the reload script added before `</head>`: only the served copy has it.
    static func page(_ html: String) -> Response {
        let tag = "<script src=\"\(scriptPath)\" defer></script>\n</head>"
        let served = html.range(of: "</head>").map { html.replacingCharacters(in: $0, with: tag) } ?? html
        var response = response(.ok, type: "text/html; charset=utf-8", body: Data(served.utf8))
        response.headers[.cacheControl] = "no-store"
        return response
    }

    static func response(_ status: HTTPResponse.Status, type: String, body: Data) -> Response {
        Response(status: status, headers: [.contentType: type, .cacheControl: "no-cache"],
                 body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// Server-sent events: `reload` when a change is ready, `failed` with the error while a
    /// build fails, a comment every 15 s so a closed page is noticed.
    func events() async -> Response {
        let (id, stream) = await state.listen()
        let state = self.state
        let body = ResponseBody { writer in
            defer { Task { await state.forget(id) } }
            try await writer.write(ByteBuffer(string: "retry: 500\n: connected\n\n"))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    while !Task.isCancelled {
                        try await Task.sleep(for: .seconds(15))
                        await state.ping(id)
                    }
                }
                // Ctrl-C ends every open page's stream at once, so the server stops at once.
                for await event in stream.cancelOnGracefulShutdown() {
                    switch event {
                    case .reload: try await writer.write(ByteBuffer(string: "event: reload\ndata: now\n\n"))
                    case let .error(message):
                        let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)" }.joined(separator: "\n")
                        try await writer.write(ByteBuffer(string: "event: failed\n\(lines)\n\n"))
                    case .ping: try await writer.write(ByteBuffer(string: ": ping\n\n"))
                    }
                }
                group.cancelAll()
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"], body: body)
    }

    static func contentType(_ path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "html": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "json", "webmanifest": "application/json"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "gif": "image/gif"
        case "jpg", "jpeg": "image/jpeg"
        case "webp": "image/webp"
        case "ogg": "audio/ogg"
        case "xml": "application/xml"
        case "txt": "text/plain; charset=utf-8"
        default: "application/octet-stream"
        }
    }

    /// Reloads on `reload`; shows the error over the page on `failed`, hides it on the next reload.
    static let liveScript = """
    (function () {
      "use strict";
      if (!window.EventSource) return;
      var box = null;
      function show(text) {
        if (!box) {
          box = document.createElement("pre");
          box.setAttribute("role", "alert");
          var s = box.style;
          s.position = "fixed"; s.left = "1rem"; s.right = "1rem"; s.bottom = "1rem"; s.zIndex = "9999";
          s.margin = "0"; s.padding = "1rem"; s.maxHeight = "50vh"; s.overflow = "auto"; s.whiteSpace = "pre-wrap";
          s.background = "#2b0b0e"; s.color = "#ffd7db"; s.border = "2px solid #ff5a6e"; s.borderRadius = "10px";
          s.font = "14px/1.4 ui-monospace, monospace";
          document.body.appendChild(box);
        }
        box.textContent = "pokedex serve: " + text;
      }
      var source = new EventSource("/__pokedex/events");
      source.addEventListener("reload", function () { window.location.reload(); });
      source.addEventListener("failed", function (event) { show(event.data); });
    })();
    """
}

extension ServeState {
    /// Keeps one page's stream alive (a write to a closed page ends its stream).
    func ping(_ id: UUID) {
        listeners[id]?.yield(.ping)
    }
}

/// Whether a port on 127.0.0.1 can be bound now.
enum PortProbe {
    static func isFree(_ port: Int) -> Bool {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return bound == 0
    }
}

/// Polls files and folders for changes: each file's size and modification time.
struct Watcher {
    let paths: [URL]
    private var stamps: [String: String]

    init(paths: [URL]) {
        self.paths = paths
        stamps = Self.stamps(paths)
    }

    /// The files that appeared, disappeared or changed since the last call.
    mutating func changes() -> [URL] {
        let now = Self.stamps(paths)
        var changed = Set(now.keys.filter { now[$0] != stamps[$0] })
        changed.formUnion(stamps.keys.filter { now[$0] == nil })
        stamps = now
        return changed.sorted().map { URL(fileURLWithPath: $0) }
    }

    static func stamps(_ paths: [URL]) -> [String: String] {
        var stamps: [String: String] = [:]
        let manager = FileManager.default
        for root in paths {
            var files = [root.path]
            if let walker = manager.enumerator(atPath: root.path) {
                files += walker.compactMap { ($0 as? String).map { root.appendingPathComponent($0).path } }
            }
            for file in files {
                guard let attributes = try? manager.attributesOfItem(atPath: file),
                      attributes[.type] as? FileAttributeType == .typeRegular else { continue }
                let size = attributes[.size] as? Int ?? -1
                let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                stamps[file] = "\(size)-\(modified)"
            }
        }
        return stamps
    }

    static func isInside(_ file: URL, _ folders: [URL]) -> Bool {
        let path = file.standardizedFileURL.path
        return folders.contains { path.hasPrefix($0.standardizedFileURL.path + "/") }
    }

    static func describe(_ paths: [URL]) -> String {
        paths.map(\.path).joined(separator: ", ")
    }
}

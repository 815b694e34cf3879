import Common
import Foundation

/// Fills a cache with the selection and everything it reaches; `pokedex fetch` and `build` call it.
///
/// Entries already cached are not asked for again (unless `refresh`); a failed entry does
/// not stop the others and is listed in the report; a second run resumes where one stopped.
package struct Fetcher: Sendable {
    package let configuration: FetchConfiguration
    private let transport: (any HTTPTransport)?

    package init(configuration: FetchConfiguration) {
        self.configuration = configuration
        self.transport = nil
    }

    /// A fetcher over a given transport (tests inject faults here).
    init(configuration: FetchConfiguration, transport: any HTTPTransport) {
        self.configuration = configuration
        self.transport = transport
    }

    /// Runs the fetch; `progress` is called after every entry, from any task, not always in
    /// order: of two reports, the one with more entries done is the newer.
    ///
    /// Throws ``PokeAPIError`` when it cannot start (bad source, locked cache, unknown
    /// pokemon) or, offline, when the cache lacks entries. Failed URLs do not throw:
    /// they are in ``FetchReport/failures``.
    package func run(progress: @escaping @Sendable (FetchProgress) -> Void = { _ in }) async throws -> FetchReport {
        try await fetch(progress: progress).report
    }

    /// What a fetch did, and the index of the folder it leaves complete (nil after failures).
    package struct Result: Sendable {
        package var report: FetchReport
        package var index: SourceIndex?
    }

    /// Runs the fetch and returns the source index as well.
    ///
    /// When the index of the last complete fetch of this selection still matches every
    /// file's stamp, nothing is read, locked or written: the folder is as it was.
    package func fetch(progress: @escaping @Sendable (FetchProgress) -> Void = { _ in }) async throws -> Result {
        let started = ContinuousClock.now
        do {
            let endpoints = try configuration.endpoints()
            let indexFile = SourceIndex.file(in: configuration.indexFolder ?? configuration.cache, root: configuration.cache,
                                             selection: configuration.indexKey)
            let previous = SourceIndex.load(indexFile)
            let realRoot = InputFolder.realPath(configuration.cache.path)
            if let previous, !configuration.refresh, !configuration.verify, previous.root == realRoot {
                // Unchanged, or changed only in what the files say, not in what they reach:
                // the index stands (with the new stamps), and nothing is crawled.
                let current = previous.restamped(written: FileStamp.of(indexFile.path))
                if let (current, changed) = current {
                    if changed > 0 { current.write(to: indexFile) }
                    var report = FetchReport()
                    report.restamped = changed
                    report.alreadyCached = current.items - current.missingMedia.count - current.missingResources.count
                    report.missingSprites = current.missingMedia.count
                    report.missingResources = current.missingResources.count
                    report.duration = ContinuousClock.now - started
                    return Result(report: report, index: current)
                }
            }
            // No route to the API at all: said at once, before a cache folder is made.
            if !configuration.offline, !configuration.inPlace, transport == nil,
               let authority = URLAuthority(endpoints.apiBase), ["http", "https"].contains(authority.scheme),
               case let host = authority.bareHost, let reason = await HostProbe.failure(resolving: host) {
                throw PokeAPIFailure.unreachable(url: endpoints.apiBase, host: host, reason: reason)
            }
            // Offline with nothing cached: one sentence, not a list of every missing lookup.
            if configuration.offline, !configuration.inPlace,
               !FileManager.default.fileExists(atPath: configuration.cache.appendingPathComponent("api/v2").path) {
                throw PokeAPIFailure.offlineEmptyCache(path: configuration.cache.path)
            }
            let layout = CacheLayout(root: configuration.cache)
            // A run that stores nothing into a cache it created leaves no empty folder behind.
            let cacheExisted = configuration.inPlace || FileManager.default.fileExists(atPath: configuration.cache.path)
            let lock = configuration.inPlace ? nil : try CacheLock(file: layout.lockFile)
            let cache = ResourceCache(layout: layout, inPlace: configuration.inPlace)
            if !configuration.inPlace { try cache.beginRun() }
            let connectTimeout = min(configuration.timeout, .seconds(10))
            let transport = transport ?? RoutingTransport(
                plain: SocketHTTPTransport(concurrency: configuration.concurrency, connectTimeout: connectTimeout),
                tls: AsyncHTTPTransport(concurrency: configuration.concurrency, connectTimeout: connectTimeout),
                file: FileTransport(endpoints: endpoints)
            )
            let client = APIClient(
                transport: transport, endpoints: endpoints, retry: configuration.retry,
                timeout: configuration.timeout, maxBytes: configuration.maxResponseBytes, userAgent: configuration.userAgent,
                gate: RequestGate(limit: configuration.concurrency)
            )
            var session = FetchSession(client: client, cache: cache, refresh: configuration.refresh,
                                       offline: configuration.offline || configuration.inPlace)
            session.startedEmpty = cache.holdsNoEntries()
            if let previous, previous.root == realRoot, !configuration.verify {
                session.known = previous.knownReach()
                session.knownMedia = Dictionary(previous.media.map { ($0.path, $0.stamp) }, uniquingKeysWith: { first, _ in first })
            }
            let outcome: Swift.Result<(FetchReport, (index: SourceIndex, encoded: Data?)?), any Error>
            let ended: Swift.Result<Void, PokeAPIFailure>
            do {
                var crawl = FetchCrawl(session: session, configuration: configuration, started: started, progress: progress)
                var report = try await AllocatorTuning.reusingFreedBlocks { try await crawl.run() }
                // The source index, which only reads what the crawl gathered, is made and
                // encoded on the other core while this one writes the lists, closes the
                // connections and folds the metadata log: one after the other, these were a
                // tenth of a cold fetch. It is written last, once all of that succeeded.
                let finished = crawl
                async let index = report.failures.isEmpty
                    ? finished.index(root: realRoot ?? layout.root.path).map { ($0, $0.encoded()) } : nil
                let listed = Swift.Result { try finished.writeLists() }
                ended = await Self.close(transport, cache, inPlace: configuration.inPlace)
                let made = await index
                report.duration = ContinuousClock.now - started
                outcome = listed.map { (report, made) }
            } catch {
                outcome = .failure(error)
                ended = await Self.close(transport, cache, inPlace: configuration.inPlace)
            }
            withExtendedLifetime(lock) {}
            if case .failure = outcome, !cacheExisted { Self.removeIfEmpty(configuration.cache) }
            let (report, index) = try outcome.get()
            try ended.get()
            if let index { SourceIndex.write(index.encoded, to: indexFile) }
            return Result(report: report, index: index?.index)
        } catch let error as CancellationError {
            throw error
        } catch {
            throw PokeAPIError(error)
        }
    }

    /// Ends a run: shuts the transport down and, for a cache it writes, folds the metadata
    /// log into its snapshot and clears the running mark (``ResourceCache/endRun()``).
    static func close(_ transport: any HTTPTransport, _ cache: ResourceCache, inPlace: Bool) async -> Swift.Result<Void, PokeAPIFailure> {
        await transport.shutdown()
        return Swift.Result { () throws(PokeAPIFailure) in if !inPlace { try cache.endRun() } }
    }

    /// Removes a cache folder that holds nothing but the run's own bookkeeping (`.pokedex/`).
    static func removeIfEmpty(_ cache: URL) {
        let manager = FileManager.default
        guard let entries = try? manager.contentsOfDirectory(atPath: cache.path), entries.allSatisfy({ $0 == ".pokedex" }) else { return }
        let bookkeeping = cache.appendingPathComponent(".pokedex")
        let stored = (try? manager.subpathsOfDirectory(atPath: bookkeeping.path)) ?? []
        // Only the lock, the journal and metadata: no list, no record, nothing fetched.
        guard stored.allSatisfy({ !$0.hasPrefix("lists") && !$0.hasSuffix(".bin") }) else { return }
        try? manager.removeItem(at: cache)
    }
}

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

    /// Runs the fetch; `progress` is called after every entry, from any task.
    ///
    /// Throws ``PokeAPIError`` when it cannot start (bad source, locked cache, unknown
    /// pokemon) or, offline, when the cache lacks entries. Failed URLs do not throw:
    /// they are in ``FetchReport/failures``.
    package func run(progress: @escaping @Sendable (FetchProgress) -> Void = { _ in }) async throws -> FetchReport {
        let started = ContinuousClock.now
        do {
            let endpoints = try configuration.endpoints()
            let layout = CacheLayout(root: configuration.cache)
            let lock = try CacheLock(file: layout.lockFile)
            let cache = ResourceCache(layout: layout)
            try cache.beginRun()
            let transport = transport ?? RoutingTransport(
                http: AsyncHTTPTransport(concurrency: configuration.concurrency, connectTimeout: min(configuration.timeout, .seconds(10))),
                file: FileTransport(endpoints: endpoints)
            )
            let client = APIClient(
                transport: transport, endpoints: endpoints, retry: configuration.retry,
                timeout: configuration.timeout, maxBytes: configuration.maxResponseBytes, userAgent: configuration.userAgent,
                gate: RequestGate(limit: configuration.concurrency)
            )
            let session = FetchSession(client: client, cache: cache, refresh: configuration.refresh, offline: configuration.offline)
            let outcome: Result<FetchReport, any Error>
            do {
                var crawl = FetchCrawl(session: session, configuration: configuration, started: started, progress: progress)
                outcome = .success(try await crawl.run())
            } catch {
                outcome = .failure(error)
            }
            await transport.shutdown()
            let ended = Result { () throws(PokeAPIFailure) in try cache.endRun() }
            withExtendedLifetime(lock) {}
            let report = try outcome.get()
            try ended.get()
            return report
        } catch let error as CancellationError {
            throw error
        } catch {
            throw PokeAPIError(error)
        }
    }
}

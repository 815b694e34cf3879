import Foundation
import Common

/// The walk from the selection to everything it reaches, with bounded concurrency.
///
/// Workers in child tasks process the items (``FetchSession/process(_:)``) and keep the
/// books here, one at a time, through ``Board``. After ``run()``, the fetcher writes the
/// lists (``writeLists()``) and the source index (``index(root:)``) from these books.
struct FetchCrawl {
    let session: FetchSession
    let configuration: FetchConfiguration
    let started: ContinuousClock.Instant
    let progress: @Sendable (FetchProgress) -> Void

    private var queue: [WorkItem] = []
    /// The sprites and lists met so far (resources are in `met`).
    private var seen: Set<WorkItem> = []
    /// Every resource met so far, with the first name a link gave it (nil while none has):
    /// queued once, and named in the lists written at the end. One lookup per link, where a
    /// set and a table of names took two hashes and a write (a pokemon links hundreds).
    private(set) var met: [APIResourcePath: String?] = [:]
    /// Resources the cache holds after this run, by endpoint.
    private(set) var presentEntries: [String: Set<APIResourcePath>] = [:]
    /// Every present resource, with what it reaches, for the source index: one table, so
    /// recording a resource (under the books' lock) hashes its path once, not three times.
    private(set) var present: [APIResourcePath: Present] = [:]
    /// The sprites the cache holds after this run, with their stamps where this run stored them.
    private(set) var presentSprites: [SpritePath: FileStamp?] = [:]
    private(set) var missingSprites: Set<SpritePath> = []
    private(set) var missingResources: Set<APIResourcePath> = []
    private var misses: [String] = []
    /// Set when a host cannot be reached at all: the crawl stops and says so once.
    fileprivate var unreachable: PokeAPIFailure?
    private var report = FetchReport()
    private(set) var done = 0
    /// Items being processed by a worker.
    fileprivate var running = 0
    /// Workers waiting for the queue to fill.
    fileprivate var waiting: [CheckedContinuation<WorkItem?, Never>] = []
    /// Set when the fetch is cancelled: no further item is handed out.
    fileprivate var stopped = false

    init(session: FetchSession, configuration: FetchConfiguration, started: ContinuousClock.Instant,
         progress: @escaping @Sendable (FetchProgress) -> Void) {
        self.session = session
        self.configuration = configuration
        self.started = started
        self.progress = progress
    }

    mutating func run() async throws -> FetchReport {
        for seed in try await seeds() { enqueue(seed) }
        // One worker per request allowed in flight, each on a thread of its own: a plain
        // `http://` request blocks that thread (SocketHTTPTransport.Lane) rather than going
        // to a connection thread and waking the worker when it is done, and while one
        // worker scans and stores, the others' requests are on the wire.
        let board = Board(self)
        let session = session
        let threads = (0..<configuration.concurrency).map { _ in WorkerThread(name: "pokedex-fetch") }
        defer { for thread in threads { thread.close() } }
        await withTaskGroup(of: Bool.self) { group in
            for thread in threads {
                group.addTask(executorPreference: thread) {
                    await SocketHTTPTransport.withLane {
                        var finished: ItemResult?
                        while let item = await board.next(after: finished) {
                            // An entry the last index knows, unchanged: one stat, no read
                            // (a rebuild after one edit meets thousands).
                            if let known = session.knownResult(item) {
                                finished = known
                            } else {
                                finished = await session.process(item)
                            }
                        }
                    }
                    return board.crawl.withLock { $0.unreachable != nil }
                }
            }
            // A host that cannot be reached ends the crawl: requests still on the wire or
            // waiting to be retried are cancelled (the transports end them at once).
            for await unreachable in group where unreachable {
                group.cancelAll()
            }
        }
        self = board.crawl.withLock { $0 }
        if let unreachable { throw unreachable }
        try Task.checkCancellation()
        if !misses.isEmpty { throw PokeAPIFailure.offlineMisses(misses.sorted(), folder: session.cache.inPlace.map { _ in configuration.cache.path }) }
        report.failures.sort { $0.url < $1.url }
        report.duration = ContinuousClock.now - started
        return report
    }
}

/// A resource the cache holds after the crawl, as the source index keeps it.
struct Present {
    /// What it reaches.
    var reach: Reach
    /// Its ``Reach/key`` as read (or as the last index had it): kept in the next index.
    var reachKey: UInt64
    /// The stamp of its file as this run stored or checked it (``ItemResult/stamp``), when known.
    var stamp: FileStamp?
}

/// The crawl as its workers share it: a worker records what it got and takes the next item
/// in one turn of the lock, then goes straight on to that item.
///
/// A task per item, reporting to the one task that kept the books, cost a task and two more
/// thread switches per request, on two cores shared with the server.
private final class Board: Sendable {
    typealias Waiting = CheckedContinuation<WorkItem?, Never>
    let crawl: PlainLock<FetchCrawl>
    /// The crawl's progress callback, called after the lock is let go: a renderer that
    /// draws a bar (a lock of its own, a write to the terminal) never holds up the books.
    let progress: @Sendable (FetchProgress) -> Void

    init(_ crawl: sending FetchCrawl) {
        progress = crawl.progress
        self.crawl = PlainLock(crawl)
    }

    /// Records `result` (the worker's last item) and returns the next item to process, or
    /// nil when the crawl is over: nothing queued and nothing in flight, a host unreachable,
    /// or the fetch cancelled. A worker that finds the queue empty while others still work
    /// waits for what their results lead to.
    func next(after result: ItemResult?) async -> WorkItem? {
        let stopping = Task.isCancelled
        let (taken, handed, state) = crawl.withLock { crawl in
            var state: FetchProgress?
            if let result {
                crawl.running -= 1
                crawl.record(result)
                state = crawl.currentProgress
            }
            if stopping { crawl.stopped = true }
            return (crawl.take(), crawl.handOut(), state)
        }
        for (worker, item) in handed { worker.resume(returning: item) }
        if let state { progress(state) }
        switch taken {
        case let .item(item): return item
        case .over: return nil
        case .empty: break
        }
        return await withCheckedContinuation { (worker: Waiting) in
            let now = crawl.withLock { crawl -> WorkItem?? in
                switch crawl.take() {
                case let .item(item): return .some(item)
                case .over: return .some(nil)
                case .empty:
                    crawl.waiting.append(worker)
                    return .none
                }
            }
            if let now { worker.resume(returning: now) }
        }
    }
}

fileprivate extension FetchCrawl {
    enum Taken {
        case item(WorkItem)
        /// Nothing queued, but items in flight may lead to more.
        case empty
        case over
    }

    /// The next item to process, counted as in flight.
    mutating func take() -> Taken {
        if !stopped, unreachable == nil, let item = queue.popLast() {
            running += 1
            return .item(item)
        }
        return running == 0 || stopped || unreachable != nil ? .over : .empty
    }

    /// The waiting workers to wake, each with its next item (nil: the crawl is over).
    mutating func handOut() -> [(Board.Waiting, WorkItem?)] {
        var handed: [(Board.Waiting, WorkItem?)] = []
        while !waiting.isEmpty {
            switch take() {
            case let .item(item): handed.append((waiting.removeLast(), item))
            case .over:
                handed += waiting.map { ($0, nil) }
                waiting.removeAll()
            case .empty: return handed
            }
        }
        return handed
    }
}

private extension FetchCrawl {
    /// The lookups, and the species the selection names.
    mutating func seeds() async throws -> [WorkItem] {
        var seeds = Reach.lookupResources.map(WorkItem.list)
        let selection = configuration.selection
        if selection.isAll { seeds.append(.list("pokemon-species")) }
        if !selection.generations.isEmpty { try await checkGenerations(selection.generations) }
        seeds += selection.generations.map { .resource(APIResourcePath(resource: "generation", id: $0)) }
        if !selection.pokemon.isEmpty {
            let (list, fetched, bytes) = try await session.upstreamList("pokemon-species")
            if fetched { report.bytes += bytes }
            seeds += try Self.species(for: selection.pokemon, in: list).map(WorkItem.resource)
        }
        return seeds
    }

    /// Refuses a generation the source does not have, before any other work: "generation 12
    /// does not exist: this source has generations 1-9". A source without the list says nothing.
    mutating func checkGenerations(_ generations: [Int]) async throws {
        guard let (list, fetched, bytes) = try? await session.upstreamList("generation") else { return }
        if fetched { report.bytes += bytes }
        let known = Set(list.results.compactMap { $0.path?.id })
        guard !known.isEmpty, let unknown = generations.first(where: { !known.contains($0) }) else { return }
        let range = known.sorted()
        let have = range.count > 1 && range.last! - range.first! == range.count - 1 ? "\(range.first!)-\(range.last!)" : range.map(String.init).joined(separator: ", ")
        throw PokeAPIFailure.unknownGeneration(unknown, available: have)
    }

    static func species(for selectors: [PokemonSelector], in list: Wire.ResourceList) throws(PokeAPIFailure) -> [APIResourcePath] {
        let entries = list.results.compactMap { entry in entry.path.map { (path: $0, name: entry.name ?? "") } }
        var paths: [APIResourcePath] = []
        for selector in selectors {
            switch selector {
            case let .range(range):
                let matches = entries.filter { $0.path.id.map(range.contains) ?? false }.map(\.path)
                guard !matches.isEmpty else {
                    throw .badSelection(text: "\(range.lowerBound)-\(range.upperBound)", reason: "no species has these numbers at this source")
                }
                paths += matches
            case let .name(name):
                guard let match = entries.first(where: { $0.name == name }) else {
                    throw .unknownPokemon(name: name, suggestions: Suggestions.closest(to: name, in: entries.map(\.name)))
                }
                paths.append(match.path)
            }
        }
        return paths
    }

    mutating func enqueue(_ item: WorkItem) {
        if case let .resource(path) = item { return meet(path, named: nil) }
        guard seen.insert(item).inserted else { return }
        queue.append(item)
    }

    /// Queues a resource the first time it is met, and keeps the first name it is given.
    mutating func meet(_ path: APIResourcePath, named name: String?) {
        switch met[path] {
        case .none:
            met[path] = .some(name)
            queue.append(.resource(path))
        case .some(.none):
            if let name { met[path] = .some(name) }
        case .some(.some):
            break
        }
    }

    mutating func record(_ result: ItemResult) {
        done += 1
        report.bytes += result.bytes
        switch result.outcome {
        case .downloaded: report.downloaded += 1
        case .notModified: report.notModified += 1
        case .cached: report.alreadyCached += 1
        case .missingSprite: report.missingSprites += 1
        case .missingResource: report.missingResources += 1
        case let .failed(failure): report.failures.append(failure)
        case let .offlineMiss(what): misses.append(what)
        case let .unreachable(failure): unreachable = unreachable ?? failure
        }
        switch (result.item, result.outcome) {
        case let (.resource(path), .downloaded), let (.resource(path), .notModified), let (.resource(path), .cached):
            presentEntries[path.resource, default: []].insert(path)
            var reach = result.reach
            if path.resource == "generation", let id = path.id, configuration.selection.generations.contains(id) {
                for species in reach.generationSpecies { reach.resources[species] = reach.resources[species] ?? .some(nil) }
            }
            present[path] = Present(reach: reach, reachKey: result.reachKey, stamp: result.stamp)
        case let (.resource(path), .missingResource):
            missingResources.insert(path)
        case let (.sprite(sprite), .downloaded), let (.sprite(sprite), .notModified), let (.sprite(sprite), .cached):
            presentSprites[sprite] = result.stamp
        case let (.sprite(sprite), .missingSprite):
            missingSprites.insert(sprite)
        default:
            break
        }
        for (path, name) in result.reach.resources { meet(path, named: name) }
        for sprite in result.reach.sprites { enqueue(.sprite(sprite)) }
        switch configuration.images {
        case .sprites: break
        case .artwork: for sprite in result.reach.artwork { enqueue(.sprite(sprite)) }
        case .home: for sprite in result.reach.home { enqueue(.sprite(sprite)) }
        }
        if case let .resource(path) = result.item, path.resource == "generation", let id = path.id,
           configuration.selection.generations.contains(id) {
            for species in result.reach.generationSpecies { enqueue(.resource(species)) }
        }
    }

    /// Where the crawl stands, for ``progress``.
    var currentProgress: FetchProgress {
        FetchProgress(done: done, total: seen.count + met.count, bytes: report.bytes, failed: report.failures.count,
                      elapsed: ContinuousClock.now - started)
    }
}

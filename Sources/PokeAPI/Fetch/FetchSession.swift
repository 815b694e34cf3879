import Common
import Foundation

/// Fetches single work items into the cache; holds no mutable state, so items run concurrently.
struct FetchSession: Sendable {
    /// How an item that threw ended: unreachable (the crawl stops: the host cannot be reached,
    /// or its server refused every attempt) or failed (listed at the end).
    static func outcome(of error: any Error, url: String) -> ItemResult.Outcome {
        switch error as? PokeAPIFailure {
        case let failure? where failure.endsFetch: return .unreachable(failure)
        default: break
        }
        let described = PokeAPIError(error)
        // The file in the cache, when it is not the URL: the link to remove is on its way.
        let reason = described.location.isEmpty || described.location == url ? described.summary : "\(described.summary) (\(described.location))"
        return .failed(FetchFailure(url: url, reason: reason, advice: described.advice))
    }

    let client: APIClient
    let cache: ResourceCache
    let refresh: Bool
    let offline: Bool
    /// What files recorded in the last source index reach, with their stamps: a file whose
    /// stamp is unchanged is not read or scanned again.
    var known: [APIResourcePath: (stamp: FileStamp, reach: Reach, key: UInt64)] = [:]
    /// The sprites the last source index recorded, with their stamps.
    var knownMedia: [String: FileStamp] = [:]
    /// Set when the cache held no entry as the run began (``ResourceCache/holdsNoEntries()``):
    /// no file is looked for, since none can be there but one this run wrote, and the run
    /// takes each item once. A cold fetch spared a failed open or stat per item.
    var startedEmpty = false

    var endpoints: Endpoints { client.endpoints }

    /// The result of an item the last source index knows and whose file is unchanged, or nil.
    func knownResult(_ item: WorkItem) -> ItemResult? {
        guard !refresh || offline else { return nil }
        switch item {
        case let .resource(path):
            guard let known = known[path], cache.stamp(of: path) == known.stamp else { return nil }
            var result = ItemResult(item: item, outcome: .cached)
            result.reach = known.reach
            result.reachKey = known.key
            result.stamp = known.stamp
            return result
        case let .sprite(sprite):
            guard let stamp = knownMedia[sprite.relativePath], cache.stamp(of: sprite) == stamp else { return nil }
            var result = ItemResult(item: item, outcome: .cached)
            result.stamp = stamp
            return result
        case .list:
            return nil
        }
    }

    func process(_ item: WorkItem) async -> ItemResult {
        switch item {
        case let .resource(path): return await resource(path)
        case let .sprite(path): return await sprite(path)
        case let .list(resource): return await list(resource)
        }
    }
}

private extension FetchSession {
    func resource(_ path: APIResourcePath) async -> ItemResult {
        let url = endpoints.url(for: path)
        var result = ItemResult(item: .resource(path), outcome: .cached)
        if !refresh || offline, let known = known[path], cache.stamp(of: path) == known.stamp {
            result.reach = known.reach
            result.reachKey = known.key
            result.stamp = known.stamp
            return result
        }
        let cached = startedEmpty ? nil : cache.read(path)
        // What the cached copy reaches, when it is JSON at all.
        let cachedReach = cached.flatMap { try? Reach.links(in: $0, at: path, url: url) }
        if let cachedReach, !refresh || offline {
            result.reach = cachedReach
            result.reachKey = cachedReach.key
            return result
        }
        let optional = Reach.optionalResources.contains(path.resource)
        if cached == nil, optional, offline || (!refresh && cache.isRecordedMissing(path)) {
            // Never an offline miss: the site names the place from its slug without it.
            result.outcome = .missingResource
            return result
        }
        if offline {
            if let refusal = cache.refusal(path) {
                result.outcome = .failed(FetchFailure(url: cache.layout.path(for: path), reason: refusal))
            } else if let cached {
                result.outcome = .failed(FetchFailure(url: cache.layout.path(for: path), reason: Reach.whyInvalid(cached)))
            } else {
                result.outcome = .offlineMiss(path.link)
            }
            return result
        }
        do {
            // Asked whether it changed only when the copy is good: a copy that is not JSON
            // (cut short, edited) is fetched whole, or the server's "not modified" would
            // keep it broken for good.
            let validators = cachedReach == nil ? nil : cache.metadata(for: path)?.validators
            let outcome = try await client.get(url, validators: validators) { (data) throws(PokeAPIFailure) in
                try Reach.links(in: data, at: path, url: url)
            }
            switch outcome.outcome {
            case let .body(data, etag, lastModified):
                result.reach = outcome.value ?? Reach()
                result.reachKey = result.reach.key
                result.stamp = try cache.store(data, at: path, metadata: metadata(url, etag, lastModified, status: 200))
                result.outcome = .downloaded
                result.bytes = data.count
            case .notModified:
                guard let cachedReach else { throw PokeAPIFailure.status(url: url, code: 304) }
                result.reach = cachedReach
                result.reachKey = cachedReach.key
                var record = cache.metadata(for: path) ?? metadata(url, nil, nil, status: 200)
                record.fetchedAt = CacheMetadata.now()
                try cache.touch(path, metadata: record)
                result.outcome = .notModified
            case .notFound where optional:
                try cache.recordMissing(path, metadata: metadata(url, nil, nil, status: 404))
                if cached != nil { try cache.remove(path) }
                result.outcome = .missingResource
            case .notFound:
                throw PokeAPIFailure.status(url: url, code: 404)
            }
        } catch {
            result.outcome = Self.outcome(of: error, url: url)
        }
        return result
    }

    func sprite(_ sprite: SpritePath) async -> ItemResult {
        let url = endpoints.url(for: sprite)
        var result = ItemResult(item: .sprite(sprite), outcome: .cached)
        let state = cache.state(of: sprite, lookingOnDisk: !startedEmpty)
        if state != .absent, !refresh || offline {
            result.outcome = state == .missing ? .missingSprite : .cached
            return result
        }
        if offline {
            result.outcome = cache.inPlace == nil ? .offlineMiss(sprite.relativePath) : .missingSprite
            return result
        }
        do {
            let validators = state == .present ? cache.metadata(for: sprite)?.validators : nil
            let outcome = try await client.get(url, validators: validators) { (data) throws(PokeAPIFailure) in
                guard MediaFile.matches(data.prefix(12), kind: sprite.kind) else { throw PokeAPIFailure.notAnImage(url: url) }
            }
            switch outcome.outcome {
            case let .body(data, etag, lastModified):
                result.stamp = try cache.store(data, at: sprite, metadata: metadata(url, etag, lastModified, status: 200))
                result.outcome = .downloaded
                result.bytes = data.count
            case .notModified:
                result.outcome = .notModified
            case .notFound:
                try cache.recordMissing(sprite, metadata: metadata(url, nil, nil, status: 404))
                result.outcome = .missingSprite
            }
        } catch {
            result.outcome = Self.outcome(of: error, url: url)
        }
        return result
    }

    func list(_ resource: String) async -> ItemResult {
        var result = ItemResult(item: .list(resource), outcome: .cached)
        do {
            let (list, fetched, bytes) = try await upstreamList(resource)
            for entry in list.results {
                if let path = entry.path { result.reach.resources[path] = .some(entry.name) }
            }
            result.outcome = fetched ? .downloaded : .cached
            result.bytes = bytes
        } catch {
            if case .offlineMisses = error, cache.inPlace != nil {
                // A data folder read in place that has no list of a lookup: nothing to follow.
                result.outcome = .missingResource
            } else if case let .offlineMisses(paths, _) = error {
                result.outcome = .offlineMiss(paths.first ?? resource)
            } else {
                result.outcome = Self.outcome(of: error, url: endpoints.listURL(for: resource))
            }
        }
        return result
    }

    func metadata(_ url: String, _ etag: String?, _ lastModified: String?, status: Int) -> CacheMetadata {
        CacheMetadata(url: url, etag: etag, lastModified: lastModified, fetchedAt: CacheMetadata.now(), status: status)
    }
}

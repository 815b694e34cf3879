import Foundation
import Testing
import TestSupport
import Common
@testable import PokeAPI

@Suite("Fetching into the cache")
struct FetcherTests {
    @Test("a fetch stores the selection and what it reaches, in api-data layout")
    func fetchesWhatTheSelectionReaches() async throws {
        let api = try await FixtureAPI.start()
        let cache = try TemporaryFolder()
        let report = try await Fetcher(configuration: api.configuration(cache: cache.url)).run()
        let files = Set(cache.files())
        #expect(FixtureData.resourceFiles.isSubset(of: files), "missing: \(FixtureData.resourceFiles.subtracting(files))")
        #expect(files.contains("sprites/pokemon/1.png") && files.contains("sprites/pokemon/shiny/1.png") && files.contains("sprites/pokemon/2.png"))
        #expect(!files.contains("sprites/pokemon/shiny/2.png"))
        #expect(report.missingSprites == 1)
        #expect(report.failures.isEmpty)
        let species = try LocalSource(root: cache.url).decode(APIPokemonSpecies.self, at: #require(APIResourcePath(resource: "pokemon-species", identifier: "ivysaur")))
        #expect(species.id == 2)
        let metadata = try #require(ResourceCache(layout: CacheLayout(root: cache.url)).metadata(for: APIResourcePath(resource: "pokemon", id: 1)))
        #expect(metadata.url == api.apiBase + "pokemon/1/")
        #expect(metadata.etag != nil)
        await api.server.stop()
    }

    @Test("a second fetch of the same selection asks for nothing and says so")
    func secondFetchIsNoOp() async throws {
        let api = try await FixtureAPI.start()
        let cache = try TemporaryFolder()
        _ = try await Fetcher(configuration: api.configuration(cache: cache.url)).run()
        let before = api.server.requests.count
        let report = try await Fetcher(configuration: api.configuration(cache: cache.url)).run()
        #expect(report.isNoOp)
        #expect(report.alreadyCached > 20)
        #expect(api.server.requests.count == before)
        await api.server.stop()
    }

    @Test("the source index of a fetch holds every stored file's own stamp, taken when it was written")
    func indexStampsMatchTheFiles() async throws {
        let api = try await FixtureAPI.start()
        let cache = try TemporaryFolder()
        let result = try await Fetcher(configuration: api.configuration(cache: cache.url)).fetch()
        let index = try #require(result.index)
        #expect(Set(index.entries.map { "api/v2/\($0.path)/index.json" }).isSuperset(of: FixtureData.resourceFiles))
        for entry in index.entries {
            #expect(!entry.path.hasPrefix("/") && !entry.path.hasSuffix("/"))
            let file = cache.url.appendingPathComponent("api/v2/\(entry.path)/index.json").path
            #expect(FileStamp.of(file) == entry.stamp, "\(entry.path)")
        }
        // So the next fetch finds every stamp unchanged: nothing restamped, nothing asked.
        let before = api.server.requests.count
        let again = try await Fetcher(configuration: api.configuration(cache: cache.url)).run()
        #expect(again.isNoOp && again.restamped == 0)
        #expect(api.server.requests.count == before)
        await api.server.stop()
    }

    @Test("--refresh revalidates with If-None-Match and keeps files on 304")
    func refreshRevalidates() async throws {
        let api = try await FixtureAPI.start()
        let cache = try TemporaryFolder()
        _ = try await Fetcher(configuration: api.configuration(cache: cache.url)).run()
        let file = cache.url.appendingPathComponent("api/v2/pokemon/1/index.json")
        let before = try Data(contentsOf: file)
        var configuration = api.configuration(cache: cache.url)
        configuration.refresh = true
        let report = try await Fetcher(configuration: configuration).run()
        #expect(report.downloaded <= Reach.lookupResources.count + 1, "only the upstream lists are fetched again")
        #expect(report.notModified >= FixtureData.resourceFiles.count)
        #expect(try Data(contentsOf: file) == before)
        #expect(api.requests(to: "/api/v2/pokemon/1/").last?.headers["if-none-match"] != nil)
        await api.server.stop()
    }

    /// The fixture's chain, with Ivysaur evolving at a place.
    static let chainWithPlace = FixtureData.chain.replacingOccurrences(
        of: #""min_level":16,"#, with: #""min_level":16,"location":{"name":"eterna-forest","url":"/api/v2/location/48/"},"#)

    @Test("a place upstream lacks is recorded as missing, not a failure, and not asked for again")
    func missingPlaceIsNotAFailure() async throws {
        let api = try await FixtureAPI.start()
        api.inject { request, _ in request.path == "/api/v2/evolution-chain/1/" ? .json(Self.chainWithPlace) : nil }
        let cache = try TemporaryFolder()
        let report = try await Fetcher(configuration: api.configuration(cache: cache.url)).run()
        #expect(report.failures.isEmpty)
        #expect(report.missingResources == 1)
        #expect(api.requests(to: "/api/v2/location/48/").count == 1, "a 404 is an answer, not a fault to retry")
        let record = ResourceCache(layout: CacheLayout(root: cache.url)).metadata(for: APIResourcePath(resource: "location", id: 48))
        #expect(record?.status == 404)

        let again = try await Fetcher(configuration: api.configuration(cache: cache.url)).run()
        #expect(again.isNoOp && again.missingResources == 1)
        #expect(api.requests(to: "/api/v2/location/48/").count == 1)
        var offline = api.configuration(cache: cache.url)
        offline.offline = true
        #expect(try await Fetcher(configuration: offline).run().missingResources == 1)
        await api.server.stop()
    }

    @Test("a place upstream has is stored like any resource")
    func presentPlaceIsStored() async throws {
        let api = try await FixtureAPI.start()
        api.inject { request, _ in
            switch request.path {
            case "/api/v2/evolution-chain/1/": .json(Self.chainWithPlace)
            case "/api/v2/location/48/": .json(#"{"id":48,"name":"eterna-forest","names":[{"name":"Eterna Forest","language":{"name":"en","url":"/api/v2/language/9/"}}]}"#)
            // The language its name is in: the schema follows it, as every text's language.
            case "/api/v2/language/9/": .json(#"{"id":9,"name":"en"}"#)
            default: nil
            }
        }
        let cache = try TemporaryFolder()
        let report = try await Fetcher(configuration: api.configuration(cache: cache.url)).run()
        #expect(report.failures.isEmpty && report.missingResources == 0)
        #expect(cache.files().contains("api/v2/location/48/index.json"))

        // Upstream drops it: a refresh records it missing and removes the stale file.
        api.clearFaults()
        api.inject { request, _ in request.path == "/api/v2/evolution-chain/1/" ? .json(Self.chainWithPlace) : nil }
        var refresh = api.configuration(cache: cache.url)
        refresh.refresh = true
        let again = try await Fetcher(configuration: refresh).run()
        #expect(again.failures.isEmpty && again.missingResources == 1)
        #expect(!cache.files().contains("api/v2/location/48/index.json"))
        await api.server.stop()
    }

    @Test("invalid JSON is reported, never cached, and fetched on the next run")
    func invalidJSONNotCached() async throws {
        let api = try await FixtureAPI.start()
        api.inject { request, _ in request.path == "/api/v2/pokemon/2/" ? .json(#"{"id":2,"name":"#) : nil }
        let cache = try TemporaryFolder()
        let report = try await Fetcher(configuration: api.configuration(cache: cache.url)).run()
        #expect(report.failures.map(\.url) == [api.apiBase + "pokemon/2/"])
        #expect(report.failures.first?.reason.contains("not valid JSON") == true)
        #expect(!cache.files().contains("api/v2/pokemon/2/index.json"))
        #expect(cache.files().contains("api/v2/pokemon/1/index.json"))
        api.clearFaults()
        let again = try await Fetcher(configuration: api.configuration(cache: cache.url)).run()
        #expect(again.failures.isEmpty)
        #expect(cache.files().contains("api/v2/pokemon/2/index.json"))
        await api.server.stop()
    }

    @Test("a body that sometimes arrives cut short is retried within the run, like a 5xx")
    func invalidJSONRetried() async throws {
        let api = try await FixtureAPI.start()
        // The first two answers for pokemon 2 are truncated JSON with status 200; the third is whole.
        api.inject { request, count in request.path == "/api/v2/pokemon/2/" && count <= 2 ? .json(#"{"id":2,"name":"#) : nil }
        let cache = try TemporaryFolder()
        let report = try await Fetcher(configuration: api.configuration(cache: cache.url)).run()
        #expect(report.failures.isEmpty, "one run is enough")
        #expect(api.requests(to: "/api/v2/pokemon/2/").count == 3)
        #expect(cache.files().contains("api/v2/pokemon/2/index.json"))
        await api.server.stop()
    }

    @Test("a sprite whose bytes are not an image is retried, then reported, and never cached")
    func spriteNotAnImage() async throws {
        let api = try await FixtureAPI.start()
        api.inject { request, _ in request.path == "/sprites/pokemon/1.png" ? .respond(status: 200, headers: [:], body: Array("<html><script>alert(1)</script>".utf8)) : nil }
        let cache = try TemporaryFolder()
        let report = try await Fetcher(configuration: api.configuration(cache: cache.url)).run()
        #expect(report.failures.count == 1)
        #expect(report.failures.first?.url.hasSuffix("/sprites/pokemon/1.png") == true)
        #expect(report.failures.first?.reason.contains("not an image") == true)
        #expect(api.requests(to: "/sprites/pokemon/1.png").count == 3, "retried like a transient failure")
        #expect(!cache.files().contains("sprites/pokemon/1.png"))
        await api.server.stop()
    }

    @Test("a resource that keeps failing is listed while the rest is kept")
    func persistentFailureListed() async throws {
        let api = try await FixtureAPI.start()
        api.inject { request, _ in request.path == "/api/v2/type/12/" ? .status(503) : nil }
        let cache = try TemporaryFolder()
        let report = try await Fetcher(configuration: api.configuration(cache: cache.url)).run()
        #expect(report.failures == [FetchFailure(url: api.apiBase + "type/12/", reason: "HTTP status 503", advice: "Run again later; finished files are kept")])
        #expect(api.requests(to: "/api/v2/type/12/").count == 3)
        #expect(FixtureData.resourceFiles.subtracting(["api/v2/type/12/index.json"]).isSubset(of: Set(cache.files())))
        await api.server.stop()
    }

    /// The fixture with `path` answering 500 only after `delay`, a cache, and a configuration
    /// whose timeout outlasts the delay: only a cancel can end that request early.
    static func fixture(answering path: String, after delay: Duration) async throws -> (FixtureAPI, TemporaryFolder, FetchConfiguration) {
        let api = try await FixtureAPI.start()
        api.inject { request, _ in request.path == path ? .delayed(delay, .status(500)) : nil }
        let cache = try TemporaryFolder()
        var configuration = api.configuration(cache: cache.url)
        configuration.timeout = delay * 2
        return (api, cache, configuration)
    }

    @Test("a fetch cancelled midway leaves only complete files, and the next run resumes")
    func cancelledFetchResumes() async throws {
        let (api, cache, slow) = try await Self.fixture(answering: "/api/v2/pokemon/2/", after: .seconds(30))
        var configuration = slow
        let task = Task { try await Fetcher(configuration: slow).run() }
        for _ in 0..<200 where api.requests(to: "/api/v2/pokemon/2/").isEmpty {
            try await Task.sleep(for: .milliseconds(20))
        }
        let cancelled = ContinuousClock.now
        task.cancel()
        _ = await task.result
        #expect(ContinuousClock.now - cancelled < .seconds(20), "the fetch waited for the request on the wire")
        configuration.timeout = .seconds(5)
        let partial = Set(cache.files().filter { $0.hasPrefix("api/") })
        #expect(!partial.contains("api/v2/pokemon/2/index.json"))
        for file in partial {
            let data = try Data(contentsOf: cache.url.appendingPathComponent(file))
            #expect((try? JSONSerialization.jsonObject(with: data)) != nil, "\(file) is not complete JSON")
        }
        api.clearFaults()
        let before = api.server.requests.count
        let report = try await Fetcher(configuration: configuration).run()
        #expect(report.failures.isEmpty)
        #expect(FixtureData.resourceFiles.isSubset(of: Set(cache.files())))
        let asked = api.server.requests.dropFirst(before).map(\.path)
        #expect(!asked.contains("/api/v2/pokemon-species/1/"), "entries from the first run are not fetched again")
        #expect(asked.contains("/api/v2/pokemon/2/"))
        await api.server.stop()
    }

    @Test("a host that cannot be reached ends the whole fetch at once: what is on the wire is not waited for")
    func unreachableHostEndsTheFetch() async throws {
        // A list among the lookups the workers take first answers after a minute; the
        // sprites' host does not resolve.
        let (api, cache, slow) = try await Self.fixture(answering: "/api/v2/move-target/", after: .seconds(60))
        // The sprites are known only from a pokemon's JSON: while the slow list is not yet
        // on the wire, a pokemon is answered a second late, so the failure does not come
        // first (it could only if the list were asked for over a second later).
        api.inject { [weak api] request, _ in
            guard request.path.hasPrefix("/api/v2/pokemon/"), api?.requests(to: "/api/v2/move-target/").isEmpty ?? false else { return nil }
            return .delayed(.seconds(1), FixtureAPI.normalReply(to: request))
        }
        var configuration = slow
        configuration.spritesURL = "http://sprites.invalid/"
        let started = ContinuousClock.now
        await #expect {
            try await Fetcher(configuration: configuration).run()
        } throws: { error in
            "\(error)".contains("sprites.invalid")
        }
        #expect(api.server.requests.contains { $0.path == "/api/v2/move-target/" }, "the slow list was on the wire")
        #expect(ContinuousClock.now - started < .seconds(30), "the fetch waited for the slow list")
        withExtendedLifetime(cache) {}
        await api.server.stop()
    }

    @Test("a server that refuses every attempt ends the fetch, by host and port, and keeps what was fetched")
    func refusingServerEndsTheFetch() async throws {
        // The sprites' server is gone: every connection to it is refused. Each of the
        // sprites would otherwise fail on its own after its retries.
        let api = try await FixtureAPI.start()
        let cache = try TemporaryFolder()
        var configuration = api.configuration(cache: cache.url)
        try await ScriptedServer.withRefusingPort { port in
            configuration.spritesURL = "http://127.0.0.1:\(port)/"
            await #expect {
                try await Fetcher(configuration: configuration).run()
            } throws: { error in
                let text = "\(error)"
                return text.contains("No server listens at 127.0.0.1:\(port)") && text.contains("(3 attempts)")
            }
        }
        let kept = cache.files().filter { $0.hasPrefix("api/") && $0.hasSuffix(".json") }
        #expect(!kept.isEmpty, "nothing fetched before the refusals was kept")
        for file in kept {
            let data = try Data(contentsOf: cache.url.appendingPathComponent(file))
            #expect((try? JSONSerialization.jsonObject(with: data)) != nil, "\(file) is not complete JSON")
        }
        await api.server.stop()
    }

    @Test("--offline lists what the cache lacks, and passes once it is full")
    func offline() async throws {
        let api = try await FixtureAPI.start()
        let cache = try TemporaryFolder()
        var configuration = api.configuration(cache: cache.url)
        configuration.offline = true
        await #expect(throws: PokeAPIError.self) { try await Fetcher(configuration: configuration).run() }
        #expect(api.server.requests.isEmpty)
        _ = try await Fetcher(configuration: api.configuration(cache: cache.url)).run()
        let count = api.server.requests.count
        let report = try await Fetcher(configuration: configuration).run()
        #expect(report.isNoOp)
        #expect(api.server.requests.count == count)
        await api.server.stop()
    }

    @Test("a cached file that is not JSON is named with the line and column where it stops being JSON")
    func invalidCachedFilePosition() async throws {
        let api = try await FixtureAPI.start()
        let cache = try TemporaryFolder()
        _ = try await Fetcher(configuration: api.configuration(cache: cache.url)).run()
        await api.server.stop()
        let file = cache.url.appendingPathComponent("api/v2/pokemon/2/index.json")
        // A value left out on the second line: the reader stops at the brace, its tenth character.
        try Data("{\"id\": 2,\n \"name\": }".utf8).write(to: file)
        var configuration = api.configuration(cache: cache.url)
        configuration.offline = true
        let report = try await Fetcher(configuration: configuration).run()
        let reason = try #require(report.failures.first { $0.url.hasSuffix("api/v2/pokemon/2/index.json") }?.reason)
        #expect(reason == "not valid JSON at line 2, column 10 (byte 20)")
        // Cut short, and with a letter of two bytes before the spot: columns count characters.
        try Data("{\"name\": \"Flabébé\",\n \"id\": [1, 2".utf8).write(to: file)
        let cut = try await Fetcher(configuration: configuration).run()
        #expect(cut.failures.first { $0.url.hasSuffix("api/v2/pokemon/2/index.json") }?.reason
            == "not valid JSON: the file ends before the JSON does, at line 2, column 13; it may be cut short")
        // A comma left out: said where the next key starts.
        try Data("{\"name\": \"Flabébé\" \"id\": 1}".utf8).write(to: file)
        let accented = try await Fetcher(configuration: configuration).run()
        #expect(accented.failures.first { $0.url.hasSuffix("api/v2/pokemon/2/index.json") }?.reason
            == "not valid JSON at line 1, column 20 (byte 22)")
        try Data().write(to: file)
        let empty = try await Fetcher(configuration: configuration).run()
        #expect(empty.failures.first { $0.url.hasSuffix("api/v2/pokemon/2/index.json") }?.reason == "the file is empty, not JSON")
    }

    @Test("a cached file that is not JSON is fetched whole again, not revalidated and kept broken")
    func brokenCachedFileRefetched() async throws {
        let api = try await FixtureAPI.start()
        let cache = try TemporaryFolder()
        _ = try await Fetcher(configuration: api.configuration(cache: cache.url)).run()
        let file = cache.url.appendingPathComponent("api/v2/pokemon/2/index.json")
        let good = try Data(contentsOf: file)
        try good.prefix(good.count / 2).write(to: file)
        for refresh in [false, true] {
            var configuration = api.configuration(cache: cache.url)
            configuration.refresh = refresh
            let report = try await Fetcher(configuration: configuration).run()
            #expect(report.failures.isEmpty, "refresh \(refresh): \(report.failures)")
            #expect(try Data(contentsOf: file) == good, "refresh \(refresh)")
            try good.prefix(good.count / 2).write(to: file)
        }
        // Asked without a validator: never answered "not modified" for the broken copy.
        let asked = api.server.requests.filter { $0.path == "/api/v2/pokemon/2/" }
        #expect(asked.count == 3)
        #expect(asked.dropFirst().allSatisfy { $0.headers["if-none-match"] == nil })
        await api.server.stop()
    }

    @Test("a second fetch on a locked cache stops with a clear message")
    func lockedCache() async throws {
        let api = try await FixtureAPI.start()
        let cache = try TemporaryFolder()
        let lock = try CacheLock(file: CacheLayout(root: cache.url).lockFile)
        do {
            _ = try await Fetcher(configuration: api.configuration(cache: cache.url)).run()
            Issue.record("fetched into a locked cache")
        } catch let error as PokeAPIError {
            #expect(error.description.contains("Another pokedex fetch is writing this cache"))
        }
        withExtendedLifetime(lock) {}
        #expect(api.server.requests.isEmpty)
        await api.server.stop()
    }

    @Test("an unknown name gets a did-you-mean")
    func didYouMean() async throws {
        let api = try await FixtureAPI.start()
        let cache = try TemporaryFolder()
        var configuration = api.configuration(cache: cache.url)
        configuration.selection = FetchSelection(pokemon: [.name("bulbasuar")])
        do {
            _ = try await Fetcher(configuration: configuration).run()
            Issue.record("fetched an unknown pokemon")
        } catch let error as PokeAPIError {
            #expect(error.description.contains("Did you mean bulbasaur?"))
        }
        await api.server.stop()
    }

    @Test("a generation selects the species it introduced")
    func generationSelection() async throws {
        let api = try await FixtureAPI.start()
        let cache = try TemporaryFolder()
        var configuration = api.configuration(cache: cache.url)
        configuration.selection = FetchSelection(generations: [1])
        let report = try await Fetcher(configuration: configuration).run()
        #expect(report.failures.isEmpty)
        #expect(FixtureData.resourceFiles.isSubset(of: Set(cache.files())))
        await api.server.stop()
    }
}

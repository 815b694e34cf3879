import Foundation
import JSONLinkScan
import Testing
import TestSupport
@testable import PokeAPI

/// The real thing: the `pokedex` executable, killed with SIGKILL in the middle of a fetch.
@Suite("A fetch killed with SIGKILL")
struct KilledFetchTests {
    /// The `pokedex` executable `swift build` put beside the test bundle.
    static let executable: URL? = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pokedex")
        let debug = SharedFixtures.packageRoot.appendingPathComponent(".build/debug/pokedex")
        return [beside, debug].first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    @Test("leaves only complete files, and the next run resumes, keeps the metadata and cleans up",
          .enabled(if: executable != nil, "skipped: the pokedex executable was not found beside the test bundle or in .build/debug"))
    func killedMidway() async throws {
        let api = try await FixtureAPI.start()
        api.inject { request, _ in request.path == "/api/v2/pokemon/2/" ? .delayed(.seconds(60), .status(500)) : nil }
        let cache = try TemporaryFolder()
        let process = Process()
        guard let executable = Self.executable else {
            Issue.record("the pokedex executable is missing")
            return
        }
        process.executableURL = executable
        process.arguments = ["fetch", "--api", api.apiBase, "--sprites-url", api.spritesBase, "--cache", cache.url.path,
                             "--pokemon", "bulbasaur", "--quiet"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        for _ in 0..<500 where api.requests(to: "/api/v2/pokemon/2/").isEmpty {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(!api.requests(to: "/api/v2/pokemon/2/").isEmpty, "the fetch reached the slow resource")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)

        let first = cache.files().filter { $0.hasPrefix("api/") }
        #expect(!first.isEmpty)
        #expect(!first.contains("api/v2/pokemon/2/index.json"))
        for file in first {
            let data = try Data(contentsOf: cache.url.appendingPathComponent(file))
            #expect(JSONLinkScanner.isValid(data), "\(file) is not complete JSON")
        }
        #expect(FileManager.default.fileExists(atPath: CacheLayout(root: cache.url).runningMarker.path), "the killed run left its mark")

        api.clearFaults()
        let before = api.server.requests.count
        let report = try await Fetcher(configuration: api.configuration(cache: cache.url)).run()
        #expect(report.failures.isEmpty)
        #expect(FixtureData.resourceFiles.isSubset(of: Set(cache.files())))
        let asked = Set(api.server.requests.dropFirst(before).map(\.path))
        let journal = MetadataJournal(layout: CacheLayout(root: cache.url))
        for file in first {
            let path = "/" + file.dropLast("index.json".count)
            #expect(!asked.contains(path), "\(path) was fetched again")
            #expect(journal.record(for: file)?.etag != nil, "\(file) lost its metadata")
        }
        #expect(cache.files().allSatisfy { !AtomicFile.isTemporary(($0 as NSString).lastPathComponent) })
        #expect(!FileManager.default.fileExists(atPath: CacheLayout(root: cache.url).runningMarker.path))
        await api.server.stop()
    }
}

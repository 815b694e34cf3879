import Foundation
import Testing
import TestSupport
@testable import PokeAPI

/// Generation I over HTTP from the shared mirror, with relative and then absolute links.
@Suite("Fetching generation I from mirror-server", .serialized,
       .enabled(if: SharedFixtures.hasMirror, SharedFixtures.absent("pokeapi-mirror and tools/mirror-server")))
struct MirrorIntegrationTests {
    @Test("the cache equals the mirror, file for file, with relative then absolute links", arguments: [false, true])
    func generationOne(absolute: Bool) async throws {
        let server = try await MirrorServer(absolute: absolute)
        do {
            try await fetchAndCompare(server: server, absolute: absolute)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    func fetchAndCompare(server: MirrorServer, absolute: Bool) async throws {
        let cache = try TemporaryFolder("pokedex-mirror")
        let configuration = FetchConfiguration(
            cache: cache.url, api: server.apiBase, spritesURL: server.spritesBase, selection: FetchSelection(generations: [1])
        )
        let report = try await Fetcher(configuration: configuration).run()
        #expect(report.failures.isEmpty, "\(report.failures.prefix(5))")
        let files = cache.files().filter { !$0.hasPrefix(".pokedex/") }
        let mirror = SharedFixtures.pokeapiMirror
        var mismatches: [String] = []
        for file in files where !file.hasSuffix("index.json") || file.split(separator: "/").count == 5 {
            var cached = try Data(contentsOf: cache.url.appendingPathComponent(file))
            if absolute, file.hasSuffix(".json") {
                cached = Data(String(decoding: cached, as: UTF8.self).replacingOccurrences(of: "\"\(server.apiBase)", with: "\"/api/v2/").utf8)
            }
            if FileManager.default.contents(atPath: mirror.appendingPathComponent(file).path) != cached { mismatches.append(file) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) files differ from the mirror: \(mismatches.prefix(5))")
        let source = LocalSource(root: cache.url)
        let species = try source.list("pokemon-species")
        let ids = Set(species.results.compactMap { $0.path?.id })
        #expect(Set(1...151).isSubset(of: ids))
        #expect(ids.contains(172) && ids.contains(169), "chain members from later generations (pichu, crobat)")
        #expect(try source.decode(APIPokemon.self, at: APIResourcePath(resource: "pokemon", id: 25)).name == "pikachu")
        #expect(files.contains("sprites/pokemon/25.png") && files.contains("sprites/pokemon/shiny/25.png"))
        #expect(report.downloaded > 500)
    }
}

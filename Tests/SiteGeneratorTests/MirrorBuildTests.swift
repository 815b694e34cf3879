import HTMLSafety
import Foundation
import Pokedex
import Testing
import TestSupport
@testable import SiteGenerator

/// Builds the whole shared mirror (generations I-IV and what their chains reach) as a user would.
@Suite("Whole-mirror build", .enabled(if: SharedFixtures.hasMirror, SharedFixtures.absent("pokeapi-mirror")))
struct MirrorBuildTests {
    @Test("builds every pokemon of the mirror into a site with no broken link")
    func wholeMirror() async throws {
        let folder = try TestSupportPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var loader = CatalogLoader(cacheRoot: SharedFixtures.pokeapiMirror)
        loader.snapshotFolder = folder
        let catalog = try await loader.load().catalog
        let output = folder.appendingPathComponent("site", isDirectory: true)
        let configuration = SiteConfiguration(
            output: output, themeRoot: TestSupportPaths.packageRoot, spritesRoot: SharedFixtures.pokeapiMirror,
            baseURL: "https://example.org/dex/"
        )
        let summary = try await SiteBuilder(configuration: configuration).build(catalog: catalog)
        let listPages = (catalog.species.count + 59) / 60
        #expect(summary.pages == catalog.pokemon.count + listPages + catalog.types.count + 4)
        #expect(summary.sprites > 1_000)
        #expect(try await SiteChecker(root: output).check().findings.filter { $0.kind == .brokenLink }.isEmpty)

        let pikachu = try String(contentsOf: output.appendingPathComponent("pokemon/pikachu.html"), encoding: .utf8)
        #expect(pikachu.contains("<h1>Pikachu</h1>"))
        #expect(pikachu.contains("Use Thunder Stone"))
        let eevee = try String(contentsOf: output.appendingPathComponent("pokemon/eevee.html"), encoding: .utf8)
        #expect(eevee.contains("evo-next is-branching"))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("pokemon/mr-mime.html").path))

        let again = try await SiteBuilder(configuration: configuration).build(catalog: catalog)
        #expect(again.pagesRendered == 0)
    }
}

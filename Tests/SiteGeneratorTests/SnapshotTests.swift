import Foundation
import Testing
@testable import SiteGenerator

/// Rendered pages against recorded files in Snapshots/; `RECORD_SNAPSHOTS=1` records them again.
@Suite("Page snapshots")
struct SnapshotTests {
    static let pages = [
        "index.html", "pokedex/index.html", "pokemon/pikachu.html", "pokemon/eevee.html",
        "pokemon/raichu-alola.html", "types/electric.html", "favorites.html", "my-pokemon.html", "404.html",
        "items/thunder-stone.html", "abilities/static.html", "types/index.html", "credits.html", "growth-rates.html",
    ]

    static var folder: URL {
        TestSupportPaths.packageRoot.appendingPathComponent("Tests/SiteGeneratorTests/Snapshots", isDirectory: true)
    }

    @Test("renders each page as recorded", arguments: pages)
    func page(_ path: String) async throws {
        let site = try TestSite()
        defer { site.remove() }
        _ = try await site.build(collection: SiteCollection(caught: [.init(pokemon: "pikachu", nickname: "Sparky", level: 12)]))
        let rendered = try site.read(path)
        let snapshot = Self.folder.appendingPathComponent(path.replacingOccurrences(of: "/", with: "__"))
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            try Data(rendered.utf8).write(to: snapshot)
        }
        let recorded = try String(contentsOf: snapshot, encoding: .utf8)
        #expect(rendered == recorded, "\(path) differs from \(snapshot.path); run with RECORD_SNAPSHOTS=1 if the change is intended")
    }
}

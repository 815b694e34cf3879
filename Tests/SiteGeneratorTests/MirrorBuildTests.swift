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
        let index = CatalogIndex(catalog: catalog, spriteShapes: [:])
        let reverse = index.reverse
        let listPages = (catalog.species.count + 59) / 60
        let withMoves = index.allPages.filter { !$0.learnset.packed.isEmpty }.count
        let reference = reverse.movesWithPages.count + reverse.abilitiesWithPages.count + reverse.itemsWithPages.count + reverse.eggGroupMembers.count
        #expect(summary.pages == catalog.pokemon.count + listPages + catalog.types.count + 3 + withMoves + reference + 4 + 6)
        #expect(reverse.movesWithPages.count > 600 && reverse.abilitiesWithPages.count > 150 && reverse.eggGroupMembers.count >= 14)
        #expect(summary.sprites > 1_000)
        // No broken link, fragment or image, and no orphan: every page is reached from another.
        let findings = try await SiteChecker(root: output).check().findings
        #expect(findings.isEmpty, "\(findings.prefix(5))")

        func page(_ path: String) throws -> String { try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8) }
        let pikachu = try page("pokemon/pikachu.html")
        #expect(pikachu.contains("<h1>Pikachu</h1>"))
        for section in ["about", "training", "breeding", "stats", "defenses", "evolution", "forms", "moves", "locations", "entries", "names", "media"] {
            #expect(pikachu.contains("<section id=\"\(section)\""), "section \(section)")
        }
        // Training and breeding, from the species' numbers.
        #expect(pikachu.contains("<dd>2 Speed</dd>"))
        #expect(pikachu.contains("190 <small>(24.8% with a Poké Ball at full HP)</small>"))
        #expect(pikachu.contains("50% male, 50% female"))
        #expect(pikachu.contains("10 (2,314–2,570 steps)"))
        #expect(pikachu.contains(#"href="../egg-groups/ground.html""#))
        // Stat ranges by the games' formulas: HP 35 is 95-142 at level 50 and 180-274 at 100.
        #expect(pikachu.contains(#"<td class="num range">95–142</td><td class="num range">180–274</td>"#))
        // Alolan Raichu has its own card, its condition said once and not on Raichu's.
        #expect(pikachu.contains("<p>Use Thunder Stone</p>"))
        #expect(pikachu.contains("<p>Use Thunder Stone, in Alola</p>"))
        #expect(!pikachu.contains("Use Thunder Stone or Use Thunder Stone"))
        #expect(pikachu.contains(#"<a class="card-link" href="../pokemon/raichu-alola.html">"#))
        // Moves: the newest game first, a switcher to every other, TM numbers, links to moves.
        #expect(pikachu.contains("Moves learned in <strong>Scarlet, Violet</strong>"))
        #expect(pikachu.contains(#"href="../pokemon-moves/pikachu.html#vg-red-blue""#))
        #expect(pikachu.contains(#"<a href="../moves/thunderbolt.html">Thunderbolt</a>"#))
        let allMoves = try page("pokemon-moves/pikachu.html")
        #expect(allMoves.contains(#"<section id="vg-red-blue""#) && allMoves.contains("<td>TM24</td>"))
        // Places, entries per game (identical texts grouped), names with their language, cries.
        #expect(pikachu.contains("Viridian Forest"))
        #expect(try page("pokemon/charizard-mega-x.html").contains("No wild encounters recorded for this Pokémon in PokeAPI&#39;s data.")
            || page("pokemon/charizard-mega-x.html").contains("No wild encounters recorded for this Pokémon in PokeAPI's data."))
        #expect(pikachu.range(of: #"<dt>[^<]*, [^<]*</dt><dd"#, options: .regularExpression) != nil, "games sharing an entry")
        #expect(pikachu.contains(#"<span class="names-name" lang="ja">ピカチュウ</span>"#))
        #expect(pikachu.contains(#"<audio controls preload="none" src="../cries/"#))
        // Eevee's eight branches as a grid; Leafeon's places by region; Sylveon's two ways as one.
        let eevee = try page("pokemon/eevee.html")
        #expect(eevee.contains("evo-tree is-wide"))
        #expect(eevee.contains("near a special rock (Sinnoh, Unova, Kalos, Hoenn, Alola)"))
        #expect(eevee.contains("High affection or High friendship, knowing a Fairy-type move"))
        // The pages around them.
        let thunderbolt = try page("moves/thunderbolt.html")
        #expect(thunderbolt.contains(#"href="../pokemon/pikachu.html""#) && thunderbolt.contains("<strong>TM24</strong>"))
        #expect(thunderbolt.contains("Has a chance to paralyze the target."))
        // A species' forms that learn it alike (same types, machine and game) share a row,
        // each still linked; a form of other types keeps its own.
        #expect(thunderbolt.contains(#"<a href="../pokemon/pikachu-original-cap.html">Original Cap</a>"#))
        #expect(!thunderbolt.contains(#"<a class="who-link" href="../pokemon/pikachu-original-cap.html">"#))
        #expect(thunderbolt.contains(#"<a class="who-link" href="../pokemon/raichu-alola.html">"#))
        let learnerList = reverse.learners["thunderbolt"] ?? LearnerList()
        let learners = Set(learnerList.map(\.pokemon))
        // Counted by places as by slugs.
        #expect(learnerList.pokemonCount == learners.count && learnerList.methods == Set(learnerList.map(\.method)))
        #expect(learnerList.indices.allSatisfy { learnerList.method(at: $0) == learnerList[$0].method })
        let rows = thunderbolt.components(separatedBy: #"<a class="who-link" "#).count - 1
        let counted = thunderbolt.matches(of: #/<span class="count">(\d+)</span></h3>/#).reduce(0) { $0 + (Int($1.1) ?? 0) }
        #expect(learners.count > 100 && rows < counted - 20, "\(rows) rows for \(counted) learners in the tables' counts")
        for slug in learners { #expect(thunderbolt.contains(#"href="../pokemon/\#(slug).html""#), "\(slug) reached") }
        let staticAbility = try page("abilities/static.html")
        #expect(staticAbility.contains(#"<a href="../pokemon/pikachu-rock-star.html">"#) && !staticAbility.contains(#"who-link" href="../pokemon/pikachu-rock-star.html""#))
        let levitate = try page("abilities/levitate.html")
        #expect(levitate.contains(#"href="../pokemon/gastly.html""#))
        let stone = try page("items/thunder-stone.html")
        #expect(stone.contains(#"href="../pokemon/raichu.html""#) && stone.contains(#"href="../pokemon/raichu-alola.html""#))
        #expect(try page("egg-groups/ground.html").contains(#"href="../pokemon/pikachu.html""#))
        #expect(try page("types/index.html").components(separatedBy: "<td class=\"eff ").count - 1 == catalog.types.count * catalog.types.count)
        // An alternate variety is on the pages of its own types; a cap or costume is folded
        // into its species' card there, a stronger form (Partner Pikachu) is not.
        #expect(try page("types/psychic.html").contains(#"href="../pokemon/raichu-alola.html""#))
        let electric = try page("types/electric.html")
        #expect(electric.contains(#"<a class="card-link" href="../pokemon/pikachu-starter.html">"#))
        #expect(!electric.contains(#"<a class="card-link" href="../pokemon/pikachu-original-cap.html">"#))
        #expect(electric.range(of: #"<span class="card-form card-more">\+\d+ forms</span>"#, options: .regularExpression) != nil)
        // Each rate says what its number counts: the species of the catalog that grow at it.
        let rates = try page("growth-rates.html")
        let medium = catalog.species.filter { $0.growthRate == "medium" }.count
        #expect(medium > 1)
        #expect(rates.contains(#"<li id="medium"><span class="tile-name">Medium</span> <span class="count">\#(medium) species</span>"#))
        #expect(try page("404.html").contains(#"href="https://example.org/dex/credits.html""#), "absolute: hosts show it at any depth")

        let again = try await SiteBuilder(configuration: configuration).build(catalog: catalog)
        #expect(again.pagesRendered == 0)

        // The search files are the bytes the reference script writes from the same folder.
        guard let python = SharedFixtures.python3 else {
            Issue.record("python3 is missing: the search files are not compared with scripts/make-search-index")
            return
        }
        let scriptOutput = folder.appendingPathComponent("reference", isDirectory: true)
        let process = Process()
        process.executableURL = python
        process.arguments = [TestSupportPaths.packageRoot.appendingPathComponent("scripts/make-search-index").path,
                             "--api", SharedFixtures.pokeapiMirror.path, "--output", scriptOutput.path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        for file in ["search-index.js", "search-data.js"] {
            let ours = try Data(contentsOf: output.appendingPathComponent(file))
            let theirs = try Data(contentsOf: scriptOutput.appendingPathComponent(file))
            #expect(ours == theirs, "\(file) differs from scripts/make-search-index's")
        }
    }
}

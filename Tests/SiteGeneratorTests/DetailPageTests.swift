import Pokedex
import Testing
@testable import SiteGenerator

@Suite("Detail page")
struct DetailPageTests {
    func page(_ slug: String) throws -> DetailPage {
        let index = TestCatalog.index()
        return DetailPage(pokemon: try #require(index.catalog.pokemon[slug]), index: index, collection: .empty, strings: try TestCatalog.strings())
    }

    @Test("computes type defenses from both types' damage relations")
    func defenses() throws {
        let steelix = try page("steelix")
        let labels = Dictionary(uniqueKeysWithValues: steelix.defenses.map { ($0.label, $0.types.map(\.slug)) })
        #expect(labels["0×"]?.sorted() == ["electric", "poison"])
        #expect(labels["2×"]?.contains("fire") == true)
        #expect(labels["¼×"]?.contains("rock") == true)
        let charizard = try page("charizard")
        #expect(charizard.defenses.first?.label == "4×")
        #expect(charizard.defenses.first?.types.map(\.slug) == ["rock"])
    }

    @Test("shows height and weight in metric and imperial")
    func measures() {
        #expect(Measures.height(decimetres: 4) == "0.4 m (1′04″)")
        #expect(Measures.weight(hectograms: 60) == "6.0 kg (13.2 lb)")
        #expect(Measures.height(decimetres: 17) == "1.7 m (5′07″)")
    }

    @Test("marks hidden abilities and totals the base stats")
    func abilitiesAndStats() throws {
        let pikachu = try page("pikachu")
        #expect(pikachu.abilities.map(\.name) == ["Static", "Lightning Rod"])
        #expect(pikachu.abilities.map(\.hidden) == [false, true])
        #expect(pikachu.statTotal == 180)
        #expect(pikachu.stats.map(\.name) == ["HP", "Attack", "Speed"])
    }

    @Test("groups moves by method with their data")
    func moves() throws {
        let groups = try page("pikachu").moveGroups
        #expect(groups.map(\.title) == ["Level up", "TM / HM"])
        #expect(groups.first?.moves.first?.level == "1")
        #expect(groups.last?.moves.first?.power == "90")
        #expect(groups.last?.moves.first?.accuracy == "100%")
    }

    @Test("links varieties both ways and neighbors by dex number")
    func varietiesAndNeighbors() throws {
        let raichu = try page("raichu")
        #expect(raichu.varieties.map(\.page) == ["pokemon/raichu.html", "pokemon/raichu-alola.html"])
        let alola = try page("raichu-alola")
        #expect(alola.varieties.filter(\.current).map(\.name) == ["Alolan Raichu"])
        #expect(raichu.previous?.name == "Pikachu")
        #expect(raichu.next?.name == "Onix")
        #expect(try page("charmander").previous == nil)
    }
}

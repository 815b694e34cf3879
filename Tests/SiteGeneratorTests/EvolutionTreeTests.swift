import Pokedex
import Testing
@testable import SiteGenerator

@Suite("Evolution trees")
struct EvolutionTreeTests {
    func tree(_ chain: Int, current: String) throws -> EvolutionTree {
        let index = TestCatalog.index()
        let source = try #require(index.catalog.evolutionChains[chain])
        return EvolutionTree(chain: source, current: current, index: index, collection: .empty, strings: try TestCatalog.strings())
    }

    @Test("shows Eevee's evolutions as branches, each with its condition")
    func eeveeBranches() throws {
        let tree = try tree(67, current: "espeon")
        #expect(tree.root.card.slug == "eevee")
        #expect(tree.root.condition == nil)
        #expect(tree.root.children.count == 6)
        #expect(tree.root.children.map(\.condition) == [
            "Use Water Stone", "Use Thunder Stone", "Use Fire Stone",
            "High friendship, daytime", "High friendship, at night", "High affection, knowing a Fairy-type move",
        ])
        #expect(tree.root.children.filter(\.isCurrent).map(\.card.slug) == ["espeon"])
    }

    @Test("starts Pichu's chain at Pichu, with no predecessor")
    func pichu() throws {
        let tree = try tree(10, current: "pichu")
        #expect(tree.root.card.slug == "pichu")
        #expect(tree.root.isCurrent)
        #expect(tree.root.condition == nil)
        #expect(tree.root.children.map(\.card.slug) == ["pikachu"])
        #expect(tree.root.children.first?.children.map(\.card.slug) == ["raichu"])
    }

    @Test("shows a chain member outside the selection as an unlinked card")
    func outsideSelection() throws {
        let tree = try tree(67, current: "eevee")
        let sylveon = try #require(tree.root.children.last)
        #expect(sylveon.card.slug == "sylveon")
        #expect(!sylveon.inSite)
        #expect(sylveon.card.page == nil)
        #expect(sylveon.card.name == "Sylveon")
        #expect(sylveon.card.number == "#700")
        #expect(tree.root.children.first?.card.page == "pokemon/vaporeon.html")
    }

    @Test("says a lone species does not evolve")
    func loneSpecies() throws {
        #expect(try tree(78, current: "mewtwo").evolves == false)
        #expect(try tree(2, current: "charmander").evolves)
    }
}

import Pokedex
import Testing
@testable import SiteGenerator

@Suite("Home page")
struct HomePageTests {
    @Test("has one titled row per type, in the catalog's order")
    func typeRows() throws {
        let page = HomePage(index: TestCatalog.index(), collection: .empty, strings: try TestCatalog.strings())
        #expect(page.typeRows.count == 18)
        #expect(page.typeRows.map { $0.type?.slug } == TestCatalog.typeSlugs)
        #expect(page.typeRows.first { $0.type?.slug == "electric" }?.title == "Electric")
    }

    @Test("puts a dual-type Pokémon in both of its rows")
    func dualTypes() throws {
        let page = HomePage(index: TestCatalog.index(), collection: .empty, strings: try TestCatalog.strings())
        let ground = try #require(page.typeRows.first { $0.type?.slug == "ground" })
        let steel = try #require(page.typeRows.first { $0.type?.slug == "steel" })
        #expect(ground.cards.map(\.slug) == ["onix", "steelix"])
        #expect(steel.cards.map(\.slug) == ["steelix"])
    }

    @Test("has no captured row when nothing is captured")
    func noCapturedRow() throws {
        let page = HomePage(index: TestCatalog.index(), collection: .empty, strings: try TestCatalog.strings())
        #expect(page.capturedRow == nil)
    }

    @Test("shows a captured row on top, marking those cards everywhere")
    func capturedRow() throws {
        let collection = SiteCollection(caught: [.init(pokemon: "pikachu"), .init(pokemon: "raichu-alola"), .init(pokemon: "pikachu")])
        let page = HomePage(index: TestCatalog.index(), collection: collection, strings: try TestCatalog.strings())
        let row = try #require(page.capturedRow)
        #expect(row.title == "Captured")
        #expect(row.cards.map(\.slug) == ["pikachu", "raichu-alola"])
        let electric = try #require(page.typeRows.first { $0.type?.slug == "electric" })
        #expect(electric.cards.filter(\.captured).map(\.slug) == ["pikachu"])
    }

    @Test("draws an emblem for a pokemon whose sprite the cache lacks")
    func emblem() throws {
        let index = TestCatalog.index()
        let card = index.card(try #require(index.catalog.pokemon["raichu-alola"]), captured: [])
        #expect(card.sprite.isEmblem)
        #expect(card.sprite.path == "emblems/raichu-alola.svg")
        let svg = try #require(index.emblems["emblems/raichu-alola.svg"])
        #expect(svg.contains(">AR</text>"), "the name's initials")
        #expect(svg.contains(Emblem.color("electric")) && svg.contains(Emblem.color("psychic")), "its two types' colours")
        #expect(index.emblems["emblems/pikachu.svg"] == nil, "a pokemon with a sprite gets none")
        #expect(Emblem.svg(name: "<Mr. & Mime>", types: []).contains("&lt;Mr. &amp; Mime&gt;"), "names are escaped")
        let initials = ["Mr. Mime": "MM", "Farfetch’d": "F", "Porygon-Z": "PZ", "Type: Null": "TN", "Nidoran♀": "N", "ピカチュウ": "ピ", "Ho-Oh": "HO"]
        for (name, expected) in initials { #expect(Emblem.initials(name) == expected, "\(name)") }
        #expect(index.card(try #require(index.catalog.pokemon["pikachu"]), captured: []).sprite.path == "sprites/pokemon/25.png")
    }
}

@Suite("Home page rows")
struct HomePageRowTests {
    @Test("lists at most the row limit, counting every Pokémon of the type")
    func rowLimit() throws {
        var catalog = TestCatalog.make()
        let template = try #require(catalog.pokemon["eevee"])
        for number in 1000..<1040 {
            var pokemon = template
            pokemon.id = number
            pokemon.speciesID = number
            pokemon.slug = "normal-\(number)"
            catalog.pokemon[pokemon.slug] = pokemon
            catalog.species.append(Species(id: number, slug: pokemon.slug, name: "Normal \(number)", varieties: [pokemon.slug]))
        }
        let index = CatalogIndex(catalog: catalog, spriteShapes: [:])
        let page = HomePage(index: index, collection: .empty, strings: try TestCatalog.strings())
        let normal = try #require(page.typeRows.first { $0.type?.slug == "normal" })
        #expect(normal.cards.count == HomePage.rowLimit)
        #expect(normal.count == 41)
    }
}

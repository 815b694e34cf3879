import Pokedex
import TemplateEngine
import Testing
@testable import SiteGenerator

/// A species' forms that read alike share a row of a who-table, and a card of a type's page.
@Suite("Forms folded into their species' rows and cards")
struct FoldedFormsTests {
    /// The test catalog with four more Pikachu: a costume (its species' types, base stats and
    /// abilities), a partner (the same types, stronger), one of two types, each learning and
    /// having what Pikachu does, and one of other abilities.
    static func catalog() throws -> Catalog {
        var catalog = TestCatalog.make()
        catalog.versionGroups = [VersionGroupInfo(slug: "scarlet-violet", name: "Scarlet, Violet", order: 25, generation: 9, versions: ["scarlet", "violet"])]
        var pikachu = try #require(catalog.pokemon["pikachu"])
        // Thunderbolt by machine in Scarlet and Violet (a learnset's first move, group and method).
        pikachu.learnset = Learnset(moves: ["thunderbolt"], versionGroups: ["scarlet-violet"], methods: ["machine"], packed: [0])
        catalog.pokemon["pikachu"] = pikachu
        var costume = pikachu, partner = pikachu, psychic = pikachu
        (costume.id, costume.slug, costume.name, costume.formName, costume.isDefault) = (10080, "pikachu-rock-star", "Pikachu Rock Star", "Rock Star", false)
        (partner.id, partner.slug, partner.name, partner.formName, partner.isDefault) = (10158, "pikachu-starter", "Partner Pikachu", "Partner", false)
        (psychic.id, psychic.slug, psychic.name, psychic.formName, psychic.isDefault) = (10200, "pikachu-psychic", "Psychic Pikachu", "Psychic", false)
        partner.stats = partner.stats.map { BaseStat(stat: $0.stat, value: $0.value + 10) }
        psychic.types = ["electric", "psychic"]
        for form in [costume, partner, psychic] { catalog.pokemon[form.slug] = form }
        let at = try #require(catalog.species.firstIndex { $0.slug == "pikachu" })
        var minus = costume
        (minus.id, minus.slug, minus.name, minus.formName) = (10201, "pikachu-minus", "Minus Pikachu", "Minus")
        minus.abilities = [AbilitySlot(ability: "minus", isHidden: false, slot: 1)]
        catalog.pokemon[minus.slug] = minus
        catalog.species[at].varieties += [costume.slug, partner.slug, psychic.slug, minus.slug]
        return catalog
    }

    static func slugs(_ rows: [TemplateValue]) -> [String] {
        rows.compactMap { $0["page"]?.text?.replacingOccurrences(of: "pokemon/", with: "").replacingOccurrences(of: ".html", with: "") }
    }

    static func forms(_ row: TemplateValue?) -> [String] {
        slugs(row?["forms"]?["list"]?.items ?? [])
    }

    @Test("a type's page folds a form with its species' types, stats and abilities into the species' card, counted there; a stronger form, or one of other abilities, keeps its own")
    func typeCards() throws {
        let index = TestCatalog.index(try Self.catalog())
        let electric = try #require(index.catalog.types.first { $0.slug == "electric" })
        let page = TypePage(type: electric, index: index, collection: .empty, strings: try TestCatalog.strings())
        let slugs = page.cards.map(\.slug)
        #expect(slugs.contains("pikachu") && slugs.contains("pikachu-starter") && slugs.contains("pikachu-psychic") && slugs.contains("raichu-alola"))
        #expect(slugs.contains("pikachu-minus"))
        #expect(page.count == page.cards.count + 1, "the heading counts every Pokémon of the type")
        #expect(!slugs.contains("pikachu-rock-star"))
        #expect(page.cards.first { $0.slug == "pikachu" }?.moreForms == "+1 form")
        #expect(page.cards.first { $0.slug == "pikachu" }?.forms == ["pikachu-rock-star"], "named for the browser's caught marks")
        #expect(page.cards.filter { $0.slug != "pikachu" }.allSatisfy { $0.moreForms == nil })
    }

    @Test("a form the trainer caught keeps its own card")
    func caughtFormKeepsItsCard() throws {
        let index = TestCatalog.index(try Self.catalog())
        let electric = try #require(index.catalog.types.first { $0.slug == "electric" })
        let caught = SiteCollection.Caught(pokemon: "pikachu-rock-star", id: "abc234", nickname: nil, level: 5, experience: 0, moves: [], heldItem: nil, sprite: nil)
        let page = TypePage(type: electric, index: index, collection: SiteCollection(caught: [caught]), strings: try TestCatalog.strings())
        #expect(page.cards.first { $0.slug == "pikachu-rock-star" }?.captured == true)
        #expect(page.cards.first { $0.slug == "pikachu" }?.moreForms == nil)
    }

    @Test("who learns a move and who has an ability: forms alike are named under their species' row, every one counted")
    func whoTables() throws {
        let index = TestCatalog.index(try Self.catalog())
        let strings = try TestCatalog.strings()
        let move = try #require(index.catalog.moves["thunderbolt"])
        let machine = try #require(MovePage.value(move, index: index, strings: strings)["learnedBy"]?.items.first)
        let rows = machine["rows"]?.items ?? []
        let pikachu = rows.first { $0["page"]?.text == "pokemon/pikachu.html" }
        #expect(Self.forms(pikachu) == ["pikachu-rock-star", "pikachu-starter", "pikachu-minus"])
        #expect(!Self.slugs(rows).contains("pikachu-rock-star"))
        #expect(Self.slugs(rows).contains("pikachu-psychic"), "other types: a row of its own")
        if case .int(let count)? = machine["count"] { #expect(count == rows.count + 3) } else { Issue.record("no count") }
        #expect(Self.slugs(rows) == ["pikachu", "pikachu-psychic"])
        let ability = try #require(index.catalog.abilities["static"])
        let normal = AbilityPage.value(ability, index: index, strings: strings)["normal"]?.items ?? []
        #expect(Self.forms(normal.first { $0["page"]?.text == "pokemon/pikachu.html" }) == ["pikachu-rock-star", "pikachu-starter"])
        #expect(Self.slugs(normal).filter { $0.hasPrefix("pikachu") } == ["pikachu", "pikachu-psychic"])
    }
}

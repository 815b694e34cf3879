import Pokedex
import TemplateEngine
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

    @Test("marks hidden abilities, links them, and totals the base stats")
    func abilitiesAndStats() throws {
        let pikachu = try page("pikachu")
        let abilities = pikachu.sections["abilityLinks"]?.items ?? []
        #expect(abilities.map { $0["name"]?.text } == ["Static", "Lightning Rod"])
        #expect(abilities.map { $0["hidden"]?.isTruthy } == [false, true])
        #expect(abilities.first?["page"]?.text == "abilities/static.html")
        #expect(pikachu.statTotal == 180)
        #expect(pikachu.sections["statRows"]?.items.map { $0["name"]?.text } == ["HP", "Attack", "Speed"])
    }

    @Test("links the species' varieties both ways and neighbors by dex number")
    func varietiesAndNeighbors() throws {
        let raichu = try page("raichu")
        let chips = raichu.sections["forms"]?["groups"]?.items.flatMap { $0["chips"]?.items ?? [] } ?? []
        #expect(chips.map { $0["page"]?.text } == ["pokemon/raichu.html", "pokemon/raichu-alola.html"])
        let alola = try page("raichu-alola")
        let alolaChips = alola.sections["forms"]?["groups"]?.items.flatMap { $0["chips"]?.items ?? [] } ?? []
        #expect(alolaChips.filter { $0["current"]?.isTruthy == true }.map { $0["name"]?.text } == ["Alolan Raichu"])
        #expect(alolaChips.contains { $0["page"]?.text == "pokemon/raichu.html" })
        #expect(raichu.previous?.name == "Pikachu")
        #expect(raichu.next?.name == "Onix")
        #expect(try page("charmander").previous == nil)
    }
}

extension TemplateValue {
    subscript(key: String) -> TemplateValue? { member(key) }
    var items: [TemplateValue] {
        if case .array(let items) = self { return items }
        return []
    }
    var text: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}

@Suite("Language tags")
struct LanguageTagTests {
    @Test("PokeAPI's codes become valid BCP 47 tags", arguments: [
        ("en", "en"), ("ja-Hrkt", "ja"), ("ja-roma", "ja-Latn"), ("roomaji", "ja-Latn"), ("zh-Hant", "zh-Hant"),
        ("zh-hans", "zh-Hans"), ("es-419", "es-419"), ("pt-br", "pt-BR"), ("sr-latn-rs", "sr-Latn-RS"), ("x-made-up-code", "und"),
        ("de-romaji", "de"),
    ])
    func tags(code: String, tag: String) {
        #expect(LanguageTag.tag(code) == tag)
    }
}

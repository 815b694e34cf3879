import Common
import Testing
@testable import Pokedex

@Suite("Varieties that would share a label")
struct DisambiguateTests {
    /// Tauros and its three Paldean breeds, the breeds all named "<name> (<form>)" alike, as
    /// Japanese has them ("パルデアのすがた" for all three).
    static func catalog(language: String, name: String, form: String) -> Catalog {
        let slugs = ["tauros", "tauros-paldea-combat-breed", "tauros-paldea-blaze-breed", "tauros-paldea-aqua-breed"]
        var pokemon: [String: Pokemon] = [:]
        for (at, slug) in slugs.enumerated() {
            pokemon[slug] = Pokemon(id: at == 0 ? 128 : 10_249 + at, slug: slug, speciesID: 128, name: at == 0 ? name : "\(name) (\(form))",
                                    formName: at == 0 ? nil : form, isDefault: at == 0, types: ["normal"], height: 14, weight: 884,
                                    abilities: [], stats: [], sprites: Sprites())
        }
        return Catalog(language: language, species: [Species(id: 128, slug: "tauros", name: name, varieties: slugs)], pokemon: pokemon,
                       types: [], evolutionChains: [:], moves: [:], abilities: [:], items: [:], stats: [:])
    }

    @Test("forms named alike are each told apart by the words of their slug that differ, marked English on a site in another language")
    func sameFormNames() {
        var japanese = Self.catalog(language: "ja", name: "ケンタロス", form: "パルデアのすがた")
        CatalogBuilder.disambiguate(&japanese)
        let names = ["tauros", "tauros-paldea-combat-breed", "tauros-paldea-blaze-breed", "tauros-paldea-aqua-breed"].map { japanese.pokemon[$0]?.name ?? "?" }
        #expect(names == ["ケンタロス",
                          "ケンタロス (パルデアのすがた) · \(LanguageMark.mark("Combat Breed", tag: "en"))",
                          "ケンタロス (パルデアのすがた) · \(LanguageMark.mark("Blaze Breed", tag: "en"))",
                          "ケンタロス (パルデアのすがた) · \(LanguageMark.mark("Aqua Breed", tag: "en"))"])
        #expect(Set(names).count == names.count, "every label its own")

        var english = Self.catalog(language: "en", name: "Tauros", form: "Paldean Form")
        CatalogBuilder.disambiguate(&english)
        #expect(english.pokemon["tauros-paldea-aqua-breed"]?.name == "Tauros (Paldean Form) · Aqua Breed", "English is not marked")
    }
}

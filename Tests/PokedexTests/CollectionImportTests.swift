import Foundation
import Pokedex
import Testing

@Suite("Importing what a person chose in the browser")
struct CollectionImportTests {
    let catalog: Catalog
    let importer: CollectionImport

    init() throws {
        catalog = try Catalog.sample()
        importer = CollectionImport(rules: CollectionRules(reference: catalog), defaults: CatchDefaults(catalog: catalog))
    }

    /// A generator that always gives the same sequence, so ids are predictable.
    struct Counter: RandomNumberGenerator, Sendable {
        var state: UInt64 = 0
        mutating func next() -> UInt64 { state &+= 1; return state }
    }

    @Test("Captures add a valid Pokémon, releases remove every individual, favorites follow the browser")
    func merge() throws {
        var collection = TrainerCollection(
            caught: [CaughtPokemon(id: "old", species: "eevee", nickname: "Evie", level: 5, experience: 135, moves: ["tackle"])],
            favorites: ["onix"])
        var ids = CollectionIDs(generator: Counter())
        let choices = BrowserChoices(captured: ["pikachu", "Pikachu"], released: ["eevee"],
                                     favorites: ["mewtwo", "onix"], unfavorited: ["onix"])
        let summary = importer.apply(choices, to: &collection, ids: &ids)
        #expect(collection.caught.map(\.species) == ["pikachu"])
        let pikachu = try #require(collection.caught.first)
        #expect(pikachu.nickname == "Pikachu" && pikachu.level == CatchDefaults.level && !pikachu.moves.isEmpty)
        #expect(summary.released.map(\.id) == ["old"])
        #expect(collection.favorites == ["mewtwo", "onix"])
        #expect(summary.favorited == ["mewtwo", "onix"] && summary.unfavorited == ["onix"])
        #expect(summary.description.contains("+ caught Pikachu (pikachu, level 5"))
    }

    @Test("Unknown species are skipped and said so; nothing else changes")
    func unknownSpecies() {
        var collection = TrainerCollection()
        var ids = CollectionIDs()
        let summary = importer.apply(BrowserChoices(captured: ["missingno"]), to: &collection, ids: &ids)
        #expect(collection == TrainerCollection())
        #expect(summary.isEmpty)
        #expect(summary.skipped == ["capture of \"missingno\": no such species"])
    }

    @Test("An export file is read, and a wrong one is refused saying why", arguments: [
        ("{\"format\":\"pokedex-choices\",\"version\":1,\"captured\":[\"pikachu\"]}", nil),
        ("{\"format\":\"something-else\",\"version\":1}", "format is \"something-else\""),
        ("{\"format\":\"pokedex-choices\",\"version\":2}", "version 2"),
        ("{\"format\":\"pokedex-choices\"}", "no \"version\""),
        ("{\"format\":\"pokedex-choices\",\"version\":1,\"captured\":[3]}", "$.captured[0] has the wrong type"),
        ("{\n\"format\": \"pokedex-choices\",\n  oops}", "line 3, column"),
    ] as [(String, String?)])
    func readExport(text: String, problem: String?) {
        do {
            let choices = try BrowserChoices.read(Data(text.utf8), file: "choices.json")
            #expect(problem == nil)
            #expect(choices.captured == ["pikachu"])
        } catch {
            #expect(problem.map { error.description.contains($0) } == true, "\(error)")
        }
    }

    @Test("Ids are six readable characters and never repeat one the collection has")
    func ids() {
        var ids = CollectionIDs(generator: Counter())
        var first = ids
        let taken = first.next(avoiding: TrainerCollection())
        let collection = TrainerCollection(caught: [CaughtPokemon(id: taken, species: "pikachu", nickname: "Abc", level: 1, experience: 0, moves: ["growl"])])
        let fresh = ids.next(avoiding: collection)
        #expect(fresh.count == 6 && fresh != taken)
        #expect(fresh.allSatisfy { $0.isLowercase || $0.isNumber })
    }

    @Test("An individual is found by id first, then by nickname; two alike are ambiguous")
    func lookup() throws {
        let collection = TrainerCollection(caught: [
            CaughtPokemon(id: "abc234", species: "pikachu", nickname: "Sparky", level: 5, experience: 125, moves: ["growl"]),
            CaughtPokemon(id: "def567", species: "eevee", nickname: "Twin", level: 5, experience: 125, moves: ["growl"]),
            CaughtPokemon(id: "ghj789", species: "eevee", nickname: "twin", level: 5, experience: 125, moves: ["growl"]),
        ])
        #expect(try collection.individual(matching: "sparky").id == "abc234")
        #expect(try collection.individual(matching: "def567").nickname == "Twin")
        #expect(throws: CollectionError.ambiguous("Twin", ids: ["def567", "ghj789"])) { try collection.individual(matching: "Twin") }
        #expect { try collection.individual(matching: "Sparkey") } throws: { error in
            (error as? CollectionError).map { "\($0)".contains("did you mean \"Sparky\"") } == true
        }
    }
}

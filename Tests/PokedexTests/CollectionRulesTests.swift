import Pokedex
import Testing

/// A small reference with the shape of the real data: medium-fast growth is level³.
struct TestReference: CollectionReference {
    var speciesNames: [(slug: String, name: String)] = [
        ("pikachu", "Pikachu"), ("nidoran-f", "Nidoran♀"), ("mr-mime", "Mr. Mime"), ("eevee", "Eevee"),
    ]
    var moveNames = ["thunderbolt": "Thunderbolt", "quick-attack": "Quick Attack", "tail-whip": "Tail Whip",
                     "thunder-shock": "Thunder Shock", "surf": "Surf", "growl": "Growl"]
    var itemNames = ["light-ball": "Light Ball", "oran-berry": "Oran Berry"]

    func learnableMoves(ofSpecies slug: String) -> Set<String> {
        slug == "pikachu" ? ["thunderbolt", "quick-attack", "tail-whip", "thunder-shock", "growl"] : ["tail-whip", "growl"]
    }

    func spriteKeys(ofSpecies slug: String) -> [String] {
        slug == "pikachu" ? ["front_default", "front_shiny", "front_female"] : ["front_default"]
    }

    func experienceTable(ofSpecies slug: String) -> [Int]? {
        (1...100).map { $0 == 1 ? 0 : $0 * $0 * $0 }
    }
}

@Suite("The rules a caught Pokémon must follow")
struct CollectionRulesTests {
    let rules = CollectionRules(reference: TestReference())

    func draft(
        species: String = "pikachu", nickname: String = "Sparky", level: String = "12",
        experience: String? = "1728", moves: [String] = ["thunderbolt"], heldItem: String? = nil, sprite: String? = nil
    ) -> CatchDraft {
        CatchDraft(species: species, nickname: nickname, level: level, experience: experience,
                   moves: moves, heldItem: heldItem, sprite: sprite)
    }

    func violations(_ draft: CatchDraft) -> [RuleViolation] {
        if case .failure(let failure) = rules.validate(draft, id: "x") { return failure.violations }
        return []
    }

    @Test("A valid catch resolves names typed the way people type them")
    func validCatch() throws {
        let result = rules.validate(draft(species: "PIKACHU", moves: ["Quick Attack", "thunderbolt"], heldItem: "light ball",
                                          sprite: "front_shiny"), id: "abc")
        let pokemon = try result.get()
        #expect(pokemon == CaughtPokemon(id: "abc", species: "pikachu", nickname: "Sparky", level: 12, experience: 1728,
                                         moves: ["quick-attack", "thunderbolt"], heldItem: "light-ball", sprite: "front_shiny"))
    }

    @Test("Species are found by display name with symbols and punctuation")
    func speciesByDisplayName() {
        #expect(rules.species(named: "Nidoran♀") == "nidoran-f")
        #expect(rules.species(named: "mr. mime") == "mr-mime")
        #expect(rules.species(named: "Mr Mime") == "mr-mime")
    }

    @Test("An unknown species is refused with a did-you-mean", arguments: [("pikacu", "Pikachu"), ("eeve", "Eevee")])
    func unknownSpecies(input: String, suggestion: String) throws {
        let violation = try #require(violations(draft(species: input)).first)
        #expect(violation.field == "species")
        #expect(violation.allowed.contains("did you mean \"\(suggestion)\""))
    }

    @Test("Nicknames are counted as a person counts characters", arguments: [
        ("Éva", true), ("E\u{301}va", true), ("  Ab  ", false), ("Ab", false), ("🐭⚡️!", true),
        (String(repeating: "a", count: 24), true), (String(repeating: "a", count: 25), false),
        ("ピカチュウ", true), ("Bad\u{7}Bell", false), ("Line\nBreak", false), ("", false),
    ])
    func nicknames(nickname: String, valid: Bool) {
        let found = violations(draft(nickname: nickname)).filter { $0.field == "nickname" }
        #expect(found.isEmpty == valid, "\(nickname.debugDescription): \(found)")
    }

    @Test("Levels are whole numbers from 1 to 100", arguments: [
        ("1", true), ("100", true), ("0", false), ("101", false), ("12.5", false), ("ten", false), ("-3", false),
    ])
    func levels(level: String, valid: Bool) {
        let found = violations(draft(level: level, experience: nil)).filter { $0.field == "level" }
        #expect(found.isEmpty == valid, "\(level): \(found)")
    }

    @Test("Experience must fit the level on the growth rate", arguments: [
        ("1728", true), ("2196", true), ("2197", false), ("1727", false), ("-1", false), ("lots", false),
    ])
    func experience(experience: String, valid: Bool) {
        let found = violations(draft(level: "12", experience: experience)).filter { $0.field == "experience" }
        #expect(found.isEmpty == valid, "\(experience): \(found)")
    }

    @Test("At level 100 experience is exactly the growth rate's maximum")
    func experienceAtMaximum() {
        #expect(violations(draft(level: "100", experience: "1000000")).isEmpty)
        #expect(violations(draft(level: "100", experience: "1000001")).map(\.field) == ["experience"])
    }

    @Test("Experience left out starts at the level's threshold")
    func experienceDefault() throws {
        let pokemon = try rules.validate(draft(level: "20", experience: nil), id: "x").get()
        #expect(pokemon.experience == 8000)
    }

    @Test("Moves: one to four, no duplicates, each one the species can learn", arguments: [
        ([], "1 to 4 moves"), (["thunderbolt", "growl", "tail-whip", "quick-attack", "thunder-shock"], "1 to 4 moves"),
        (["thunderbolt", "Thunderbolt"], "once"), (["surf"], "cannot learn"), (["thunderbolts"], "no such move"),
    ])
    func moves(moves: [String], problem: String) throws {
        let violation = try #require(violations(draft(moves: moves)).first { $0.field.hasPrefix("move") })
        #expect(violation.allowed.contains(problem))
    }

    @Test("The held item must exist and the sprite must be one the species has")
    func itemAndSprite() {
        let found = violations(draft(heldItem: "master ball", sprite: "back_default"))
        #expect(found.map(\.field) == ["held item", "sprite"])
        #expect(found.last?.allowed.contains("front_shiny") == true)
    }

    @Test("Every violation is reported at once, each with field, value and what is allowed")
    func everyViolation() {
        let found = violations(draft(species: "pikachu", nickname: "X", level: "0", experience: "-5", moves: [], heldItem: "nope", sprite: "nope"))
        #expect(found.map(\.field) == ["nickname", "level", "experience", "moves", "held item", "sprite"])
        #expect(found.allSatisfy { !$0.allowed.isEmpty })
        #expect(found[1].description == "level: \"0\" is not allowed; a whole number from 1 to 100")
    }

    @Test("An edit applies only what it names, and a new level resets the experience")
    func edits() throws {
        let original = CaughtPokemon(id: "a", species: "pikachu", nickname: "Sparky", level: 12, experience: 1728, moves: ["thunderbolt"])
        let edited = try rules.validate(CatchEdit(nickname: "Volt", level: "30").applied(to: original), id: "a").get()
        #expect(edited.nickname == "Volt")
        #expect(edited.level == 30)
        #expect(edited.experience == 27000)
        #expect(edited.moves == ["thunderbolt"])
        let unheld = CatchEdit(heldItem: .some(nil)).applied(to: CaughtPokemon(id: "a", species: "pikachu", nickname: "Sparky",
                                                                                level: 12, experience: 1728, moves: ["growl"], heldItem: "light-ball"))
        #expect(unheld.heldItem == nil)
    }
}

import Testing
@testable import PokeAPI
import Common

@Suite("Selections from the command line")
struct FetchSelectionTests {
    @Test("ranges and names mix in one list")
    func rangesAndNames() throws {
        let selection = try FetchSelection.parse(generations: "1-3,5", pokemon: "1-151, pikachu,Mr Mime")
        #expect(selection.generations == [1, 2, 3, 5])
        #expect(selection.pokemon == [.range(1...151), .name("pikachu"), .name("mr-mime")])
        #expect(!selection.isAll)
        #expect(try FetchSelection.parse(generations: nil, pokemon: nil).isAll)
    }

    @Test("nonsense is refused with the reason", arguments: ["3-1", "x", "0", ""])
    func refusesNonsense(text: String) {
        #expect(throws: PokeAPIError.self) { try FetchSelection.parse(generations: text, pokemon: nil) }
    }

    @Test("suggestions are the closest names")
    func suggestions() {
        let names = ["pikachu", "raichu", "pichu", "eevee", "bulbasaur"]
        #expect(Suggestions.closest(to: "pikchu", in: names).first == "pikachu")
        #expect(Suggestions.closest(to: "eve", in: names) == ["eevee"])
        #expect(Suggestions.closest(to: "zzzzzzzz", in: names).isEmpty)
    }

    @Test("retry waits grow, are capped, and honour Retry-After")
    func retryDelays() {
        var policy = RetryPolicy(maxAttempts: 5, baseDelay: .seconds(1), maxDelay: .seconds(4))
        policy.random = { 1 }
        #expect(policy.delay(afterAttempt: 1, retryAfter: nil) == .seconds(1))
        #expect(policy.delay(afterAttempt: 2, retryAfter: nil) == .seconds(2))
        #expect(policy.delay(afterAttempt: 5, retryAfter: nil) == .seconds(4))
        #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(10)) == .seconds(10))
        policy.random = { 0 }
        #expect(policy.delay(afterAttempt: 2, retryAfter: nil) == .seconds(1))
        #expect(RetryPolicy.retryAfter("7") == .seconds(7))
        #expect(RetryPolicy.retryAfter("soon") == nil)
    }
}

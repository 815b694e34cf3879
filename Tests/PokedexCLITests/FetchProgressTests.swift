import Testing
@testable import PokeAPI
@testable import PokedexCLI

@Suite("Fetch progress")
struct FetchProgressTests {
    func state(_ done: Int) -> FetchProgress {
        FetchProgress(done: done, total: 100, bytes: done * 10, failed: 0, elapsed: .seconds(1))
    }

    @Test("a report arriving after a newer one does not take its place, so the last line drawn is the newest")
    func outOfOrder() {
        let renderer = FetchProgressRenderer(style: .lines)
        renderer.update(state(10))
        renderer.update(state(12))
        renderer.update(state(11))
        #expect(renderer.newest?.done == 12)
        renderer.update(state(12))
        renderer.update(state(13))
        #expect(renderer.newest?.done == 13)
    }
}

@testable import SiteGenerator
import Testing

/// The build's copy of search.js's `fold` (Tests/js has the script's own): which names in the
/// search's other languages are worth shipping as alternates.
@Suite("Search folding")
struct SearchFoldTests {
    @Test("width, case, accents and kana fold as the page's script folds them", arguments: [
        ("Flabébé", "flabebe"), ("Mr. Mime", "mrmime"), ("Nidoran♀", "nidoranf"), ("ピカチュウ", "ピカチュウ"),
        ("ぴかちゅう", "ピカチュウ"), ("ﾋﾟｶﾁｭｳ", "ピカチュウ"), ("ＰＩＫＡ", "pika"), ("ゔぁ", "ヴァ"),
    ])
    func folds(_ text: String, _ folded: String) {
        #expect(SearchIndex.fold(text) == folded)
    }

    @Test("an alternate that folds to the display name, or to one kept, is not shipped")
    func alternates() {
        #expect(SearchIndex.alternates(["ぴかちゅう", "ﾋﾟｶﾁｭｳ"], display: "ピカチュウ") == nil)
        #expect(SearchIndex.alternates(["Pikachu", "ピカチュウ", "ﾋﾟｶﾁｭｳ"], display: "Pikachu")?.count == 1)
    }
}

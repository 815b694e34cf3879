import Common
@testable import SiteGenerator
import Testing

@Suite("Fingerprints and page keys")
struct PageKeyTests {
    /// FNV-1a over `bytes`, a byte at a time, as the fingerprint is defined.
    private func reference(_ bytes: [UInt8], from start: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        bytes.reduce(start) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
    }

    @Test("a string hashes as FNV-1a over its UTF-8 bytes and a separator, short or long, ASCII or not", arguments: [
        "", "a", "bulbasaur", "a name longer than fifteen bytes", "Pokémon", "ポケモン図鑑", "🐉 dragon",
    ])
    func stringsHashTheirBytes(text: String) {
        var fingerprint = Fingerprint()
        fingerprint.add(text)
        #expect(fingerprint.value == reference(Array(text.utf8) + [0xff]))
    }

    @Test("a page's key changes with any one byte changed, anywhere, and with its length; the same bytes give the same key",
          arguments: [0, 1, 7, 8, 9, 15, 16, 17])
    func pageKeysSeeEveryByte(padding: Int) {
        // Lengths around the word: the last partial word is hashed apart from the whole ones.
        let page = Array("<!doctype html><title>Pikachu</title><p>Électrique ⚡</p>".utf8) + Array(repeating: 0, count: padding)
        let key = PageKey.hex(of: page)
        #expect(PageKey.hex(of: page) == key)
        var keys: Set<String> = [key]
        for position in page.indices {
            for flip: UInt8 in [0x01, 0x80] {
                var changed = page
                changed[position] ^= flip
                keys.insert(PageKey.hex(of: changed))
            }
        }
        #expect(keys.count == 1 + page.count * 2, "every one-byte change gives a key of its own")
        // Trailing zero bytes are still bytes: the count is hashed too.
        let shorter = [Array(page.dropLast()), Array(page.dropLast(8)), Array(page.dropLast(9)), []].map(PageKey.hex(of:))
        #expect(Set(shorter + [key]).count == 5)
        #expect(!keys.contains(PageKey.hex(of: page + [0])))
    }
}

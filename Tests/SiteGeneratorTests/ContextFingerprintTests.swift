import Common
@testable import SiteGenerator
import TemplateEngine
import Testing

@Suite("Page context fingerprints")
struct ContextFingerprintTests {
    private func hash(_ value: TemplateValue) -> UInt64 {
        var fingerprint = Fingerprint()
        fingerprint.add(value)
        return fingerprint.value
    }

    @Test("a list made as it is read hashes as the array it stands for, and a changed row changes it")
    func listsHashAsArrays() {
        let names = ["bulbasaur", "ivysaur", "venusaur"]
        let array = TemplateValue.array(names.map { .dictionary(["name": .string($0)]) })
        let list = TemplateValue.list(TemplateList(count: names.count) { .dictionary(["name": .string(names[$0])]) })
        let changed = TemplateValue.list(TemplateList(count: names.count) { .dictionary(["name": .string(names[$0] + "!")]) })
        let shorter = TemplateValue.list(TemplateList(count: 2) { .dictionary(["name": .string(names[$0])]) })
        #expect(hash(list) == hash(array))
        #expect(hash(changed) != hash(array))
        #expect(hash(shorter) != hash(array))
    }

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

    @Test("a dictionary hashes the same in any order it holds its pairs, and a changed, moved or missing pair changes it")
    func dictionariesHashTheirPairs() {
        let pairs: [(String, TemplateValue)] = [("type", .string("grass")), ("name", .string("Bulbasaur")), ("number", .int(1)),
                                                ("moves", .array([.dictionary(["name": .string("Tackle")])]))]
        // The same pairs inserted in every rotation: the dictionaries hold them in that order.
        var hashes: Set<UInt64> = []
        for start in pairs.indices {
            var dictionary = TemplateDictionary(minimumCapacity: start * 16)
            for offset in pairs.indices {
                let (key, value) = pairs[(start + offset) % pairs.count]
                dictionary[key] = value
            }
            hashes.insert(hash(.dictionary(dictionary)))
        }
        #expect(hashes.count == 1)
        var whole = TemplateDictionary()
        for (key, value) in pairs { whole[key] = value }
        let base = hash(.dictionary(whole))
        var changed = whole
        changed["moves"] = .array([.dictionary(["name": .string("Growl")])])
        var swapped = whole
        (swapped["type"], swapped["name"]) = (whole["name"], whole["type"])
        var missing = whole
        missing["number"] = nil
        var renamed = missing
        renamed["index"] = .int(1)
        let others = [changed, swapped, missing, renamed].map { hash(.dictionary($0)) }
        #expect(!others.contains(base))
        #expect(Set(others).count == others.count)
    }
}

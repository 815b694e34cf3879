import TemplateEngine
import Testing

@Suite("Template dictionaries")
struct TemplateDictionaryTests {
    private func text(_ value: TemplateValue?) -> String? {
        if case .string(let text)? = value { return text }
        return nil
    }

    /// Keys of one letter then a digit: "a0".."z9". Letters sixteen apart ("a", "q") share
    /// their low four bits, which FNV's low bits depend on alone.
    private static let keys = (0..<260).map { "\(Character(Unicode.Scalar(UInt8(97 + $0 % 26))))\($0 / 26)" }

    @Test("finds every key and misses absent ones, scanned when small and through slots when large", arguments: [1, 8, 9, 17, 260])
    func findsEveryKey(count: Int) {
        var dictionary = TemplateDictionary()
        for key in Self.keys.prefix(count) { dictionary[key] = .string(key.uppercased()) }
        #expect(dictionary.count == count)
        for key in Self.keys.prefix(count) {
            #expect(text(dictionary[key]) == key.uppercased(), "\(key) of \(count)")
            #expect(text(dictionary[TemplateKey(key)]) == key.uppercased())
        }
        for key in Self.keys.dropFirst(count) + ["", "A0", "a0 ", "é"] {
            #expect(dictionary[key] == nil, "\(key) is not among \(count)")
        }
    }

    @Test("a key set again keeps its place; a key removed is gone and the rest still found", arguments: [5, 40])
    func replacesAndRemoves(count: Int) {
        var dictionary = TemplateDictionary()
        for key in Self.keys.prefix(count) { dictionary[key] = .int(1) }
        dictionary[Self.keys[2]] = .int(2)
        #expect(dictionary.keys == Array(Self.keys.prefix(count)))
        dictionary[Self.keys[3]] = nil
        dictionary["absent"] = nil
        #expect(dictionary.count == count - 1)
        #expect(dictionary[Self.keys[3]] == nil)
        for (offset, key) in Self.keys.prefix(count).enumerated() where offset != 3 {
            guard case .int(let number)? = dictionary[key] else {
                Issue.record("\(key) lost after a removal")
                continue
            }
            #expect(number == (offset == 2 ? 2 : 1))
        }
    }

    @Test("a copy past the scanned size, changed, leaves the original and its slots as they were; from nine pairs to eight and back")
    func largeCopiesAndShrinking() {
        var original = TemplateDictionary()
        for key in Self.keys.prefix(9) { original[key] = .string(key) }
        var copy = original
        copy[Self.keys[0]] = nil
        copy["new"] = "added"
        #expect(original.count == 9 && copy.count == 9)
        #expect(text(original[Self.keys[0]]) == Self.keys[0] && original["new"] == nil)
        #expect(copy[Self.keys[0]] == nil && text(copy["new"]) == "added")
        for key in Self.keys.dropFirst().prefix(8) {
            #expect(text(original[key]) == key && text(copy[key]) == key)
        }
    }

    @Test("a value is two words and a tag: copying one is a retain")
    func valueSize() {
        #expect(MemoryLayout<TemplateValue>.size <= 2 * MemoryLayout<Int>.size + 1)
    }

    @Test("a copy changed leaves the original as it was (and the other way round)")
    func copiesAreValues() {
        var original: TemplateDictionary = ["name": "Pikachu", "type": "electric"]
        var copy = original
        copy["name"] = "Raichu"
        copy["stage"] = 2
        #expect(text(original["name"]) == "Pikachu")
        #expect(original["stage"] == nil)
        #expect(original.count == 2 && copy.count == 3)
        original["type"] = nil
        #expect(text(copy["type"]) == "electric")
    }

    @Test("iterates in the order pairs were added, a removal kept out; from a Swift dictionary in key order; a value literal's later duplicate wins")
    func order() {
        let value: TemplateValue = ["z": 1, "a": 2, "m": 3, "a": 4]
        guard case .dictionary(var literal) = value else {
            Issue.record("a dictionary literal made \(value)")
            return
        }
        #expect(literal.map(\.key) == ["z", "a", "m"])
        guard case .int(4)? = literal["a"] else {
            Issue.record("the later duplicate did not win")
            return
        }
        literal["a"] = nil
        literal["b"] = 5
        #expect(literal.keys == ["z", "m", "b"])
        let converted = TemplateDictionary(["z": .int(1), "a": .int(2), "m": .int(3)])
        #expect(converted.keys == ["a", "m", "z"])
    }

    @Test("a dotted name in a template finds its parts through nested dictionaries and falls back down the stack")
    func rendersThroughDictionaries() throws {
        var row = TemplateDictionary()
        for key in Self.keys.prefix(20) { row[key] = .string(key) }
        let context: TemplateValue = .dictionary(["root": "../", "rows": .array([.dictionary(row)]), "t": ["title": "Moves"]])
        let template = try Template(source: "{{#rows}}{{root}}{{a0}}{{q0}}{{t.title}}{{missing}}{{/rows}}")
        #expect(try template.render(context) == "../a0q0Moves")
    }
}

import Foundation
import Testing
import TestSupport
@testable import JSONLinkScan

@Suite("The JSON link scanner")
struct JSONLinkScannerTests {
    static let valid = [
        #"{}"#, #"[]"#, #" {"a":1} "#, #"{"a":[1,-2.5e+3,0,0.0,1E9,true,false,null,"x"]}"#,
        "[1e-999, 1.7976931348623157e308, 12345678901234567890]", #"{"é":"日本語 🐉","esc":"\"\\\/\b\f\n\r\t\u00e9\uD83D\uDC09"}"#, #"[[[[{"a":{"b":[]}}]]]]"#, "{\n\t\"a\" :\r\n 1 }",
    ]

    static let invalid = [
        "", " ", #"{"a":"#, #"{"id":2,"name":"#, #"{"a":1"#, #"[1,2"#, #"{"a":1}x"#, #"{"a":1}{}"#, #"{"a" 1}"#,
        #"{a:1}"#, #"{"a":1,}"#, #"[1,]"#, #"[01]"#, #"[-]"#, #"[1.]"#, #"[1e]"#, #"[.5]"#, #"[+1]"#, #"[tru]"#,
        #"[nul]"#, #"["a\x"]"#, #"["\u12G4"]"#, #"["\uDC09"]"#, #"["\uD83Dx"]"#, "[\"a\u{01}\"]", #""text""#, "42", "null",
        #"{"a":1}}"#, #"[1]]"#, "[1e999]", "[-0.5e666]", "[" + String(repeating: "9", count: 400) + "]",
    ]

    /// 2,000 documents, each a valid seed with one to three bytes removed, added or changed.
    static func mutatedDocuments() -> [Data] {
        let seeds = [
            #"{"name":"bulbasaur","types":[{"slot":1,"type":{"name":"grass","url":"/api/v2/type/12/"}}],"h":7,"w":-6.9e1}"#,
            #"[{"a":[true,false,null]},"\u00e9\n",0.5,{"b":{}}]"#,
        ]
        var generator = SeededGenerator(seed: 7)
        let alphabet = Array(#"{}[]:,"\/u0123456789.eE+-tfnalsrx "#.utf8) + [0x0A, 0xC3, 0xA9, 0x01]
        return (0..<2_000).map { index in
            var bytes = Array(seeds[index % seeds.count].utf8)
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let at = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(alphabet.randomElement(using: &generator)!, at: at)
                default: bytes[at] = alphabet.randomElement(using: &generator)!
                }
                if bytes.isEmpty { bytes = [UInt8(ascii: "x")] }
            }
            return Data(bytes)
        }
    }

    /// Where a reading stopped (nil: it did not).
    static func offset(_ read: () throws(JSONLinkScanner.Invalid) -> Void) -> Int? {
        do {
            try read()
            return nil
        } catch {
            return error.offset
        }
    }

    @Test("a member of the top-level object that a taker reads is one entry with its bytes; one it declines is laid as ever")
    func takenMembers() throws {
        let json = #"{"a":[1,2],"b":{"a":[3]},"d":[4],"a":{}}"#
        // Takes an array up to its first closing bracket (enough for this document).
        let taker = TakenMember(key: "a") { bytes, offset in
            guard bytes[offset] == UInt8(ascii: "["), let end = bytes[offset...].firstIndex(of: UInt8(ascii: "]")) else { return nil }
            return ("taken at \(offset)", end + 1)
        }
        let declining = TakenMember(key: "d") { _, _ in nil }
        let tape = try JSONTape(data: Data(json.utf8), takers: [taker, declining])
        #expect(Self.rewritten(tape) == json, "the taken bytes stand where the member was")
        #expect(tape.taken.compactMap { $0 as? String } == ["taken at 5"], "the nested a is laid; the last a declined")
        #expect(try JSONTape(data: Data(json.utf8)).entries.count == tape.entries.count + 2, "[1,2] is one entry, not three")
        #expect(throws: JSONLinkScanner.Invalid.self, "what follows a taken member is still checked") {
            try JSONTape(data: Data(#"{"a":[1,2],}"#.utf8), takers: [taker])
        }
    }

    /// The document as the tape holds it, written back without whitespace: each container
    /// walked by its member count, and its `end` checked against where the walk ends.
    static func rewritten(_ tape: JSONTape) -> String {
        var index = 0
        func text(_ entry: JSONTape.Entry) -> String {
            let start = Int(entry.start), end = Int(entry.end)
            return String(decoding: tape.bytes[start..<end], as: UTF8.self)
        }
        func value() -> String {
            guard index < tape.entries.count else { return "(past the last entry)" }
            let entry = tape.entries[index]
            let at = index
            index += 1
            switch entry.kind {
            case .string: return "\"" + text(entry) + "\""
            case .number, .true, .false, .null, .taken: return text(entry)
            case .object, .array:
                var members: [String] = []
                for _ in 0..<entry.count {
                    if entry.kind == .object {
                        let name = value()
                        members.append(name + ":" + value())
                    } else {
                        members.append(value())
                    }
                }
                let written = entry.kind == .object ? "{" + members.joined(separator: ",") + "}" : "[" + members.joined(separator: ",") + "]"
                return index == Int(entry.end) ? written : "(\(at) ends at \(entry.end), members at \(index))"
            }
        }
        let document = value()
        return index == tape.entries.count ? document : document + "(\(tape.entries.count - index) entries left)"
    }

    /// `text` without the whitespace between its tokens.
    static func compact(_ text: String) -> String {
        var result = "", inString = false, escaped = false
        for character in text {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == " " || character == "\n" || character == "\t" || character == "\r" || character == "\r\n" {
                continue
            }
            result.append(character)
        }
        return result
    }

    @Test("accepts valid JSON documents", arguments: Self.valid)
    func acceptsValid(text: String) {
        #expect(JSONLinkScanner.isValid(Data(text.utf8)))
    }

    @Test("refuses what is not JSON, cut short, or not an object or array", arguments: Self.invalid)
    func refusesInvalid(text: String) {
        #expect(!JSONLinkScanner.isValid(Data(text.utf8)))
    }

    @Test("refuses bytes that are not UTF-8, and nesting deeper than 512")
    func refusesBadBytesAndDepth() {
        for bytes in [[0x80], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x82]] as [[UInt8]] {
            let document = Data(#"[""#.utf8) + Data(bytes) + Data(#""]"#.utf8)
            #expect(!JSONLinkScanner.isValid(document), "\(bytes)")
        }
        #expect(JSONLinkScanner.isValid(Data((String(repeating: "[", count: 500) + String(repeating: "]", count: 500)).utf8)))
        #expect(!JSONLinkScanner.isValid(Data((String(repeating: "[", count: 600) + String(repeating: "]", count: 600)).utf8)))
    }

    @Test("agrees with JSONSerialization on 2,000 mutated documents, apart from trailing commas")
    func agreesWithFoundation() throws {
        for data in Self.mutatedDocuments() {
            let text = String(decoding: data, as: UTF8.self)
            let foundation = (try? JSONSerialization.jsonObject(with: data)) != nil
            // Foundation also takes a trailing comma (`[1,]`), which RFC 8259 does not: the
            // scanner may refuse more, never accept more, or the catalog could not read the cache.
            let trailingComma = text.contains(/,\s*[}\]]/)
            #expect(JSONLinkScanner.isValid(data) == foundation || (foundation && trailingComma), "\(text)")
        }
    }

    @Test("the decoder's tape refuses what the scanner refuses, at the same offset, and holds every value it accepts")
    func tapeAgreesWithScanner() {
        var depths: [String] = []
        for depth in [500, 511, 512, 513, 600] {
            let opening = String(repeating: "[", count: depth), closing = String(repeating: "]", count: depth)
            depths.append(opening + closing)
            depths.append(opening + "1" + closing)
            depths.append(String(repeating: #"{"a":"#, count: depth) + "{}" + String(repeating: "}", count: depth))
        }
        let documents = (Self.valid + Self.invalid + depths).map { Data($0.utf8) } + Self.mutatedDocuments()
        var accepted = 0
        for data in documents {
            let text = String(decoding: data, as: UTF8.self)
            let scanner = Self.offset { () throws(JSONLinkScanner.Invalid) in _ = try JSONLinkScanner.matches(in: data, rules: []) }
            var tape: JSONTape?
            let tapeOffset = Self.offset { () throws(JSONLinkScanner.Invalid) in tape = try JSONTape(data: data) }
            #expect(tapeOffset == scanner, "\(text.prefix(80))")
            if let tape {
                accepted += 1
                #expect(Self.rewritten(tape) == Self.compact(text), "\(text.prefix(80))")
            }
        }
        #expect(accepted > 300, "the mutations leave a good share of valid documents (\(accepted))")
    }

    @Test("byte runs of every length up to 40 are equal when they are, and unequal at any one differing byte")
    func comparesBytes() {
        for count in 0...40 {
            let one = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            // Offset by one in a larger buffer, so unaligned loads are exercised.
            var other = [UInt8(0)] + one + [0]
            #expect(one.withUnsafeBufferPointer { a in other.withUnsafeBufferPointer { b in
                sameBytes(a.baseAddress ?? UnsafePointer(b.baseAddress!), b.baseAddress! + 1, count: count) } }, "\(count) bytes")
            for position in 0..<count {
                other[position + 1] ^= 0x40
                #expect(!one.withUnsafeBufferPointer { a in other.withUnsafeBufferPointer { b in sameBytes(a.baseAddress!, b.baseAddress! + 1, count: count) } },
                        "\(count) bytes, differing at \(position)")
                other[position + 1] ^= 0x40
            }
        }
    }

    @Test("reports links by key path, with arrays transparent and exact paths unless anywhere")
    func reportsLinksByPath() throws {
        let document = #"""
        {"species":{"name":"bulbasaur","url":"/api/v2/pokemon-species/1/"},
         "moves":[{"move":{"name":"razor-wind","url":"/api/v2/move/13/"},"version_group_details":[{"version_group":{"name":"red-blue","url":"/api/v2/version-group/1/"}}]}],
         "past_types":[{"types":[{"type":{"name":"normal","url":"/api/v2/type/1/"}}]}],
         "types":[{"type":{"name":"grass","url":"https:\/\/pokeapi.co\/api\/v2\/type\/12\/"}}],
         "sprites":{"front_default":"https://s/1.png","front_shiny":null,"other":{"home":{"front_default":"https://s/home/1.png"}}},
         "chain":{"species":{"name":"a","url":"/s/1/"},"evolves_to":[{"species":{"name":"b","url":"/s/2/"},"evolves_to":[{"species":{"url":"/s/3/"}}]}]}}
        """#
        let rules = [
            JSONLinkScanner.Rule(.link, "species", tag: 1), JSONLinkScanner.Rule(.link, "moves.move", tag: 2),
            JSONLinkScanner.Rule(.link, "types.type", tag: 3), JSONLinkScanner.Rule(.string, "sprites.front_default", tag: 4),
            JSONLinkScanner.Rule(.string, "sprites.front_shiny", tag: 4), JSONLinkScanner.Rule(.link, "species", anywhere: true, tag: 5),
        ]
        let matches = try JSONLinkScanner.matches(in: Data(document.utf8), rules: rules)
        #expect(matches.filter { $0.tag == 1 } == [.init(tag: 1, value: "/api/v2/pokemon-species/1/", name: "bulbasaur")])
        #expect(matches.filter { $0.tag == 2 } == [.init(tag: 2, value: "/api/v2/move/13/", name: "razor-wind")])
        #expect(matches.filter { $0.tag == 3 } == [.init(tag: 3, value: "https://pokeapi.co/api/v2/type/12/", name: "grass")],
                "past_types.types.type is not types.type; escaped slashes are resolved")
        #expect(matches.filter { $0.tag == 4 } == [.init(tag: 4, value: "https://s/1.png", name: nil)], "null and sprites.other are not matched")
        #expect(matches.filter { $0.tag == 5 }.map(\.value) == ["/api/v2/pokemon-species/1/", "/s/1/", "/s/2/", "/s/3/"])
        #expect(matches.filter { $0.tag == 5 }.map(\.name) == ["bulbasaur", "a", "b", nil])
    }

    @Test("reports a repeated match once, and keeps the same text under another name or rule")
    func reportsRepeatsOnce() throws {
        let document = #"""
        {"moves":[
          {"move":{"name":"cut","url":"/api/v2/move/15/"},"version_group_details":[
            {"version_group":{"name":"red-blue","url":"/api/v2/version-group/1/"}},
            {"version_group":{"name":"red-blue","url":"/api/v2/version-group/1/"}},
            {"version_group":{"name":"yellow","url":"/api/v2/version-group/2/"}}]},
          {"move":{"name":"cut","url":"/api/v2/move/15/"},"version_group_details":[
            {"version_group":{"name":"rb","url":"/api/v2/version-group/1/"}},
            {"version_group":{"url":"/api/v2/version-group/1/"}},
            {"version_group":{"name":"red-blue","url":"\/api\/v2\/version-group\/1\/"}}]}]}
        """#
        let rules = [
            JSONLinkScanner.Rule(.link, "moves.move", tag: 1),
            JSONLinkScanner.Rule(.link, "moves.version_group_details.version_group", tag: 2),
            JSONLinkScanner.Rule(.link, "version_group", anywhere: true, tag: 3),
        ]
        let matches = try JSONLinkScanner.matches(in: Data(document.utf8), rules: rules)
        #expect(matches.filter { $0.tag == 1 } == [.init(tag: 1, value: "/api/v2/move/15/", name: "cut")])
        let groups = matches.filter { $0.tag == 2 }.map { "\($0.value) \($0.name ?? "-")" }
        // The escaped spelling is other bytes, so it is reported again: callers dedupe what they build.
        #expect(groups == ["/api/v2/version-group/1/ red-blue", "/api/v2/version-group/2/ yellow", "/api/v2/version-group/1/ rb",
                           "/api/v2/version-group/1/ -", "/api/v2/version-group/1/ red-blue"])
        #expect(matches.filter { $0.tag == 3 }.count == groups.count, "another rule's matches are its own")
    }

    @Test("reports each of 5,000 distinct links once, in document order, however often each repeats")
    func manyDistinctLinks() throws {
        // Enough distinct matches to grow the table of what was reported many times over.
        let links = (0..<5_000).map { #"{"link":{"name":"n\#($0)","url":"/api/v2/move/\#($0)/"}}"# }
        let repeated = (0..<5_000).map { links[($0 * 7) % 5_000] }
        let document = "[" + (links + repeated + links).joined(separator: ",") + "]"
        let matches = try JSONLinkScanner.matches(in: Data(document.utf8), rules: [JSONLinkScanner.Rule(.link, "link", tag: 1)])
        #expect(matches.count == 5_000)
        #expect(matches.map(\.value) == (0..<5_000).map { "/api/v2/move/\($0)/" })
        #expect(matches.map { $0.name ?? "" } == (0..<5_000).map { "n\($0)" })
    }

    @Test("agrees with a reference walk over 300 random documents and rule sets of up to 200 rules")
    func agreesWithReferenceWalk() throws {
        var random = SplitMix(seed: 0x5EED)
        let keys = ["a", "b", "url", "name", "front_default", "back_default", "front_shiny", "species", "moves", "x", "version_group", "other"]
        let texts = ["/api/v2/a/1/", "/api/v2/b/2/", "t", "", "https://s/1.png", "bulbasaur"]
        for round in 0..<300 {
            func value(_ depth: Int) -> Any {
                switch depth > 3 ? 3 + random.next(3) : random.next(6) {
                case 0, 1: return object(depth + 1)
                case 2: return (0..<random.next(4)).map { _ in value(depth + 1) }
                case 3, 4: return texts[random.next(texts.count)]
                default: return random.next(2) == 0 ? NSNull() : 7
                }
            }
            func object(_ depth: Int) -> [String: Any] {
                var members: [String: Any] = [:]
                for _ in 0..<random.next(5) { members[keys[random.next(keys.count)]] = value(depth) }
                return members
            }
            let document = object(0)
            var rules: [JSONLinkScanner.Rule] = []
            var described: [(kind: JSONLinkScanner.Rule.Kind, keys: [String], anywhere: Bool, tag: Int)] = []
            for _ in 0..<(round % 3 == 0 ? 200 : 1 + random.next(12)) {
                let path = (0..<random.next(4)).map { _ in keys[random.next(keys.count)] }
                let kind: JSONLinkScanner.Rule.Kind = random.next(2) == 0 ? .link : .string
                let anywhere = random.next(3) == 0, tag = random.next(4)
                rules.append(JSONLinkScanner.Rule(kind, path.joined(separator: "."), anywhere: anywhere, tag: tag))
                described.append((kind, path, anywhere, tag))
            }
            func matches(_ rule: (kind: JSONLinkScanner.Rule.Kind, keys: [String], anywhere: Bool, tag: Int), _ path: [String]) -> Bool {
                rule.anywhere ? path.count >= rule.keys.count && Array(path.suffix(rule.keys.count)) == rule.keys : path == rule.keys
            }
            // The reference: arrays are transparent; a string member matches string rules at its
            // own path, an object with a string url matches link rules at the object's path.
            var expected = Set<JSONLinkScanner.Match>()
            func walk(_ value: Any, _ path: [String]) {
                if let list = value as? [Any] {
                    for element in list { walk(element, path) }
                } else if let members = value as? [String: Any] {
                    for (key, member) in members {
                        if let text = member as? String {
                            for rule in described where rule.kind == .string && matches(rule, path + [key]) {
                                expected.insert(.init(tag: rule.tag, value: text, name: nil))
                            }
                        } else {
                            walk(member, path + [key])
                        }
                    }
                    if let url = members["url"] as? String {
                        for rule in described where rule.kind == .link && matches(rule, path) {
                            expected.insert(.init(tag: rule.tag, value: url, name: members["name"] as? String))
                        }
                    }
                }
            }
            walk(document, [])
            let data = try JSONSerialization.data(withJSONObject: document)
            let found = try JSONLinkScanner.matches(in: data, rules: rules)
            #expect(Set(found) == expected, "round \(round): \(String(decoding: data, as: UTF8.self))")
            #expect(Set(found).count == found.count, "round \(round): a repeat was reported twice")
        }
    }
}

/// A small seeded generator, so a failing round can be replayed.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9e37_79b9_7f4a_7c15
        var value = state
        value = (value ^ (value >> 30)) &* 0xbf58_476d_1ce4_e5b9
        value = (value ^ (value >> 27)) &* 0x94d0_49bb_1331_11eb
        value ^= value >> 31
        return bound <= 1 ? 0 : Int(value % UInt64(bound))
    }
}

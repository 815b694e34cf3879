import Common
import Foundation
@testable import JSONLinkScan
import Testing
import TestSupport
@testable import PokeAPI

/// The catalog's decoder against Foundation's: on every file of every resource the schema
/// reads, both give the same value, and bad input fails the same way.
@Suite("The tape decoder agrees with JSONDecoder")
struct TapeDecoderTests {
    @Test("every file of the shared mirror that the schema reads", .enabled(if: SharedFixtures.hasMirror, SharedFixtures.absent("pokeapi-mirror")),
          arguments: Wire.schema.keys.sorted())
    func mirror(resource: String) throws {
        // Encounters live below each pokemon: list the pokemon folder for them.
        let listed = resource == APIResourcePath.encounters ? "pokemon" : resource
        let folder = SharedFixtures.pokeapiMirror.appendingPathComponent("api/v2/\(listed)")
        let ids = try FileManager.default.contentsOfDirectory(atPath: folder.path).compactMap { Int($0) }
        let type = try #require(Wire.schema[resource] as? any Codable.Type)
        var differences: [Int] = []
        for (number, id) in ids.enumerated() {
            let file = SharedFixtures.pokeapiMirror.appendingPathComponent(APIResourcePath(resource: resource, id: id).filePath)
            guard let data = FileManager.default.contents(atPath: file.path) else { continue }
            // As a build reads it (texts in its languages only), and every tenth file whole.
            if try !Self.same(type, data, languages: ["en", "ja-Hrkt"]) || (number % 10 == 0 && !Self.same(type, data)) {
                differences.append(id)
            }
        }
        #expect(!ids.isEmpty)
        #expect(differences.isEmpty, "\(differences.count) differ, first: \(differences.first ?? 0)")
    }

    static func same<T: Codable>(_ type: T.Type, _ data: Data, languages: Set<String>? = nil) throws -> Bool {
        let foundation = JSONDecoder()
        var tape = TapeJSONDecoder()
        if let languages {
            foundation.userInfo[Wire.languagesKey] = languages
            tape.userInfo[Wire.languagesKey] = languages
        }
        return try BinaryCoder.encode(foundation.decode(T.self, from: data), format: "") == BinaryCoder.encode(tape.decode(T.self, from: data), format: "")
    }

    struct Sample: Codable, Equatable {
        var text: String
        var number: Int
        var ratio: Double
        var flag: Bool
        var missing: String?
        var null: Int?
        var list: [Int]
        var nested: [String: Int]
    }

    @Test("escapes, numbers, null, missing keys and dictionaries decode as Foundation decodes them")
    func values() throws {
        let json = #"{"text":"a\"b\\c\u00e9\ud83d\ude00\n","number":-42,"ratio":1.5e2,"flag":true,"null":null,"list":[1,2,3],"nested":{"x":1,"y":2}}"#
        let data = Data(json.utf8)
        #expect(try TapeJSONDecoder().decode(Sample.self, from: data) == JSONDecoder().decode(Sample.self, from: data))
    }

    @Test("failures carry the coding path", arguments: [
        (#"{"text":1,"number":1,"ratio":1,"flag":true,"list":[],"nested":{}}"#, "text"),
        (#"{"text":"x","number":1.5,"ratio":1,"flag":true,"list":[],"nested":{}}"#, "number"),
        (#"{"text":"x","number":99999999999999999999,"ratio":1,"flag":true,"list":[],"nested":{}}"#, "number"),
        (#"{"text":"x","number":1,"ratio":1,"flag":true,"list":[1,"2"],"nested":{}}"#, "list.Index 1"),
        (#"{"number":1,"ratio":1,"flag":true,"list":[],"nested":{}}"#, "text"),
    ])
    func failures(json: String, path: String) {
        do {
            _ = try TapeJSONDecoder().decode(Sample.self, from: Data(json.utf8))
            Issue.record("accepted \(json)")
        } catch let error as DecodingError {
            let keys: [any CodingKey]
            switch error {
            case let .typeMismatch(_, context), let .valueNotFound(_, context), let .dataCorrupted(context): keys = context.codingPath
            case let .keyNotFound(key, context): keys = context.codingPath + [key]
            @unknown default: keys = []
            }
            #expect(keys.map(\.stringValue).joined(separator: ".") == path)
        } catch {
            Issue.record("\(error)")
        }
    }

    struct Deep: Codable, Equatable {
        struct Outer: Codable, Equatable {
            var items: [Item]
            var label: String?
        }
        struct Item: Codable, Equatable {
            var name: String
            var count: Int?
            var flag: Bool?
            var tags: [String]?
        }
        var outer: Outer
        var level: Int
        var shown: Bool
    }

    /// A path node is made only where a container is opened, not for every value: a failure
    /// at any depth, in a string, number or flag, present or optional, is the kind of
    /// failure Foundation reports, where Foundation says. (A number that does not fit is
    /// left out: Foundation's path stops above its key, this decoder names the key, as
    /// "failures carry the coding path" holds.)
    @Test("failures deep in objects and arrays are the failures Foundation reports, at its paths", arguments: [
        #"{"outer":{"items":[{"name":"a"},{"name":2}]},"level":1,"shown":true}"#,
        #"{"outer":{"items":[{"name":"a","count":"x"}]},"level":1,"shown":true}"#,
        #"{"outer":{"items":[{"name":"a"},{"name":"b"},{"name":"c","flag":3}]},"level":1,"shown":true}"#,
        #"{"outer":{"items":[{"name":"a"},{"count":1}]},"level":1,"shown":true}"#,
        #"{"outer":{"items":[{"name":"a","tags":["x",null]}]},"level":1,"shown":true}"#,
        #"{"outer":{"items":[{"name":null}]},"level":1,"shown":true}"#,
        #"{"outer":{"items":null},"level":1,"shown":true}"#,
        #"{"outer":{"items":[],"label":7},"level":1,"shown":true}"#,
        #"{"outer":[],"level":1,"shown":true}"#,
        #"{"outer":{"items":[]},"level":"1","shown":true}"#,
        #"{"outer":{"items":[]},"level":null,"shown":true}"#,
        #"{"outer":{"items":[]},"level":1,"shown":"yes"}"#,
        #"{"outer":{"items":[]},"level":1}"#,
        #"{}"#,
    ])
    func deepFailures(json: String) {
        // The kind of failure and where: "valueNotFound outer.items.Index 0.name".
        func path(_ decode: () throws -> Deep) -> String? {
            func spelled(_ kind: String, _ keys: [any CodingKey]) -> String {
                kind + " " + keys.map(\.stringValue).joined(separator: ".")
            }
            do {
                _ = try decode()
                return nil
            } catch let error as DecodingError {
                switch error {
                case let .typeMismatch(_, context): return spelled("typeMismatch", context.codingPath)
                case let .valueNotFound(_, context): return spelled("valueNotFound", context.codingPath)
                case let .dataCorrupted(context): return spelled("dataCorrupted", context.codingPath)
                case let .keyNotFound(key, context): return spelled("keyNotFound", context.codingPath + [key])
                @unknown default: return "?"
                }
            } catch {
                return "\(error)"
            }
        }
        let data = Data(json.utf8)
        let expected = path { try JSONDecoder().decode(Deep.self, from: data) }
        #expect(expected != nil, "Foundation refuses \(json)")
        #expect(path { try TapeJSONDecoder().decode(Deep.self, from: data) } == expected)
    }

    /// Two numbers read from an array by position, as a pair in a schema would be.
    struct Pair: Decodable {
        var first: Int
        var second: Int
        var outer: [Int]?

        init(from decoder: any Decoder) throws {
            var list = try decoder.unkeyedContainer()
            first = try list.decode(Int.self)
            second = try list.decode(Int.self)
            if !list.isAtEnd {
                var inner = try list.nestedUnkeyedContainer()
                outer = [try inner.decode(Int.self)]
            }
        }
    }

    @Test("an array too short for what reads it fails at the missing index, naming the type, as in Foundation",
          arguments: ["[1]", "[]", #"{"x":[7]}"#, "[1,2,[]]"])
    func pastTheEnd(json: String) throws {
        struct Holder: Decodable { var x: Pair }
        func failure<T>(_ result: Result<T, any Error>) -> String? {
            switch result {
            case .success: return nil
            case .failure(DecodingError.valueNotFound(let type, let context)):
                return "\(type) at " + context.codingPath.map(\.stringValue).joined(separator: ".")
            case .failure(let error): return "\(error)"
            }
        }
        let data = Data(json.utf8)
        let expected = json.hasPrefix("{")
            ? failure(Result { try JSONDecoder().decode(Holder.self, from: data) })
            : failure(Result { try JSONDecoder().decode(Pair.self, from: data) })
        let mine = json.hasPrefix("{")
            ? failure(Result { try TapeJSONDecoder().decode(Holder.self, from: data) })
            : failure(Result { try TapeJSONDecoder().decode(Pair.self, from: data) })
        #expect(expected?.hasPrefix("Int at ") == true, "Foundation: \(expected ?? "accepted")")
        #expect(mine == expected)
    }

    /// Found by FuzzSchemaReaders: the texts' fast path stepped over an entry in a language
    /// the build drops without reading it, so a malformed one passed there and failed when
    /// the same file took the ordinary way.
    @Test("a text in a language the build drops is read all the same: a malformed one fails as Foundation fails it",
          arguments: [#""flavor_text":"Ein Eintrag.","#, #""flavor_text":7,"#, ""])
    func droppedLanguageRead(german: String) throws {
        let json = """
            {"id":1,"name":"x","flavor_text_entries":[
              {"flavor_text":"An entry.","language":{"name":"en","url":"/api/v2/language/9/"},"version":{"name":"red","url":"/api/v2/version/1/"}},
              {\(german)"language":{"name":"de","url":"/api/v2/language/6/"},"version":{"name":"red","url":"/api/v2/version/1/"}}]}
            """
        let data = Data(json.utf8)
        var tape = TapeJSONDecoder()
        tape.userInfo[Wire.languagesKey] = Set(["en"])
        let foundation = JSONDecoder()
        foundation.userInfo[Wire.languagesKey] = Set(["en"])
        if german == #""flavor_text":"Ein Eintrag.","# {
            let read = try tape.decode(Wire.Species.self, from: data)
            #expect(read.flavorTextEntries?.entries.map(\.flavorText) == ["An entry."], "the German entry is dropped")
            #expect(try Self.same(Wire.Species.self, data, languages: ["en"]))
        } else {
            #expect(throws: DecodingError.self) { try foundation.decode(Wire.Species.self, from: data) }
            #expect(throws: DecodingError.self, "accepted \(german)") { try tape.decode(Wire.Species.self, from: data) }
        }
    }

    /// Found in review of FuzzSchemaReaders' oracle: read through a Double, a number past
    /// 2^53 with a fraction or exponent came out as the Double's nearest value, where
    /// Foundation reads its digits; the two decoders accepted it with different values.
    @Test("a whole number spelled with a fraction or exponent is read exactly, or refused past 2^53",
          arguments: ["1.0", "1e2", "-0", "9007199254740991e0", "123456789012345678.5", "9007199254740993e0", "1.5"])
    func integerSpellings(number: String) {
        let data = Data(("{\"id\":" + number + "}").utf8)
        let mine = try? TapeJSONDecoder().decode([String: Int].self, from: data)
        let theirs = try? JSONDecoder().decode([String: Int].self, from: data)
        if let mine {
            #expect(mine == theirs, "Foundation reads \(theirs.map(String.init(describing:)) ?? "nothing") from \(number)")
        }
        if let value = Double(number), value.magnitude < 0x1p53, value.rounded() == value {
            #expect(mine != nil, "\(number) is a whole number a Double holds exactly")
        } else {
            #expect(mine == nil, "\(number)")
        }
    }

    @Test("invalid JSON is refused as Foundation refuses it", arguments: [#"{"a":1"#, #"{"a":01}"#, #"{"a":"\ud800"}"#, "[1,]", #"{"a":1e999}"#])
    func invalid(json: String) {
        #expect(throws: DecodingError.self) { try TapeJSONDecoder().decode([String: Int].self, from: Data(json.utf8)) }
        #expect(throws: (any Error).self) { try JSONDecoder().decode([String: Int].self, from: Data(json.utf8)) }
    }

    /// A pokemon's encounters: null, missing and present optionals, two games, one area.
    static let encounters = """
        [{"location_area": {"name": "viridian-forest-area", "url": "/api/v2/location-area/321/"},
          "version_details": [{"version": {"name": "red", "url": "/api/v2/version/1/"}, "max_chance": 10,
            "encounter_details": [
              {"chance": 5, "min_level": 3, "max_level": 5, "method": {"name": "walk", "url": "/api/v2/encounter-method/1/"},
               "condition_values": [{"name": "time-day", "url": "/api/v2/encounter-condition-value/4/"}]},
              {"chance": null, "min_level": 4, "max_level": 4, "method": {"name": "gift", "url": "/api/v2/encounter-method/18/"},
               "condition_values": null}]},
            {"version": {"name": "blue", "url": "/api/v2/version/2/"},
             "encounter_details": [{"min_level": 2, "method": {"url": "/api/v2/encounter-method/1/"}, "condition_values": []}]}]}]
        """

    static let learnset = """
        [{"move": {"name": "thunder-shock", "url": "/api/v2/move/84/"}, "version_group_details": [
            {"level_learned_at": 1, "move_learn_method": {"name": "level-up", "url": "/api/v2/move-learn-method/1/"},
             "version_group": {"name": "red-blue", "url": "/api/v2/version-group/1/"}},
            {"level_learned_at": 0, "move_learn_method": {"name": "machine", "url": "/api/v2/move-learn-method/4/"},
             "version_group": {"name": "yellow", "url": "/api/v2/version-group/2/"}}]},
         {"move": {"name": "thunderbolt", "url": "/api/v2/move/85/"}, "version_group_details": [
            {"level_learned_at": 26, "move_learn_method": {"name": "level-up", "url": "/api/v2/move-learn-method/1/"},
             "version_group": {"name": "yellow", "url": "/api/v2/version-group/2/"}},
            {"level_learned_at": null, "move_learn_method": {"name": "tutor", "url": "/api/v2/move-learn-method/3/"},
             "version_group": {"url": "/api/v2/version-group/1/"}}]}]
        """

    @Test("a pokemon's learnset is read off the tape as Foundation reads it, with a cursor")
    func learnsetFastPath() throws {
        let data = Data(Self.learnset.utf8)
        let foundation = try JSONDecoder().decode(Wire.Learnset.self, from: data)
        // The fast path itself, which throws Miss at anything it does not expect.
        let value = TapeValue(decoder: TapeDecoder(tape: try JSONTape(data: data), index: 0, path: nil, userInfo: [:]))
        let fast = try Wire.Learnset(tape: value)
        #expect(fast == foundation)
        // Below the top level, where the decoder takes the fast path.
        let held = Data(("{\"moves\": " + Self.learnset + "}").utf8)
        #expect(try TapeJSONDecoder().decode(LearnsetHolder.self, from: held).moves == foundation)
        #expect(fast.entries.map(\.level) == [1, 0, 26, 0], "null is no level")
        #expect(fast.versionGroups.map(\.name) == ["red-blue", "yellow", nil] && fast.methods.count == 3,
                "each group and method once, told apart by name and URL (the last group has the first's URL and no name)")
    }

    /// A pokemon's `moves`: the learnset below the top level, where the decoder tries its fast
    /// path, and (spelled compactly) where the tape lets the pokemon's reader take it.
    struct LearnsetHolder: Codable, Equatable, TapeTakesMembers {
        var moves: Wire.Learnset
        static var takenMembers: [TakenMember] { Wire.Pokemon.takenMembers }
    }

    /// `json` without the whitespace between its tokens, as PokeAPI serves it.
    static func compacted(_ json: String) -> String {
        var result = "", inString = false, escaped = false
        for character in json {
            if inString {
                result.append(character)
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
                result.append(character)
            } else if !character.isWhitespace {
                result.append(character)
            }
        }
        return result
    }

    /// Whether decoding `data` as `T` laid a taken member on the tape: its reader accepted it.
    static func taken<T: TapeTakesMembers>(_ type: T.Type, _ data: Data) throws -> Bool {
        // The tape frees its entries when it goes: it is held while they are read (a tape
        // let go after `.entries` was read had them freed under the search, and in a CI run
        // another test's allocation there hid the taken member).
        let tape = try JSONTape(data: data, takers: T.takenMembers)
        return withExtendedLifetime(tape) { tape.entries.contains { $0.kind == .taken } }
    }

    @Test("a compact learnset is read from its bytes as the tape reads it, and as Foundation does")
    func learnsetBytes() throws {
        let compact = Self.compacted(Self.learnset)
        #expect(!compact.contains(" ") && compact.count < Self.learnset.count)
        let foundation = try JSONDecoder().decode(Wire.Learnset.self, from: Data(Self.learnset.utf8))
        var bytes = compact
        let (value, end) = try #require(bytes.withUTF8 { Wire.Learnset.read($0, at: 0) }, "the reader accepts PokeAPI's spelling")
        #expect(value == foundation && end == compact.utf8.count)
        // In a document, the tape takes it and hands it to the decoder.
        let held = Data(("{\"id\":1,\"moves\":" + compact + ",\"name\":\"x\"}").utf8)
        #expect(try Self.taken(LearnsetHolder.self, held))
        #expect(try TapeJSONDecoder().decode(LearnsetHolder.self, from: held).moves == foundation)
        // Only members of the top-level object are taken; an array is laid as ever.
        #expect(try !Self.taken(LearnsetHolder.self, Data(("[{\"moves\":" + compact + "}]").utf8)))
        #expect(try !Self.taken(LearnsetHolder.self, Data(("{\"x\":{\"moves\":" + compact + "}}").utf8)))
        // Spellings it also takes: link keys swapped (the same group, though not the same bytes
        // as the one met before), a numeric order, a level past 255, no level.
        for (original, replacement) in [
            (#""version_group":{"name":"yellow","url":"/api/v2/version-group/2/"}},"#, #""version_group":{"url":"/api/v2/version-group/2/","name":"yellow"}},"#),
            (#""level_learned_at":26,"#, #""order":7,"level_learned_at":300,"#),
            (#""level_learned_at":26,"#, ""),
        ] {
            let changed = compact.replacingOccurrences(of: original, with: replacement)
            #expect(changed != compact)
            let data = Data(("{\"moves\":" + changed + "}").utf8)
            #expect(try Self.taken(LearnsetHolder.self, data), "\(replacement)")
            #expect(try TapeJSONDecoder().decode(LearnsetHolder.self, from: data) == JSONDecoder().decode(LearnsetHolder.self, from: data), "\(replacement)")
        }
        // An empty list, and a move learned in no game.
        for list in ["[]", #"[{"move":{"name":"a","url":"/api/v2/move/1/"},"version_group_details":[]}]"#] {
            let data = Data(("{\"moves\":" + list + "}").utf8)
            #expect(try Self.taken(LearnsetHolder.self, data), "\(list)")
            #expect(try TapeJSONDecoder().decode(LearnsetHolder.self, from: data) == JSONDecoder().decode(LearnsetHolder.self, from: data))
        }
    }

    @Test("a learnset spelled any other way is left to the tape, with the same value or failure as Foundation",
          arguments: [
              (#""level_learned_at":26,"#, #""level_learned_at":26.0,"#, nil),
              (#""level_learned_at":26,"#, #""level_learned_at":2e1,"#, nil),
              (#""level_learned_at":26,"#, #""level_learned_at":-3,"#, nil),
              (#""level_learned_at":26,"#, #""level_learned_at":026,"#, "invalid"),
              (#""level_learned_at":26,"#, #""level_learned_at":1234567890123456789,"#, nil),
              (#""level_learned_at":26,"#, #""level_learned_at":true,"#, "moves.Index 1.version_group_details.Index 0.level_learned_at"),
              (#""level_learned_at":26,"#, #""level_learned_at":26,"level_learned_at":3,"#, nil),
              (#""level_learned_at":26,"#, #""order":"1","level_learned_at":26,"#, nil),
              (#""level_learned_at":26,"#, #""extra":[1,{"a":null}],"level_learned_at":26,"#, nil),
              (#""level_learned_at":26,"#, #""level_learned_at":26 ,"#, nil),
              (#""url":"/api/v2/move/85/""#, #""url":"\/api/v2/move/85/""#, nil),
              (#""url":"/api/v2/move/85/""#, #""url":"/api/v2/move/85/\u00e9""#, nil),
              (#""name":"thunderbolt""#, #""name":"thunderbolté""#, nil),
              (#""name":"thunderbolt""#, #""name":"thunder\#tbolt""#, "invalid"),
              (#"{"move":{"name":"thunderbolt""#, #"{"m\u006Fve":{"name":"thunderbolt""#, nil),
              (#""version_group":{"url":"/api/v2/version-group/1/"}"#, #""version_group":null"#, "moves.Index 1.version_group_details.Index 1.version_group"),
              (#""version_group":{"url":"/api/v2/version-group/1/"}"#, #""version_group":{"url":"/api/v2/version-group/1/","url":"/x/"}"#, nil),
              (#""version_group":{"url":"/api/v2/version-group/1/"}"#, #""version_group":{}"#, "moves.Index 1.version_group_details.Index 1.version_group.url"),
              (#""version_group_details":["#, #""version_group_details":5,"x":["#, "moves.Index 0.version_group_details"),
              (#""name":"tutor""#, #""name":3"#, "moves.Index 1.version_group_details.Index 1.move_learn_method.name"),
              (#"}]}]"#, #"}]}}"#, "invalid"),
              (#"}]}]"#, #"}]}"#, "invalid"),
              // Seen before byte for byte, but cut short by the end of the document.
              (#""version_group":{"url":"/api/v2/version-group/1/"}}]}]"#, #""version_group":{"name":"yellow","url":"/api/v2/version-group/2/""#, "invalid"),
          ] as [(String, String, String?)])
    func learnsetBytesFallBack(original: String, replacement: String, path: String?) throws {
        let compact = Self.compacted(Self.learnset)
        let json = compact.replacingOccurrences(of: original, with: replacement)
        #expect(json != compact)
        let data = Data(("{\"moves\":" + json + "}").utf8)
        #expect((try? Self.taken(LearnsetHolder.self, data)) != true, "the reader declines it")
        if path == "invalid" {
            #expect(throws: DecodingError.self) { try TapeJSONDecoder().decode(LearnsetHolder.self, from: data) }
            #expect(throws: (any Error).self) { try JSONDecoder().decode(LearnsetHolder.self, from: data) }
        } else {
            Self.agree(try JSONDecoder().decode(LearnsetHolder.self, from: data), try TapeJSONDecoder().decode(LearnsetHolder.self, from: data), failingAt: path)
        }
    }

    /// The list a ``LearnsetHolder`` takes, asked for as something else.
    struct MovesAsList: Decodable, Equatable, TapeTakesMembers {
        struct Entry: Decodable, Equatable {
            struct Detail: Decodable, Equatable {
                var version_group: Wire.Link
            }
            var move: Wire.Link
            var version_group_details: [Detail]
        }
        var moves: [Entry]
        static var takenMembers: [TakenMember] { Wire.Pokemon.takenMembers }
    }

    struct MovesAsText: Decodable, TapeTakesMembers {
        var moves: String
        static var takenMembers: [TakenMember] { Wire.Pokemon.takenMembers }
    }

    @Test("a taken member asked for as another type is read from its bytes as any value")
    func takenAsOther() throws {
        let data = Data(("{\"moves\":" + Self.compacted(Self.learnset) + "}").utf8)
        #expect(try Self.taken(MovesAsList.self, data))
        let list = try TapeJSONDecoder().decode(MovesAsList.self, from: data)
        #expect(list == (try JSONDecoder().decode(MovesAsList.self, from: data)))
        #expect(list.moves.count == 2)
        Self.agree(try JSONDecoder().decode(MovesAsText.self, from: data).moves, try TapeJSONDecoder().decode(MovesAsText.self, from: data).moves, failingAt: "moves")
    }

    @Test("every pokemon of the shared mirror has its moves read from the bytes, as the tape reads them",
          .enabled(if: SharedFixtures.hasMirror, SharedFixtures.absent("pokeapi-mirror")))
    func mirrorLearnsetBytes() throws {
        let folder = SharedFixtures.pokeapiMirror.appendingPathComponent("api/v2/pokemon")
        let ids = try FileManager.default.contentsOfDirectory(atPath: folder.path).compactMap { Int($0) }
        var declined: [Int] = [], differ: [Int] = []
        for id in ids {
            let data = try Data(contentsOf: folder.appendingPathComponent("\(id)/index.json"))
            let tape = try JSONTape(data: data, takers: Wire.Pokemon.takenMembers)
            guard let taken = tape.taken.first as? Wire.Learnset, tape.taken.count == 1 else {
                declined.append(id)
                continue
            }
            // The same learnset off a tape laid in full, by the cursor's reader.
            let whole = try JSONTape(data: data)
            let index = try #require((1..<whole.entries.count).first { whole.entries[$0 - 1].kind == .string && whole.entries[$0].kind == .array
                && String(decoding: UnsafeBufferPointer(rebasing: whole.bytes[Int(whole.entries[$0 - 1].start)..<Int(whole.entries[$0 - 1].end)]), as: UTF8.self) == "moves" })
            let cursor = try Wire.Learnset(tape: TapeValue(decoder: TapeDecoder(tape: whole, index: index, path: nil, userInfo: [:])))
            if cursor != taken { differ.append(id) }
        }
        #expect(ids.count > 600)
        #expect(declined.isEmpty, "\(declined.count) declined, first: \(declined.sorted().first ?? 0)")
        #expect(differ.isEmpty, "\(differ.count) differ, first: \(differ.sorted().first ?? 0)")
    }

    @Test("two spellings of a group that a String finds equal are one group, as Foundation reads them")
    func learnsetSpellings() throws {
        // The Kelvin sign is canonically K: equal as Strings, not as bytes.
        let json = """
            {"moves": [{"move": {"name": "tackle", "url": "/api/v2/move/33/"}, "version_group_details": [
              {"level_learned_at": 1, "move_learn_method": {"name": "level-up", "url": "/api/v2/move-learn-method/1/"},
               "version_group": {"name": "K", "url": "/api/v2/version-group/1/"}},
              {"level_learned_at": 2, "move_learn_method": {"name": "level-up", "url": "/api/v2/move-learn-method/1/"},
               "version_group": {"name": "\u{212A}", "url": "/api/v2/version-group/1/"}}]}]}
            """
        let data = Data(json.utf8)
        let foundation = try JSONDecoder().decode(LearnsetHolder.self, from: data)
        #expect(foundation.moves.versionGroups.count == 1)
        #expect(try TapeJSONDecoder().decode(LearnsetHolder.self, from: data) == foundation)
        let tape = try JSONTape(data: data)
        let moves = TapeValue(decoder: TapeDecoder(tape: tape, index: 2, path: nil, userInfo: [:]))  // 0 the object, 1 its key, 2 the list
        #expect(throws: TapeValue.Miss.self, "not ASCII: the fast path leaves it to the ordinary way") { try Wire.Learnset(tape: moves) }
    }

    struct TextsHolder: Codable, Equatable {
        var texts: Wire.Texts<Wire.FlavorText>
    }

    @Test("texts are kept by language as Foundation keeps them, a spelling that is not ASCII compared as a String",
          arguments: [(["en"], 2), (["K"], 2), (["\u{212A}"], 2), (["fr", "de"], 1), ([], 0)] as [([String], Int)])
    func textsByLanguage(list: [String], kept: Int) throws {
        let languages = Set(list)
        // The Kelvin sign is canonically K: equal as Strings, not as bytes.
        let json = #"""
            {"texts": [{"flavor_text": "a", "language": {"name": "en", "url": "/api/v2/language/9/"}},
              {"flavor_text": "b", "language": {"name": "K", "url": "/api/v2/language/99/"}},
              {"flavor_text": "c", "language": {"name": "KELVIN", "url": "/api/v2/language/99/"}},
              {"flavor_text": "d", "language": {"name": "fr", "url": "/api/v2/language/5/"}},
              {"flavor_text": "e", "language": {"name": null, "url": "/api/v2/language/5/"}},
              {"flavor_text": "f", "language": {"name": "en", "url": "/api/v2/language/9/"}}]}
            """#.replacingOccurrences(of: "KELVIN", with: "\u{212A}")
        let data = Data(json.utf8)
        let foundation = JSONDecoder()
        var tape = TapeJSONDecoder()
        foundation.userInfo[Wire.languagesKey] = languages
        tape.userInfo[Wire.languagesKey] = languages
        let expected = try foundation.decode(TextsHolder.self, from: data)
        #expect(expected.texts.entries.count == kept, "Foundation keeps \(expected.texts.entries.map(\.flavorText))")
        #expect(try tape.decode(TextsHolder.self, from: data) == expected)
        // The fast path reads the list itself (a null name is no language), with and without it.
        let list = TapeValue(decoder: TapeDecoder(tape: try JSONTape(data: data), index: 2, path: nil, userInfo: [Wire.languagesKey: languages]))
        #expect(try Wire.Texts<Wire.FlavorText>(tape: list) == expected.texts)
        let named = Data(json.replacingOccurrences(of: #"{"flavor_text": "e", "language": {"name": null, "url": "/api/v2/language/5/"}},"#, with: "").utf8)
        let namedList = TapeValue(decoder: TapeDecoder(tape: try JSONTape(data: named), index: 2, path: nil, userInfo: [Wire.languagesKey: languages]))
        #expect(try Wire.Texts<Wire.FlavorText>(tape: namedList) == foundation.decode(TextsHolder.self, from: named).texts)
    }

    @Test("unusual learnset values fall back to the ordinary way: the same value, or the same failure at the same path",
          arguments: [
              (#""level_learned_at": 26,"#, #""level_learned_at": 26.0,"#, nil),
              (#""level_learned_at": 26,"#, #""level_learned_at": true,"#, "moves.Index 1.version_group_details.Index 0.level_learned_at"),
              (#""level_learned_at": 26,"#, #""level_learned_at": -3,"#, nil),
              (#""level_learned_at": 26,"#, #""level_learned_at": "26","#, "moves.Index 1.version_group_details.Index 0.level_learned_at"),
              (#""url": "/api/v2/move/85/""#, #""url": "\/api/v2/move/85/""#, nil),
              (#""url": "/api/v2/version-group/2/"}}]},"#, #""url": "\/api/v2/version-group/2/"}}]},"#, nil),
              (#"{"move": {"name": "thunderbolt""#, #"{"m\u006Fve": {"name": "thunderbolt""#, nil),
              (#""version_group": {"url": "/api/v2/version-group/1/"}"#, #""version_group": null"#, "moves.Index 1.version_group_details.Index 1.version_group"),
              (#""version_group_details": ["#, #""version_group_details": 5, "x": ["#, "moves.Index 0.version_group_details"),
              // A null name is no name, as a missing one: the same group.
              (#""version_group": {"url": "/api/v2/version-group/1/"}"#, #""version_group": {"name": null, "url": "/api/v2/version-group/1/"}"#, nil),
              (#""name": "tutor""#, #""name": 3"#, "moves.Index 1.version_group_details.Index 1.move_learn_method.name"),
              // A group met before, spelled another way: not the same bytes, still the same group.
              (#""version_group": {"name": "yellow", "url": "/api/v2/version-group/2/"}},"#,
               #""version_group": {"url": "/api/v2/version-group/2/", "name": "yellow"}},"#, nil),
              (#""version_group": {"name": "yellow", "url": "/api/v2/version-group/2/"}},"#,
               #""version_group": {"name":"yellow","url":"/api/v2/version-group/2/"}},"#, nil),
          ] as [(String, String, String?)])
    func learnsetFallBack(original: String, replacement: String, path: String?) throws {
        let json = Self.learnset.replacingOccurrences(of: original, with: replacement)
        #expect(json != Self.learnset)
        let data = Data(("{\"moves\": " + json + "}").utf8)
        Self.agree(try JSONDecoder().decode(LearnsetHolder.self, from: data), try TapeJSONDecoder().decode(LearnsetHolder.self, from: data), failingAt: path)
    }

    /// Foundation's decoding and the tape's give the same value, or fail alike at `path`
    /// (nil: both succeed).
    static func agree<T: Equatable>(_ foundation: @autoclosure () throws -> T, _ tape: @autoclosure () throws -> T, failingAt path: String?,
                                    sourceLocation: SourceLocation = #_sourceLocation) {
        switch (Result(catching: foundation), Result(catching: tape)) {
        case let (.success(expected), .success(found)):
            #expect(path == nil, "Foundation accepted it", sourceLocation: sourceLocation)
            #expect(found == expected, sourceLocation: sourceLocation)
        case let (.failure(expected), .failure(error)):
            #expect(codingPath(error) == path, sourceLocation: sourceLocation)
            #expect(codingPath(error) == codingPath(expected), "where Foundation says", sourceLocation: sourceLocation)
        case let (foundation, tape):
            Issue.record("Foundation: \(foundation), tape: \(tape)", sourceLocation: sourceLocation)
        }
    }

    static func codingPath(_ error: any Error) -> String? {
        switch error as? DecodingError {
        case let .typeMismatch(_, found)?, let .valueNotFound(_, found)?, let .dataCorrupted(found)?:
            found.codingPath.map(\.stringValue).joined(separator: ".")
        case let .keyNotFound(key, found)?:
            (found.codingPath + [key]).map(\.stringValue).joined(separator: ".")
        default: nil
        }
    }

    @Test("a cursor reads what a tape value reads, and misses where it misses")
    func cursor() throws {
        let data = Data(#"{"a": [1, -2, 9223372036854775807], "b": "x\u00e9", "c": null, "p": "plain", "e": 1.5, "f": 9223372036854775808, "g\u0020": 1}"#.utf8)
        let value = TapeValue(decoder: TapeDecoder(tape: try JSONTape(data: data), index: 0, path: nil, userInfo: [:]))
        try value.withCursor { root in
            var numbers: [Int] = []
            try #require(try root["a"]).forEachElement { numbers.append(try $0.int()) }
            #expect(numbers == [1, -2, Int.max])
            let text = try #require(try root["b"])
            #expect(try text.string() == "x\u{e9}")
            #expect(try text.rawString() == nil, "an escaped string has no raw bytes")
            let plain = try #require(try root["p"]?.rawString(), "a plain string's bytes, in place")
            #expect(String(decoding: plain, as: UTF8.self) == "plain")
            #expect(try root["c"]?.isNull == true)
            #expect(throws: TapeValue.Miss.self, "a name spelled with an escape may be the key") { try root["zz"] }
            #expect(throws: TapeValue.Miss.self) { try text.int() }
            #expect(throws: TapeValue.Miss.self) { try root["a"]?.string() }
            #expect(throws: TapeValue.Miss.self) { try text.forEachElement { _ in } }
        }
        #expect(throws: TapeValue.Miss.self) { try value.withCursor { try $0["a"]?.forEachElement { _ = try $0["x"] } } }
        for key in ["e", "f"] as [StaticString] {
            #expect(throws: TapeValue.Miss.self, "a fraction, or past Int") { try value.withCursor { try $0[key]?.int() } }
            #expect(throws: TapeValue.Miss.self, "as a tape value") { try value[key]?.int() }
        }
    }

    @Test("a pokemon's encounters are read off the tape as Foundation reads them")
    func encountersFastPath() throws {
        let data = Data(Self.encounters.utf8)
        let foundation = try JSONDecoder().decode([Wire.Encounters.Area].self, from: data)
        // The fast path itself, which throws Miss at anything it does not expect.
        let value = TapeValue(decoder: TapeDecoder(tape: try JSONTape(data: data), index: 0, path: nil, userInfo: [:]))
        #expect(try value.elements().map(Wire.Encounters.Area.init(tape:)) == foundation)
        #expect(try TapeJSONDecoder().decode(Wire.Encounters.self, from: data).areas == foundation)
        #expect(foundation.first?.versionDetails.map(\.encounterDetails.count) == [2, 1], "both games, every slot")
    }

    @Test("unusual encounter values fall back to the ordinary way: the same value, or the same failure at the same path",
          arguments: [
              (#""chance": 5,"#, #""chance": 5.0,"#, nil),
              (#""chance": 5,"#, #""ch\u0061nce": 5,"#, nil),
              (#""min_level": 3,"#, #""min_level": 3, "min_l\u0065vel": 9,"#, nil),
              (#""chance": 5,"#, #""chance": "5","#, "Index 0.version_details.Index 0.encounter_details.Index 0.chance"),
              (#""max_chance": 10,"#, #""max_chance": true,"#, "Index 0.version_details.Index 0.max_chance"),
              (#""method": {"name": "gift""#, #""method": null, "x": {"name": "gift""#, "Index 0.version_details.Index 0.encounter_details.Index 1.method"),
              (#""condition_values": []"#, #""condition_values": {}"#, "Index 0.version_details.Index 1.encounter_details.Index 0.condition_values"),
          ] as [(String, String, String?)])
    func encountersFallBack(original: String, replacement: String, path: String?) throws {
        let json = Self.encounters.replacingOccurrences(of: original, with: replacement)
        #expect(json != Self.encounters)
        let data = Data(json.utf8)
        Self.agree(try JSONDecoder().decode(Wire.Encounters.self, from: data).areas, try TapeJSONDecoder().decode(Wire.Encounters.self, from: data).areas,
                   failingAt: path)
    }

    /// Every kind of text, in lists of their own and in ``Wire/Texts``.
    struct TextEntries: Codable, Equatable {
        var names: [Wire.Name]
        var genera: [Wire.Genus]?
        var flavor: Wire.Texts<Wire.FlavorText>
        var groups: Wire.Texts<Wire.GroupText>
        var items: Wire.Texts<Wire.ItemText>?
        var effects: Wire.Texts<Wire.Effect>
        var descriptions: Wire.Texts<Wire.Description>
    }

    static let texts = #"""
        {"names": [{"name": "Pikachu", "language": {"name": "en", "url": "/api/v2/language/9/"}},
                   {"name": "\u30d4\u30ab\u30c1\u30e5\u30a6", "language": {"name": "ja-Hrkt", "url": "/api/v2/language/1/"}}],
         "genera": [{"genus": "Mouse Pok\u00e9mon", "language": {"name": "en", "url": "/api/v2/language/9/"}}],
         "flavor": [{"flavor_text": "It keeps\nits tail up.", "language": {"name": "en", "url": "/api/v2/language/9/"}, "version": {"name": "red", "url": "/api/v2/version/1/"}},
                    {"flavor_text": "Dropped.", "language": {"name": "fr", "url": "/api/v2/language/5/"}, "version": {"name": "red", "url": "/api/v2/version/1/"}},
                    {"flavor_text": "No game.", "language": {"name": "en", "url": "/api/v2/language/9/"}, "version": null},
                    {"flavor_text": "Nothing said.", "language": {"name": "en", "url": "/api/v2/language/9/"}}],
         "groups": [{"flavor_text": "Strikes.", "language": {"name": "en", "url": "/api/v2/language/9/"}, "version_group": {"name": "yellow", "url": "/api/v2/version-group/2/"}},
                    {"language": {"name": "en", "url": "/api/v2/language/9/"}, "flavor_text": "Again.", "version_group": null}],
         "items": [{"text": "Heals.", "language": {"name": "en", "url": "/api/v2/language/9/"}, "version_group": {"url": "/api/v2/version-group/2/"}}],
         "effects": [{"effect": "Long.", "short_effect": "Short.", "language": {"name": "en", "url": "/api/v2/language/9/"}},
                     {"short_effect": null, "language": {"name": "en", "url": "/api/v2/language/9/"}}],
         "descriptions": [{"description": "medium", "language": {"name": "en", "url": "/api/v2/language/9/"}}]}
        """#

    @Test("texts are read off the tape as Foundation reads them, with a cursor, in lists of their own and kept by language")
    func textsFastPath() throws {
        let data = Data(Self.texts.utf8)
        for languages in [nil, ["en"]] as [Set<String>?] {
            let foundation = JSONDecoder()
            var tape = TapeJSONDecoder()
            if let languages {
                foundation.userInfo[Wire.languagesKey] = languages
                tape.userInfo[Wire.languagesKey] = languages
            }
            let expected = try foundation.decode(TextEntries.self, from: data)
            #expect(expected.flavor.entries.count == (languages == nil ? 4 : 3))
            #expect(try tape.decode(TextEntries.self, from: data) == expected)
            // The fast paths themselves, which throw Miss at anything they do not expect.
            let root = TapeValue(decoder: TapeDecoder(tape: try JSONTape(data: data), index: 0, path: nil, userInfo: tape.userInfo))
            let names = try #require(try root["names"]).elements().map(Wire.Name.init(tape:))
            #expect(names == expected.names)
            #expect(try Wire.Texts<Wire.FlavorText>(tape: #require(try root["flavor"])) == expected.flavor)
            #expect(try Wire.Texts<Wire.GroupText>(tape: #require(try root["groups"])) == expected.groups)
            #expect(try Wire.Texts<Wire.Effect>(tape: #require(try root["effects"])) == expected.effects)
            #expect(try Wire.Texts<Wire.ItemText>(tape: #require(try root["items"])) == expected.items)
            #expect(try Wire.Texts<Wire.Description>(tape: #require(try root["descriptions"])) == expected.descriptions)
            #expect(try #require(try root["genera"]).elements().map(Wire.Genus.init(tape:)) == expected.genera)
        }
    }

    @Test("an object's bytes run from its brace to the last scalar in it, and tell objects apart by every byte",
          arguments: [
              (#"{"a": "x"}"#, #"{"a": "x"#), (#"{ "a":12 }"#, #"{ "a":12"#), (#"{"a": true}"#, #"{"a": true"#),
              (#"{"a": "x\\"}"#, #"{"a": "x\\"#), (#"{"a": {"b": null}}"#, #"{"a": {"b": null"#),
              (#"{}"#, nil), (#"{"a": []}"#, nil), (#"{"a": {}}"#, nil), (#"["a"]"#, nil),
          ] as [(String, String?)])
    func objectBytes(json: String, expected: String?) throws {
        let value = TapeValue(decoder: TapeDecoder(tape: try JSONTape(data: Data(json.utf8)), index: 0, path: nil, userInfo: [:]))
        let bytes = try value.withCursor { $0.objectBytes.map { String(decoding: $0, as: UTF8.self) } }
        #expect(bytes == expected)
    }

    @Test("unusual text values fall back to the ordinary way: the same value, or the same failure at the same path",
          arguments: [
              (#""version": null}"#, #""version": 5}"#, "flavor.Index 2.version"),
              (#""flavor_text": "Again.""#, #""flavor_text": null"#, "groups.Index 1.flavor_text"),
              (#""flavor_text": "Again.""#, #""fl\u0061vor_text": "Again.""#, nil),
              (#""genus": "Mouse Pok\u00e9mon""#, #""genus": 3"#, "genera.Index 0.genus"),
              (#""name": "Pikachu""#, #""name": ["Pikachu"]"#, "names.Index 0.name"),
              (#""short_effect": null"#, #""short_effect": false"#, "effects.Index 1.short_effect"),
              (#""description": "medium""#, #""description": "medium\u0021""#, nil),
              (#""text": "Heals.""#, #""text": 1.5"#, "items.Index 0.text"),
          ] as [(String, String, String?)])
    func textsFallBack(original: String, replacement: String, path: String?) throws {
        let json = Self.texts.replacingOccurrences(of: original, with: replacement)
        #expect(json != Self.texts)
        let data = Data(json.utf8)
        Self.agree(try JSONDecoder().decode(TextEntries.self, from: data), try TapeJSONDecoder().decode(TextEntries.self, from: data), failingAt: path)
    }

    @Test("texts as binary records are the bytes Codable writes, and read back the same")
    func textRecords() throws {
        let texts = try JSONDecoder().decode(TextEntries.self, from: Data(Self.texts.utf8))
        func same<T: BinaryRecord & Codable & Equatable>(_ values: [T]) throws {
            #expect(!values.isEmpty)
            for value in values {
                let record = try BinaryCoder.encode(value, format: "t")
                #expect(record == (try BinaryCoder.encode(CodableForm(value), format: "t")), "\(value)")
                #expect(try BinaryCoder.decode(T.self, from: record, format: "t") == value)
            }
        }
        try same(texts.names)
        try same(texts.genera ?? [])
        try same(texts.flavor.entries)
        try same(texts.groups.entries)
        try same(texts.items?.entries ?? [])
        try same(texts.effects.entries)
        try same(texts.descriptions.entries)
        let record = try BinaryCoder.encode(texts, format: "t")
        #expect(try BinaryCoder.decode(TextEntries.self, from: record, format: "t") == texts)
    }

    @Test("a pokemon's encounters as binary records are the bytes Codable writes, and read back the same")
    func encounterRecords() throws {
        let json = Data("""
            [{"location_area": {"name": "viridian-forest-area", "url": "/api/v2/location-area/321/"},
              "version_details": [{"version": {"name": "red", "url": "/api/v2/version/1/"}, "max_chance": 10,
                "encounter_details": [
                  {"chance": 5, "min_level": 3, "max_level": 5, "method": {"name": "walk", "url": "/api/v2/encounter-method/1/"},
                   "condition_values": [{"name": "time-day", "url": "/api/v2/encounter-condition-value/4/"}]},
                  {"chance": null, "min_level": 4, "max_level": 4, "method": {"name": "gift", "url": "/api/v2/encounter-method/18/"}}]}]}]
            """.utf8)
        let areas = try JSONDecoder().decode([Wire.Encounters.Area].self, from: json)
        // Each level against its own synthesized conformance (what is inside it goes the same way on both sides).
        for area in areas {
            #expect(try BinaryCoder.encode(area, format: "t") == BinaryCoder.encode(CodableForm(area), format: "t"))
            for version in area.versionDetails {
                #expect(try BinaryCoder.encode(version, format: "t") == BinaryCoder.encode(CodableForm(version), format: "t"))
                for detail in version.encounterDetails {
                    #expect(try BinaryCoder.encode(detail, format: "t") == BinaryCoder.encode(CodableForm(detail), format: "t"))
                }
            }
        }
        let record = try BinaryCoder.encode(areas, format: "t")
        #expect(try BinaryCoder.decode([Wire.Encounters.Area].self, from: record, format: "t") == areas)
        #expect(try BinaryCoder.decode(Wire.Encounters.self, from: record, format: "t")?.areas == areas, "the pokemon's encounters read as one")
    }
}

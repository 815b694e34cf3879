import Common
import Foundation
import JSONLinkScan

/// Fast paths for the shapes PokeAPI repeats hundreds of thousands of times: read off the
/// tape without `Decoder`'s per-value boxes. Anything unexpected falls back to the
/// ordinary `init(from:)` (``TapeValue/Miss``), which reports exactly where and what.
extension Wire.Link: TapeDecodable {
    package init(tape: TapeValue) throws {
        self = try tape.withCursor { try Self(cursor: $0) }
    }
}

extension Wire.Link: BinaryRecord {
    /// As `Codable` writes it: `name` (present or not), then `url`.
    package init(record reader: BinaryRecordReader) throws {
        self.init(name: try reader.optional(), url: try reader.string())
    }

    package func write(record writer: BinaryRecordWriter) {
        writer.optional(name)
        writer.string(url)
    }
}

extension Wire.Link {
    /// `url` and `name` (missing or null is nil), as the synthesized `Codable` reads them.
    package init(cursor: TapeCursor) throws {
        guard let url = try cursor["url"] else { throw TapeValue.Miss() }
        let name = try cursor["name"]
        self.init(name: try name.flatMap { $0.isNull ? nil : try $0.string() }, url: try url.string())
    }
}

extension Wire.Learnset: TapeDecodable {
    /// Links to the same group or method are told apart by their name's and URL's bytes,
    /// where `init(from:)` compares both as Strings, so the half a million details of a dex
    /// make no String beyond the tables. Bytes and Strings agree on ASCII; a spelling with
    /// any other byte (which a String may find equal to another, `K` to the Kelvin sign)
    /// throws ``TapeValue/Miss``, and the learnset is read the ordinary way. Read with a
    /// ``TapeCursor``: nothing is retained or allocated per detail.
    package init(tape: TapeValue) throws {
        self = try tape.withCursor { try Self(cursor: $0) }
    }

    private typealias Spelling = (name: UnsafeBufferPointer<UInt8>?, url: UnsafeBufferPointer<UInt8>)
    /// A link object's bytes (``TapeCursor/objectBytes``) and its place in its table.
    private typealias Seen = (bytes: UnsafeBufferPointer<UInt8>, index: Int)

    private init(cursor list: TapeCursor) throws {
        var moves: [Wire.Link] = [], groups: [Wire.Link] = [], methods: [Wire.Link] = [], packed: [UInt64] = []
        // Bytes of the tape, which outlives this initializer.
        var groupSpellings: [Spelling] = [], methodSpellings: [Spelling] = []
        var groupsSeen: [Seen] = [], methodsSeen: [Seen] = []
        // A link spelled byte for byte as one met before is that one, found by one compare of
        // its bytes (PokeAPI spells each group and method alike every time); any other is
        // looked up by its name and URL, and its bytes then remembered too.
        func index(_ link: TapeCursor, _ seen: inout [Seen], _ spellings: inout [Spelling], _ table: inout [Wire.Link]) throws -> Int {
            let bytes = link.objectBytes
            if let bytes, let known = seen.first(where: { sameBytes($0.bytes, bytes) }) { return known.index }
            let found = try index(link, &spellings, &table)
            if let bytes { seen.append((bytes, found)) }
            return found
        }
        func index(_ link: TapeCursor, _ spellings: inout [Spelling], _ table: inout [Wire.Link]) throws -> Int {
            guard let url = try link["url"]?.rawString() else { throw TapeValue.Miss() }
            var name: UnsafeBufferPointer<UInt8>?
            if let value = try link["name"], !value.isNull {
                guard let raw = try value.rawString() else { throw TapeValue.Miss() }
                name = raw
            }
            if let found = spellings.firstIndex(where: { known in
                sameBytes(known.url, url) && (known.name == nil) == (name == nil) && (name == nil || sameBytes(known.name!, name!))
            }) {
                return found
            }
            // Every spelling kept is ASCII, so one found unequal by its bytes is unequal.
            guard url.allSatisfy({ $0 < 0x80 }), name?.allSatisfy({ $0 < 0x80 }) ?? true else { throw TapeValue.Miss() }
            spellings.append((name, url))
            table.append(try Wire.Link(cursor: link))
            return table.count - 1
        }
        var position = 0
        try list.forEachElement { entry in
            guard let move = try entry["move"], let details = try entry["version_group_details"] else { throw TapeValue.Miss() }
            moves.append(try Wire.Link(cursor: move))
            try details.forEachElement { detail in
                guard let method = try detail["move_learn_method"], let group = try detail["version_group"] else { throw TapeValue.Miss() }
                let level = try detail["level_learned_at"].map { $0.isNull ? 0 : try $0.int() } ?? 0
                let groupIndex = try index(group, &groupsSeen, &groupSpellings, &groups)
                let methodIndex = try index(method, &methodsSeen, &methodSpellings, &methods)
                packed.append(UInt64(position) << 32 | UInt64(groupIndex & 0xFFF) << 20 | UInt64(methodIndex & 0xFFF) << 8 | UInt64(min(max(level, 0), 255)))
            }
            position += 1
        }
        self.init(moves: moves, versionGroups: groups, methods: methods, packed: packed)
    }
}

extension Wire.Texts: TapeDecodable {
    /// Entries in other languages are read and dropped: their language is compared in
    /// place, by its bytes when it and every language kept are ASCII (where bytes and
    /// Strings agree), else as a String.
    package init(tape: TapeValue) throws {
        let languages = tape.userInfo[Wire.languagesKey] as? Set<String>
        let ascii = languages?.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } } ?? false
        let spellings = languages?.map { Array($0.utf8) } ?? []
        func kept(_ element: TapeCursor, _ languages: Set<String>) throws -> Bool {
            guard let language = try element["language"], let name = try language["name"] else { throw TapeValue.Miss() }
            // A null name is no language: `init(from:)` drops the entry too.
            if name.isNull { return false }
            if ascii, let raw = try name.rawString(), raw.allSatisfy({ $0 < 0x80 }) {
                return spellings.contains { spelling in spelling.withUnsafeBufferPointer { sameBytes($0, raw) } }
            }
            return languages.contains(try name.string())
        }
        // Kept texts (a species' flavor text of every game, a move's of every group) are
        // read in the same pass, with the same cursor: through `Decoder`, each was a
        // container and a decoder per field.
        var entries: [Entry] = []
        try tape.withCursor { list in
            try list.forEachElement { element in
                let entry = try Entry(cursor: element)
                // One in another language is read all the same: a malformed entry fails
                // whatever its language, as it fails `init(from:)` (held against it by the
                // fuzzer, FuzzSchemaReaders).
                if let languages, try !kept(element, languages) { return }
                entries.append(entry)
            }
        }
        self.init(entries)
    }
}

/// A text outside ``Wire/Texts`` (names are kept in every language, in an array of their
/// own) is read off the tape as it is inside.
extension Wire.LanguageTagged {
    package init(tape: TapeValue) throws {
        self = try tape.withCursor(Self.init(cursor:))
    }
}

extension Wire.Name: TapeDecodable {}
extension Wire.Genus: TapeDecodable {}
extension Wire.FlavorText: TapeDecodable {}
extension Wire.GroupText: TapeDecodable {}
extension Wire.ItemText: TapeDecodable {}
extension Wire.Effect: TapeDecodable {}
extension Wire.Description: TapeDecodable {}

extension Wire.Name {
    package init(cursor: TapeCursor) throws {
        guard let name = try cursor["name"], let language = try cursor["language"] else { throw TapeValue.Miss() }
        self.init(name: try name.string(), language: try Wire.Link(cursor: language))
    }
}

extension Wire.Genus {
    package init(cursor: TapeCursor) throws {
        guard let genus = try cursor["genus"], let language = try cursor["language"] else { throw TapeValue.Miss() }
        self.init(genus: try genus.string(), language: try Wire.Link(cursor: language))
    }
}

extension Wire.FlavorText {
    package init(cursor: TapeCursor) throws {
        guard let text = try cursor["flavor_text"], let language = try cursor["language"] else { throw TapeValue.Miss() }
        self.init(flavorText: try text.string(), language: try Wire.Link(cursor: language), version: try cursor["version"].optionalLink())
    }
}

extension Wire.GroupText {
    package init(cursor: TapeCursor) throws {
        guard let text = try cursor["flavor_text"], let language = try cursor["language"] else { throw TapeValue.Miss() }
        self.init(flavorText: try text.string(), language: try Wire.Link(cursor: language), versionGroup: try cursor["version_group"].optionalLink())
    }
}

extension Wire.ItemText {
    package init(cursor: TapeCursor) throws {
        guard let text = try cursor["text"], let language = try cursor["language"] else { throw TapeValue.Miss() }
        self.init(text: try text.string(), language: try Wire.Link(cursor: language), versionGroup: try cursor["version_group"].optionalLink())
    }
}

extension Wire.Effect {
    package init(cursor: TapeCursor) throws {
        guard let language = try cursor["language"] else { throw TapeValue.Miss() }
        self.init(shortEffect: try cursor["short_effect"].optionalString(), effect: try cursor["effect"].optionalString(),
                  language: try Wire.Link(cursor: language))
    }
}

extension Wire.Description {
    package init(cursor: TapeCursor) throws {
        guard let description = try cursor["description"], let language = try cursor["language"] else { throw TapeValue.Miss() }
        self.init(description: try description.string(), language: try Wire.Link(cursor: language))
    }
}

/// A pokemon's encounters, read off the tape: every area, game and slot it is met in. The
/// `Decoder` way gave each of their tens of thousands of values a container box and a
/// coding-path node, a ninth of building a catalog from nothing. Fields are read as the
/// synthesized `Codable` reads them (a missing or null optional is nil), with a
/// ``TapeCursor``: nothing is retained per value.
extension Wire.Encounters.Area: TapeDecodable {
    package init(tape: TapeValue) throws {
        self = try tape.withCursor { try Self(cursor: $0) }
    }

    init(cursor: TapeCursor) throws {
        guard let area = try cursor["location_area"], let versions = try cursor["version_details"] else { throw TapeValue.Miss() }
        let locationArea = try Wire.Link(cursor: area)
        var details: [Wire.Encounters.VersionDetail] = []
        try versions.forEachElement { details.append(try Wire.Encounters.VersionDetail(cursor: $0)) }
        self.init(locationArea: locationArea, versionDetails: details)
    }
}

extension Wire.Encounters.VersionDetail: TapeDecodable {
    package init(tape: TapeValue) throws {
        self = try tape.withCursor { try Self(cursor: $0) }
    }

    init(cursor: TapeCursor) throws {
        guard let version = try cursor["version"], let details = try cursor["encounter_details"] else { throw TapeValue.Miss() }
        let link = try Wire.Link(cursor: version)
        let maxChance = try cursor["max_chance"].optionalInt()
        var slots: [Wire.Encounters.Detail] = []
        try details.forEachElement { slots.append(try Wire.Encounters.Detail(cursor: $0)) }
        self.init(version: link, maxChance: maxChance, encounterDetails: slots)
    }
}

extension Wire.Encounters.Detail: TapeDecodable {
    package init(tape: TapeValue) throws {
        self = try tape.withCursor { try Self(cursor: $0) }
    }

    init(cursor: TapeCursor) throws {
        guard let method = try cursor["method"] else { throw TapeValue.Miss() }
        var conditions: [Wire.Link]?
        if let values = try cursor["condition_values"], !values.isNull {
            var links: [Wire.Link] = []
            try values.forEachElement { links.append(try Wire.Link(cursor: $0)) }
            conditions = links
        }
        self.init(chance: try cursor["chance"].optionalInt(), minLevel: try cursor["min_level"].optionalInt(),
                  maxLevel: try cursor["max_level"].optionalInt(), method: try Wire.Link(cursor: method), conditionValues: conditions)
    }
}

private extension Optional where Wrapped == TapeCursor {
    /// An optional `Int` field as `decodeIfPresent` reads it: missing or null is nil.
    func optionalInt() throws -> Int? {
        try flatMap { $0.isNull ? nil : try $0.int() }
    }

    /// An optional `String` field, read the same way.
    func optionalString() throws -> String? {
        try flatMap { $0.isNull ? nil : try $0.string() }
    }

    /// An optional link field, read the same way.
    func optionalLink() throws -> Wire.Link? {
        try flatMap { $0.isNull ? nil : try Wire.Link(cursor: $0) }
    }
}

/// A pokemon's encounters are the largest records after learnsets (every area, game and
/// slot): written and read field by field, in `Codable`'s order, without its containers.
extension Wire.Encounters.Detail: BinaryRecord {
    /// In its `CodingKeys`' order, as the synthesized conformance writes it.
    package init(record reader: BinaryRecordReader) throws {
        let chance = try reader.optionalInt()
        let method = try Wire.Link(record: reader)
        self.init(chance: chance, minLevel: try reader.optionalInt(), maxLevel: try reader.optionalInt(),
                  method: method, conditionValues: try reader.optionalRecords())
    }

    package func write(record writer: BinaryRecordWriter) {
        writer.optional(chance)
        method.write(record: writer)
        writer.optional(minLevel)
        writer.optional(maxLevel)
        writer.optional(conditionValues)
    }
}

extension Wire.Encounters.VersionDetail: BinaryRecord {
    package init(record reader: BinaryRecordReader) throws {
        self.init(version: try Wire.Link(record: reader), maxChance: try reader.optionalInt(), encounterDetails: try reader.records())
    }

    package func write(record writer: BinaryRecordWriter) {
        version.write(record: writer)
        writer.optional(maxChance)
        writer.records(encounterDetails)
    }
}

extension Wire.Encounters.Area: BinaryRecord {
    package init(record reader: BinaryRecordReader) throws {
        self.init(locationArea: try Wire.Link(record: reader), versionDetails: try reader.records())
    }

    package func write(record writer: BinaryRecordWriter) {
        locationArea.write(record: writer)
        writer.records(versionDetails)
    }
}

/// Texts are most of a species' and a move's records (a flavor text per game): each is
/// written and read field by field, in its `CodingKeys`' order as the synthesized `Codable`
/// writes it, an optional link as a presence byte and the link.
extension Wire.Name: BinaryRecord {
    package init(record reader: BinaryRecordReader) throws {
        self.init(name: try reader.string(), language: try Wire.Link(record: reader))
    }

    package func write(record writer: BinaryRecordWriter) {
        writer.string(name)
        language.write(record: writer)
    }
}

extension Wire.Genus: BinaryRecord {
    package init(record reader: BinaryRecordReader) throws {
        self.init(genus: try reader.string(), language: try Wire.Link(record: reader))
    }

    package func write(record writer: BinaryRecordWriter) {
        writer.string(genus)
        language.write(record: writer)
    }
}

extension Wire.FlavorText: BinaryRecord {
    package init(record reader: BinaryRecordReader) throws {
        let language = try Wire.Link(record: reader)
        let version = try Wire.Link.optional(record: reader)
        self.init(flavorText: try reader.string(), language: language, version: version)
    }

    package func write(record writer: BinaryRecordWriter) {
        language.write(record: writer)
        Wire.Link.write(optional: version, record: writer)
        writer.string(flavorText)
    }
}

extension Wire.GroupText: BinaryRecord {
    package init(record reader: BinaryRecordReader) throws {
        let language = try Wire.Link(record: reader)
        let text = try reader.string()
        self.init(flavorText: text, language: language, versionGroup: try Wire.Link.optional(record: reader))
    }

    package func write(record writer: BinaryRecordWriter) {
        language.write(record: writer)
        writer.string(flavorText)
        Wire.Link.write(optional: versionGroup, record: writer)
    }
}

extension Wire.ItemText: BinaryRecord {
    package init(record reader: BinaryRecordReader) throws {
        let text = try reader.string()
        self.init(text: text, language: try Wire.Link(record: reader), versionGroup: try Wire.Link.optional(record: reader))
    }

    package func write(record writer: BinaryRecordWriter) {
        writer.string(text)
        language.write(record: writer)
        Wire.Link.write(optional: versionGroup, record: writer)
    }
}

extension Wire.Effect: BinaryRecord {
    package init(record reader: BinaryRecordReader) throws {
        let effect = try reader.optional()
        let language = try Wire.Link(record: reader)
        self.init(shortEffect: try reader.optional(), effect: effect, language: language)
    }

    package func write(record writer: BinaryRecordWriter) {
        writer.optional(effect)
        language.write(record: writer)
        writer.optional(shortEffect)
    }
}

extension Wire.Description: BinaryRecord {
    package init(record reader: BinaryRecordReader) throws {
        self.init(description: try reader.string(), language: try Wire.Link(record: reader))
    }

    package func write(record writer: BinaryRecordWriter) {
        writer.string(description)
        language.write(record: writer)
    }
}

extension Wire.Link {
    /// An optional link as `encodeIfPresent` writes it: a presence byte, then the link.
    static func write(optional link: Wire.Link?, record writer: BinaryRecordWriter) {
        writer.bool(link != nil)
        link?.write(record: writer)
    }

    static func optional(record reader: BinaryRecordReader) throws -> Wire.Link? {
        try reader.bool() ? try Wire.Link(record: reader) : nil
    }
}

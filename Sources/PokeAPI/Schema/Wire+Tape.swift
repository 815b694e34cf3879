import Common
import Foundation
import JSONLinkScan

/// Fast paths for the shapes PokeAPI repeats hundreds of thousands of times: read off the
/// tape without `Decoder`'s per-value boxes. Anything unexpected falls back to the
/// ordinary `init(from:)` (``TapeValue/Miss``), which reports exactly where and what.
extension Wire.Link: TapeDecodable {
    package init(tape: TapeValue) throws {
        guard let url = try tape["url"] else { throw TapeValue.Miss() }
        let name = try tape["name"]
        self.init(name: try name.flatMap { $0.isNull ? nil : try $0.string() }, url: try url.string())
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

extension Wire.Learnset: TapeDecodable {
    /// Links to the same group or method are told apart by their URL's bytes, so the
    /// half a million details of a dex make no String beyond the tables.
    package init(tape: TapeValue) throws {
        var moves: [Wire.Link] = [], groups: [Wire.Link] = [], methods: [Wire.Link] = [], packed: [UInt64] = []
        var groupURLs: [[UInt8]] = [], methodURLs: [[UInt8]] = []
        func index(_ link: TapeValue, _ urls: inout [[UInt8]], _ table: inout [Wire.Link]) throws -> Int {
            guard let url = try link["url"], let found = try url.withStringBytes({ bytes in
                urls.firstIndex { known in known.count == bytes.count && known.withUnsafeBytes { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 } }
            }) else {
                throw TapeValue.Miss()
            }
            if let found { return found }
            urls.append(try url.withStringBytes { Array($0) } ?? [])
            table.append(try Wire.Link(tape: link))
            return table.count - 1
        }
        for (position, entry) in try tape.elements().enumerated() {
            guard let move = try entry["move"], let details = try entry["version_group_details"] else { throw TapeValue.Miss() }
            moves.append(try Wire.Link(tape: move))
            for detail in try details.elements() {
                guard let method = try detail["move_learn_method"], let group = try detail["version_group"] else { throw TapeValue.Miss() }
                let level = try detail["level_learned_at"].map { $0.isNull ? 0 : try $0.int() } ?? 0
                let groupIndex = try index(group, &groupURLs, &groups)
                let methodIndex = try index(method, &methodURLs, &methods)
                packed.append(UInt64(position) << 32 | UInt64(groupIndex & 0xFFF) << 20 | UInt64(methodIndex & 0xFFF) << 8 | UInt64(min(max(level, 0), 255)))
            }
        }
        self.init(moves: moves, versionGroups: groups, methods: methods, packed: packed)
    }
}

extension Wire.Texts: TapeDecodable {
    /// Entries in other languages are stepped over before anything of them is read.
    package init(tape: TapeValue) throws {
        let languages = tape.userInfo[Wire.languagesKey] as? Set<String>
        var kept: [Entry] = []
        for element in try tape.elements() {
            if let languages {
                guard let language = try element["language"], let name = try language["name"] else { throw TapeValue.Miss() }
                guard languages.contains(try name.string()) else { continue }
            }
            kept.append(try element.decode(Entry.self))
        }
        self.init(kept)
    }
}

/// A pokemon's encounters, read off the tape: every area, game and slot it is met in. The
/// `Decoder` way gave each of their tens of thousands of values a container box and a
/// coding-path node, a ninth of building a catalog from nothing. Fields are read as the
/// synthesized `Codable` reads them (a missing or null optional is nil).
extension Wire.Encounters.Area: TapeDecodable {
    package init(tape: TapeValue) throws {
        guard let area = try tape["location_area"], let versions = try tape["version_details"] else { throw TapeValue.Miss() }
        self.init(locationArea: try Wire.Link(tape: area), versionDetails: try versions.elements().map(Wire.Encounters.VersionDetail.init(tape:)))
    }
}

extension Wire.Encounters.VersionDetail: TapeDecodable {
    package init(tape: TapeValue) throws {
        guard let version = try tape["version"], let details = try tape["encounter_details"] else { throw TapeValue.Miss() }
        self.init(version: try Wire.Link(tape: version), maxChance: try tape["max_chance"].optionalInt(),
                  encounterDetails: try details.elements().map(Wire.Encounters.Detail.init(tape:)))
    }
}

extension Wire.Encounters.Detail: TapeDecodable {
    package init(tape: TapeValue) throws {
        guard let method = try tape["method"] else { throw TapeValue.Miss() }
        let conditions = try tape["condition_values"].flatMap { $0.isNull ? nil : try $0.elements().map(Wire.Link.init(tape:)) }
        self.init(chance: try tape["chance"].optionalInt(), minLevel: try tape["min_level"].optionalInt(),
                  maxLevel: try tape["max_level"].optionalInt(), method: try Wire.Link(tape: method), conditionValues: conditions)
    }
}

private extension Optional where Wrapped == TapeValue {
    /// An optional `Int` field as `decodeIfPresent` reads it: missing or null is nil.
    func optionalInt() throws -> Int? {
        try flatMap { $0.isNull ? nil : try $0.int() }
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

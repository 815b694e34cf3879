import Common

/// A pokemon's encounters, kept as the deflated bytes of their record form.
///
/// A pokemon found in ten games lists a hundred encounters or more, each naming its game,
/// place and method. Held as structs that was 150 MB of a 350 MB catalog at ten times the
/// dex; as rows numbering each text once per pokemon, 35 MB; deflated, a few. Only a
/// detail page and the catalog's hash read them, once a build each, so they are inflated
/// when read. It reads as the array of encounters it stands for, in their order, and is
/// written (`Codable`, and its record form) as one.
package struct EncounterList: Sendable, Hashable, CodedAsArray, ExpressibleByArrayLiteral {
    /// One encounter being merged: its numbers, and where its texts are in the merger's
    /// tables. Levels and chances are kept in 32 bits: a number beyond two billion, which no
    /// game has, is kept as the nearest one that fits.
    private struct Row {
        var minLevel: Int32, maxLevel: Int32, chance: Int32
        var version: UInt32, area: UInt32, method: UInt32, conditions: UInt32
    }

    /// The record form of the array: a count, then each encounter's record.
    private var record = DeflatedBytes()
    /// How many encounters it holds.
    package private(set) var count = 0

    package init() {}

    package init(arrayLiteral elements: Encounter...) {
        self.init(elements)
    }

    package init(_ encounters: some Sequence<Encounter>) {
        var merger = Merger()
        for encounter in encounters {
            merger.add(version: encounter.version, area: encounter.area, method: encounter.method, minLevel: encounter.minLevel,
                       maxLevel: encounter.maxLevel, chance: encounter.chance, conditions: encounter.conditions, merging: false)
        }
        self = merger.list
    }

    /// Builds a list an encounter at a time, each text looked up once, an encounter told
    /// apart from the others by numbers only.
    package struct Merger {
        private struct Key: Hashable {
            var version: UInt32, area: UInt32, method: UInt32, conditions: UInt32, minLevel: Int32, maxLevel: Int32
        }
        private var names = Numbering<String>()
        private var conditionSets = Numbering<[String]>([[]])
        private var rows: [Row] = []
        private var position: [Key: Int] = [:]

        package init() {}

        /// The list of the encounters added so far.
        package var list: EncounterList {
            var list = EncounterList()
            list.record = DeflatedBytes(BinaryCoder.bytes(of: self))
            list.count = rows.count
            return list
        }

        /// Where `name` is in the list's texts: a caller adding many encounters of one game
        /// or place looks it up once.
        package mutating func index(of name: String) -> UInt32 {
            names.number(of: name)
        }

        /// Adds an encounter; with `merging`, one equal to an earlier one in all but its
        /// chance adds its chance to that one's instead.
        package mutating func add(version: String, area: String, method: String, minLevel: Int, maxLevel: Int, chance: Int,
                                  conditions: [String], merging: Bool = true) {
            add(version: index(of: version), area: index(of: area), method: index(of: method), minLevel: minLevel,
                maxLevel: maxLevel, chance: chance, conditions: conditions, merging: merging)
        }

        /// ``add(version:area:method:minLevel:maxLevel:chance:conditions:merging:)`` with
        /// the texts already looked up (``index(of:)``).
        package mutating func add(version: UInt32, area: UInt32, method: UInt32, minLevel: Int, maxLevel: Int, chance: Int,
                                  conditions: [String], merging: Bool = true) {
            let set = conditions.isEmpty ? 0 : conditionSets.number(of: conditions)
            let low = Int32(clamping: minLevel), high = Int32(clamping: maxLevel)
            let key = Key(version: version, area: area, method: method, conditions: set, minLevel: low, maxLevel: high)
            if merging, let at = position[key] {
                rows[at].chance = Int32(clamping: Int(rows[at].chance) + Int(Int32(clamping: chance)))
                return
            }
            if merging { position[key] = rows.count }
            rows.append(Row(minLevel: low, maxLevel: high, chance: Int32(clamping: chance),
                            version: version, area: area, method: method, conditions: set))
        }
    }

    /// The encounters, read from the record: made when asked for.
    /// The encounters, read when asked for: the array read, not a copy made one by one as
    /// `Array(_:)` makes one of a sequence.
    package var encounters: [Encounter] {
        // Bytes this type wrote read back; damaged memory would read as no encounters.
        (try? BinaryCoder.reading(record.bytes) { reader in
            try (0..<reader.count()).map { _ in
                Encounter(version: try reader.string(), area: try reader.string(), method: try reader.string(),
                          minLevel: try reader.int(), maxLevel: try reader.int(), chance: try reader.int(),
                          conditions: try reader.strings())
            }
        }) ?? []
    }

    package func makeIterator() -> [Encounter].Iterator {
        encounters.makeIterator()
    }

    /// None promised: the encounters are read from bytes only when asked for, and bytes a records
    /// file had replaced may read as fewer than `count` (then none). `Array(_:)` and `map`
    /// take this many elements from the iterator without asking, and stopped the build on
    /// the first one missing.
    package var underestimatedCount: Int { 0 }
    package var isEmpty: Bool { count == 0 }
}

/// The merger's encounters in their record form: the bytes of the array of ``Encounter``s
/// they stand for, written from the tables without making the encounters.
extension EncounterList.Merger: BinaryWritable {
    package func write(record writer: BinaryRecordWriter) {
        writer.count(rows.count)
        for row in rows {
            writer.string(names.values[Int(row.version)])
            writer.string(names.values[Int(row.area)])
            writer.string(names.values[Int(row.method)])
            writer.int(Int(row.minLevel))
            writer.int(Int(row.maxLevel))
            writer.int(Int(row.chance))
            writer.strings(conditionSets.values[Int(row.conditions)])
        }
    }
}

/// The bytes of the array it stands for, as they are kept. A list made empty holds no
/// record at all: it writes the empty array's count.
extension EncounterList: BinaryWritable {
    package func write(record writer: BinaryRecordWriter) {
        guard count > 0 else { return writer.count(0) }
        writer.raw(record.bytes)
    }
}

/// Its kept form: its count and its record's deflated bytes, as they are.
extension EncounterList: BinaryKept {
    package func write(kept writer: BinaryRecordWriter) {
        writer.int(count)
        record.write(kept: writer)
    }

    package init(kept reader: BinaryRecordReader) throws {
        count = try reader.size()
        record = try DeflatedBytes(kept: reader, leadingCount: count)
    }
}

import Common

/// A pokemon's encounters, each text in them kept once.
///
/// A pokemon found in ten games lists a hundred encounters or more, and each one repeated
/// its game's, place's and method's names and its conditions. At ten times the dex that was
/// 150 MB of a 350 MB catalog; kept once per pokemon it is a sixth of that. It reads as the
/// array of encounters it stands for, in their order, and is written (`Codable`) as one.
package struct EncounterList: Sendable, Hashable, CodedAsArray, RandomAccessCollection, ExpressibleByArrayLiteral {
    /// One encounter: its numbers, and where its texts are in ``names`` and ``conditionSets``.
    /// Levels and chances are kept in 32 bits (28 bytes a row, not 40): a number beyond
    /// two billion, which no game has, is kept as the nearest one that fits.
    private struct Row: Sendable, Hashable {
        var minLevel: Int32, maxLevel: Int32, chance: Int32
        var version: UInt32, area: UInt32, method: UInt32, conditions: UInt32
    }

    /// Games, places and methods, each once; the condition sets likewise, the empty one first.
    private var names: [String] = []
    private var conditionSets: [[String]] = [[]]
    private var rows: [Row] = []

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

        /// The list of the encounters added so far, its rows in no more room than they fill
        /// (added one at a time, they had up to twice that).
        package var list: EncounterList {
            var list = EncounterList()
            list.names = names.values
            list.conditionSets = conditionSets.values
            list.rows = rows.withUnsafeBufferPointer { Array($0) }
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

    package var startIndex: Int { 0 }
    package var endIndex: Int { rows.count }

    package subscript(position: Int) -> Encounter {
        let row = rows[position]
        return Encounter(version: names[Int(row.version)], area: names[Int(row.area)], method: names[Int(row.method)],
                         minLevel: Int(row.minLevel), maxLevel: Int(row.maxLevel), chance: Int(row.chance),
                         conditions: conditionSets[Int(row.conditions)])
    }

    /// Equal when they stand for the same encounters, however their texts were first met.
    package static func == (lhs: EncounterList, rhs: EncounterList) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for encounter in self { hasher.combine(encounter) }
    }
}

/// The bytes of the array it stands for (``Encounter``'s record, each), written from the
/// table without making the encounters: every pokemon is hashed on every build.
extension EncounterList: BinaryWritable {
    package func write(record writer: BinaryRecordWriter) {
        writer.count(rows.count)
        for row in rows {
            writer.string(names[Int(row.version)])
            writer.string(names[Int(row.area)])
            writer.string(names[Int(row.method)])
            writer.int(Int(row.minLevel))
            writer.int(Int(row.maxLevel))
            writer.int(Int(row.chance))
            writer.strings(conditionSets[Int(row.conditions)])
        }
    }
}

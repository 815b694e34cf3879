/// A pokemon's encounters, each text in them kept once.
///
/// A pokemon found in ten games lists a hundred encounters or more, and each one repeated
/// its game's, place's and method's names and its conditions. At ten times the dex that was
/// 150 MB of a 350 MB catalog; kept once per pokemon it is a sixth of that. It reads as the
/// array of encounters it stands for, in their order, and is written (`Codable`) as one.
package struct EncounterList: Sendable, Hashable, Codable, RandomAccessCollection, ExpressibleByArrayLiteral {
    /// One encounter: its numbers, and where its texts are in ``names`` and ``conditionSets``.
    private struct Row: Sendable, Hashable {
        var minLevel: Int, maxLevel: Int, chance: Int
        var version: Int32, area: Int32, method: Int32, conditions: Int32
    }

    /// Games, places and methods, each once, in the order first met (so equal lists are
    /// equal values).
    private var names: [String] = []
    private var conditionSets: [[String]] = []
    private var rows: [Row] = []

    package init() {}

    package init(arrayLiteral elements: Encounter...) {
        self.init(elements)
    }

    package init(_ encounters: some Sequence<Encounter>) {
        var nameIndex: [String: Int32] = [:], setIndex: [[String]: Int32] = [:]
        var names: [String] = [], sets: [[String]] = [], rows: [Row] = []
        func index(of name: String) -> Int32 {
            if let index = nameIndex[name] { return index }
            names.append(name)
            nameIndex[name] = Int32(names.count - 1)
            return Int32(names.count - 1)
        }
        for encounter in encounters {
            let set: Int32
            if let known = setIndex[encounter.conditions] {
                set = known
            } else {
                sets.append(encounter.conditions)
                set = Int32(sets.count - 1)
                setIndex[encounter.conditions] = set
            }
            rows.append(Row(minLevel: encounter.minLevel, maxLevel: encounter.maxLevel, chance: encounter.chance,
                            version: index(of: encounter.version), area: index(of: encounter.area),
                            method: index(of: encounter.method), conditions: set))
        }
        self.names = names
        conditionSets = sets
        self.rows = rows
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { rows.count }

    package subscript(position: Int) -> Encounter {
        let row = rows[position]
        return Encounter(version: names[Int(row.version)], area: names[Int(row.area)], method: names[Int(row.method)],
                         minLevel: row.minLevel, maxLevel: row.maxLevel, chance: row.chance,
                         conditions: conditionSets[Int(row.conditions)])
    }

    package init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode([Encounter].self))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Array(self))
    }
}

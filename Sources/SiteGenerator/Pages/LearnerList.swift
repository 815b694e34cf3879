import Common

/// Who learns one move (``ReverseIndex/learners``), each learner two numbers: its pokemon's
/// place in a table the whole index shares, and its way of learning (method, version group
/// and level), a place in another.
///
/// At ten times the dex there are about a million learners; as ``ReverseIndex/Learner``
/// values (three texts and a level) they were 56 MB, as four numbers 16 MB, as two 8 MB. A
/// list reads as the learners it stands for, in their order, and is written (and hashed) as
/// their array.
struct LearnerList: Sendable, Hashable, Encodable, RandomAccessCollection {
    /// The texts the rows point into, shared by every move's list.
    final class Names: Sendable {
        let pokemon: [String]
        let methods: [String]
        let groups: [String]
        /// Every way of learning a row names, each once (a few thousand in the whole dex).
        let ways: [Way]

        init(pokemon: [String], methods: [String], groups: [String], ways: [Way]) {
            self.pokemon = pokemon
            self.methods = methods
            self.groups = groups
            self.ways = ways
        }
    }

    /// A method, a version group (places in ``Names``) and a level.
    struct Way: Sendable, Hashable {
        var method: UInt32, group: UInt32, level: UInt32
    }

    struct Row: Sendable {
        /// The pokemon's place in ``Names/pokemon``, the way's in ``Names/ways``.
        var pokemon: UInt32, way: UInt32
    }

    private let names: Names
    private let rows: [Row]

    init(names: Names, rows: [Row]) {
        self.names = names
        self.rows = rows
    }

    /// No learner.
    init() {
        self.init(names: Names(pokemon: [], methods: [], groups: [], ways: []), rows: [])
    }

    var startIndex: Int { 0 }
    var endIndex: Int { rows.count }

    subscript(position: Int) -> ReverseIndex.Learner {
        let row = rows[position]
        let way = names.ways[Int(row.way)]
        return ReverseIndex.Learner(pokemon: names.pokemon[Int(row.pokemon)], method: names.methods[Int(way.method)],
                                    level: Int(way.level), versionGroup: names.groups[Int(way.group)])
    }

    /// The method of the learner at `position`, without making the learner.
    func method(at position: Int) -> String {
        names.methods[Int(names.ways[Int(rows[position].way)].method)]
    }

    /// The methods its learners learn by, each once, by their places: a move page asked a
    /// set for each of thousands of learners' method, hashing it each time.
    var methods: Set<String> {
        var met = [Bool](repeating: false, count: names.methods.count)
        for row in rows { met[Int(names.ways[Int(row.way)].method)] = true }
        return Set(names.methods.indices.lazy.filter { met[$0] }.map { names.methods[$0] })
    }

    /// How many different pokemon learn it, by their places (no slug hashed): each pokemon
    /// stands at one place of ``Names/pokemon`` (the reverse index's pokemon, each once).
    var pokemonCount: Int {
        var met = [Bool](repeating: false, count: names.pokemon.count)
        var count = 0
        for row in rows where !met[Int(row.pokemon)] {
            met[Int(row.pokemon)] = true
            count += 1
        }
        return count
    }

    static func == (lhs: LearnerList, rhs: LearnerList) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for learner in self { hasher.combine(learner) }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Array(self))
    }
}

/// The bytes of the array it stands for (each learner's record), written from the rows.
extension LearnerList: BinaryWritable {
    func write(record writer: BinaryRecordWriter) {
        writer.count(rows.count)
        for row in rows {
            let way = names.ways[Int(row.way)]
            writer.string(names.pokemon[Int(row.pokemon)])
            writer.string(names.methods[Int(way.method)])
            writer.int(Int(way.level))
            writer.string(names.groups[Int(way.group)])
        }
    }
}

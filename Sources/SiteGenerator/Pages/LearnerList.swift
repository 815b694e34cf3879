import Common

/// Who learns one move (``ReverseIndex/learners``), each learner four numbers: its pokemon,
/// method and version group are places in tables the whole index shares.
///
/// At ten times the dex there are about a million learners; as ``ReverseIndex/Learner``
/// values (three texts and a level) they were 56 MB. A list reads as the learners it stands
/// for, in their order, and is written (and hashed) as their array.
struct LearnerList: Sendable, Hashable, Encodable, RandomAccessCollection {
    /// The texts the rows point into, shared by every move's list.
    final class Names: Sendable {
        let pokemon: [String]
        let methods: [String]
        let groups: [String]

        init(pokemon: [String], methods: [String], groups: [String]) {
            self.pokemon = pokemon
            self.methods = methods
            self.groups = groups
        }
    }

    struct Row: Sendable {
        var pokemon: UInt32, method: UInt32, group: UInt32, level: UInt32
    }

    private let names: Names
    private let rows: [Row]

    init(names: Names, rows: [Row]) {
        self.names = names
        self.rows = rows
    }

    /// No learner.
    init() {
        self.init(names: Names(pokemon: [], methods: [], groups: []), rows: [])
    }

    var startIndex: Int { 0 }
    var endIndex: Int { rows.count }

    subscript(position: Int) -> ReverseIndex.Learner {
        let row = rows[position]
        return ReverseIndex.Learner(pokemon: names.pokemon[Int(row.pokemon)], method: names.methods[Int(row.method)],
                                    level: Int(row.level), versionGroup: names.groups[Int(row.group)])
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
            writer.string(names.pokemon[Int(row.pokemon)])
            writer.string(names.methods[Int(row.method)])
            writer.int(Int(row.level))
            writer.string(names.groups[Int(row.group)])
        }
    }
}

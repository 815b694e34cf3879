import Common
import PokeAPI
import Synchronization

/// The files one derived value read (their paths below the data folder, in reading order,
/// each once), the record each was read as, and the stamp each had when it was read.
final class ReadTracker: Sendable {
    struct Input: Codable, Sendable, Hashable {
        var path: String
        /// The record's key in ``RecordCache`` when the file was loaded, nil when only looked for.
        var record: String?
    }

    private let state = Mutex<(inputs: [Input], stamps: [FileStamp?], places: [String: Int])>(([], [], [:]))

    /// Notes a file read (or looked for) at `stamp` (nil: absent); the first stamp seen stays.
    func note(_ path: String, record: String? = nil, stamp: FileStamp?) {
        state.withLock { state in
            if let place = state.places[path] {
                if state.inputs[place].record == nil { state.inputs[place].record = record }
                return
            }
            state.places[path] = state.inputs.count
            state.inputs.append(Input(path: path, record: record))
            state.stamps.append(stamp)
        }
    }

    var read: (inputs: [Input], stamps: [FileStamp?]) { state.withLock { ($0.inputs, $0.stamps) } }
}

/// A value the catalog builder derived from some files (a species' draft, a normalized
/// pokemon, a move), kept in the records file with the files it read: the next build takes it
/// while every one of them has the stamp it had, and derives it again otherwise.
///
/// Assembling the catalog from the records was most of a rebuild after one edited file
/// (every pokemon normalized again: its forms and encounters read, merged, its media named).
struct DerivedRecord<Value: Codable & Sendable>: Codable, Sendable {
    var inputs: [ReadTracker.Input]
    /// A hash of `base` and every input's stamp (absence included) when it was made.
    var print: UInt64
    var value: Value

    /// What every derived record depends on besides its files: the format, the shape of the
    /// values kept, the language and the games' order. A change to any makes them all again.
    static func base(language: String, order: VersionOrder) -> Fingerprint {
        var base = Fingerprint()
        base.add("pokedex-derived-1")
        base.add(Self.shape)
        base.add(language)
        base.add(order.groups.count)
        for (group, rank) in order.groups.sorted(by: { $0.key < $1.key }) { base.add(group); base.add(rank) }
        base.add(order.versions.count)
        for (version, rank) in order.versions.sorted(by: { $0.key < $1.key }) { base.add(version); base.add(rank) }
        return base
    }

    /// Every field the kept value reads, with its type: values of another shape are never read.
    /// Probed once per type and process (``DerivedShapes``).
    static var shape: String { DerivedShapes.shape(of: Value.self) }

    /// `base` and every input's stamp.
    static func print(_ inputs: [ReadTracker.Input], stamps: [FileStamp?], base: Fingerprint) -> UInt64 {
        var print = base
        for (input, stamp) in zip(inputs, stamps) {
            print.add(input.path)
            if let stamp {
                print.add(1)
                print.add(Int(stamp.size))
                print.add(Int(stamp.modified))
                print.add(Int(truncatingIfNeeded: stamp.inode))
            } else {
                print.add(0)
            }
        }
        return print.value
    }
}

/// The derived values' shapes, probed once per type and process. Probing runs each type's
/// decoder against placeholders (``SchemaProbe``); with the schema's (``Wire/shapeKey``, a
/// `static let`) that is 15-20 ms on the one thread a rebuild waits on, so ``warm()``
/// probes them all beside the source check instead.
enum DerivedShapes {
    private static let shapes = Mutex<[ObjectIdentifier: String]>([:])

    static func shape(of type: any Decodable.Type) -> String {
        if let shape = shapes.withLock({ $0[ObjectIdentifier(type)] }) { return shape }
        let shape = SchemaProbe.signature(of: type)
        shapes.withLock { $0[ObjectIdentifier(type)] = shape }
        return shape
    }

    /// Probes every shape a catalog's records are keyed by, on a thread of its own; a build
    /// that asks for one before it is done waits for that one (the schema's is a `static
    /// let`) or probes it itself (the same answer).
    static func warm() {
        Task.detached(priority: .userInitiated) {
            _ = Wire.shapeKey
            _ = DerivedRecord<SpeciesDraft>.shape
            _ = DerivedRecord<DecodedPokemon>.shape
            _ = DerivedRecord<Move>.shape
        }
    }
}

extension ResourceStore {
    /// The value `make` derives from the files it reads through the store it is given: the
    /// one kept from the last build while none of them changed, else made now and kept for
    /// the next; with the hash it was kept under (of `base` and every file's stamp), which a
    /// value made from this one adds to its own base. `name` tells it from every other
    /// derived value.
    func derived<Value: Codable & Sendable>(
        _ type: Value.Type, name: String, base: Fingerprint, make: (ResourceStore) throws(CatalogIssue) -> Value
    ) throws(CatalogIssue) -> (value: Value, print: UInt64) {
        if let kept = records.derived(DerivedRecord<Value>.self, name: name),
           kept.print == DerivedRecord<Value>.print(kept.inputs, stamps: kept.inputs.map { stamp($0.path) }, base: base) {
            // The records its files were read as stay in the file, for the day it is made again.
            for input in kept.inputs { if let record = input.record { records.carry(record) } }
            return (kept.value, kept.print)
        }
        let tracker = ReadTracker()
        var tracked = self
        tracked.reads = tracker
        let value = try make(tracked)
        // The stamps each file had when it was read: one changed since is a change next time.
        let read = tracker.read
        let print = DerivedRecord<Value>.print(read.inputs, stamps: read.stamps, base: base)
        records.keep(DerivedRecord(inputs: read.inputs, print: print, value: value), name: name)
        return (value, print)
    }
}

/// Field by field, in `Codable`'s order: every derived record read on every build lists the
/// files it read, and the generic containers cost more than reading the value itself.
extension ReadTracker.Input: BinaryRecord {
    init(record reader: BinaryRecordReader) throws {
        self.init(path: try reader.string(), record: try reader.optional())
    }

    func write(record writer: BinaryRecordWriter) {
        writer.string(path)
        writer.optional(record)
    }
}

/// A derived value that writes its own record form (a normalized pokemon) is kept the same
/// way, in `Codable`'s order: a rebuild reads every pokemon's. Its value is written by its
/// record form directly: a `Value` with a kept form too (``BinaryKept``, which the coder
/// prefers in a kept file) would need that form here.
extension DerivedRecord: BinaryCoded, BinaryWritable, BinaryRecord where Value: BinaryRecord {
    init(record reader: BinaryRecordReader) throws {
        self.init(inputs: try reader.records(), print: try reader.uint64(), value: try Value(record: reader))
    }

    func write(record writer: BinaryRecordWriter) {
        writer.records(inputs)
        writer.uint64(print)
        value.write(record: writer)
    }
}

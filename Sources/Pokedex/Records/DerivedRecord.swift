import Foundation
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
/// decoder against placeholders (``SchemaProbe``); with the schema's (``Wire/shapeKey``)
/// that is 15-20 ms on the one thread a rebuild waits on, so ``warm(memo:)`` probes them all
/// beside the source check instead, or takes them from the ``ShapeMemo`` the same
/// executable kept (probing was a tenth of an unchanged rebuild's CPU, on a core the source
/// check wanted).
enum DerivedShapes {
    private static let shapes = Mutex<[ObjectIdentifier: String]>([:])
    /// The schema's key, once probed or taken from the memo.
    private static let schema = Mutex<String?>(nil)
    /// The types ``warm(memo:)`` makes ready: those a catalog's derived records are of.
    static let warmed: [any Decodable.Type] = [SpeciesDraft.self, DecodedPokemon.self, Move.self]

    static func shape(of type: any Decodable.Type) -> String {
        if let shape = shapes.withLock({ $0[ObjectIdentifier(type)] }) { return shape }
        let shape = SchemaProbe.signature(of: type)
        shapes.withLock { $0[ObjectIdentifier(type)] = $0[ObjectIdentifier(type)] ?? shape }
        return shape
    }

    /// ``Wire/shapeKey``: the memo's when ``warm(memo:)`` took one, else probed.
    static var schemaKey: String {
        if let key = schema.withLock({ $0 }) { return key }
        let key = Wire.shapeKey
        schema.withLock { $0 = $0 ?? key }
        return key
    }

    /// Makes every shape a catalog's records are keyed by ready: from the memo in `folder`
    /// (the records' folder) when this executable kept one there, read before this returns
    /// (a small file: the build then never probes), else probed on a thread of its own and
    /// kept there for the next build (only where the records already are: a cache is not
    /// made for it). A build that asks for a shape before it is probed probes it itself (the
    /// same answer) or waits for the schema's (a `static let`).
    static func warm(memo folder: URL?) {
        if let folder, let memo = ShapeMemo.read(in: folder), let taken = memo.shapes(of: warmed) {
            schema.withLock { $0 = $0 ?? memo.schema }
            shapes.withLock { known in
                for (type, shape) in zip(warmed, taken) { known[ObjectIdentifier(type)] = known[ObjectIdentifier(type)] ?? shape }
            }
            return
        }
        Task.detached(priority: .userInitiated) {
            let memo = ShapeMemo(schema: schemaKey, types: warmed, shapes: warmed.map(shape(of:)))
            if let folder { memo?.write(in: folder) }
        }
    }
}

/// The shapes an executable probed (``DerivedShapes``), kept in the records' folder under its
/// GNU build ID (``RunningExecutable/buildID``, a hash of its bytes): the next build by the
/// same executable reads them instead of probing. Another executable's are never taken (its
/// schema may differ); it probes, and keeps its own in their place.
struct ShapeMemo: Codable, Equatable {
    var build: String
    var schema: String
    /// Each type's shape, by its full name.
    var shapes: [String: String]

    /// Nil without a build ID: nothing tells this executable's memo from another's.
    init?(schema: String, types: [any Decodable.Type], shapes: [String], build: String? = RunningExecutable.buildID) {
        guard let build else { return nil }
        self.build = build
        self.schema = schema
        self.shapes = Dictionary(zip(types.map { String(reflecting: $0) }, shapes), uniquingKeysWith: { first, _ in first })
    }

    static func file(in folder: URL) -> URL {
        folder.appendingPathComponent(".pokedex/shapes.json")
    }

    /// The memo in `folder` when this executable (`build`) wrote it; nil otherwise, or when
    /// it cannot be read.
    static func read(in folder: URL, build: String? = RunningExecutable.buildID) -> ShapeMemo? {
        guard let build, let data = try? Data(contentsOf: file(in: folder)),
              let memo = try? JSONDecoder().decode(ShapeMemo.self, from: data), memo.build == build else { return nil }
        return memo
    }

    /// The shape of each of `types`, in order; nil when one is missing.
    func shapes(of types: [any Decodable.Type]) -> [String]? {
        var found: [String] = []
        for type in types {
            guard let shape = shapes[String(reflecting: type)] else { return nil }
            found.append(shape)
        }
        return found
    }

    /// Writes the memo whole (a file beside it, renamed over it), only where the records'
    /// folder already is; a failure leaves the next build to probe again.
    func write(in folder: URL) {
        let file = Self.file(in: folder)
        guard FileManager.default.fileExists(atPath: file.deletingLastPathComponent().path) else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(self) else { return }
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".shapes-\(UUID().uuidString).tmp")
        do {
            try data.write(to: temporary)
            guard rename(temporary.path, file.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
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

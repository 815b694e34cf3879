import Foundation
import Synchronization

/// A compact positional binary form of `Codable` values, for the build's own caches (the
/// per-resource records, the source index): no keys on disk, varint numbers,
/// length-prefixed strings, a presence byte before each optional.
///
/// Positional means the decoder reads fields in the order the encoder wrote them, which
/// synthesized conformances guarantee for one type. It is only for files this tool wrote
/// with the same types: every file starts with a format string the caller chooses (the
/// types' shape), and a mismatch reads as "no cache". Dictionaries are written in key order
/// (so equal values encode to equal bytes, which the pages' read fingerprints rely on) but
/// read back as their entries (a catalog's derived records hold some); other types that
/// decode by listing their keys throw.
package enum BinaryCoder {
    /// Set in the `userInfo` of a decoder reading these records, for types whose record
    /// form differs from the JSON they were read from (a packed learnset).
    package static let recordsKey = CodingUserInfoKey(rawValue: "pokedex.binary-records")!

    package struct Unsupported: Error {}
    package struct Corrupt: Error { package init() {} }

    /// `value` as bytes, after `format`. `kept`: values that hold compressed bytes of their
    /// own (``BinaryKept``) write those as they are, for a cache this tool reads back, not
    /// the array they stand for, which hashing needs.
    package static func encode<T: Encodable>(_ value: T, format: String, kept: Bool = false) throws -> Data {
        try encoded(value, format: format, kept: kept) { Data($0) }
    }

    /// ``encode(_:format:kept:)`` handed to `body` as the writer's own bytes, not copied
    /// into a `Data` first: for a caller that copies them somewhere of its own anyway.
    package static func encoded<T: Encodable, Result>(
        _ value: T, format: String, kept: Bool = false, _ body: (UnsafeRawBufferPointer) -> Result
    ) throws -> Result {
        let writer = Writer(capacity: 1 << 16, kept: kept)
        writer.string(format)
        try write(value, to: writer)
        return writer.data.withUnsafeBytes(body)
    }

    /// `record` as bytes, after `format`: what its `Codable` form would write, without
    /// making that form first.
    package static func encode(record: some BinaryWritable, format: String) -> Data {
        Data(encodedBytes(record: record, format: format))
    }

    /// ``encode(record:format:)`` as the bytes themselves, in room for `capacity` of them at
    /// first: a large file is written without a copy of it as `Data`, nor a buffer that
    /// doubled past it.
    package static func encodedBytes(record: some BinaryWritable, format: String, capacity: Int = 1 << 16) -> [UInt8] {
        let writer = Writer(capacity: capacity)
        writer.string(format)
        record.write(record: BinaryRecordWriter(writer: writer))
        return writer.data
    }

    /// `record`'s bytes alone, no format before them: a value kept in its record form.
    package static func bytes(of record: some BinaryWritable) -> [UInt8] {
        let writer = Writer(capacity: 256)
        record.write(record: BinaryRecordWriter(writer: writer))
        return writer.data
    }

    /// What `body` reads from `bytes` (written by ``bytes(of:)``); throws when they are
    /// corrupt or `body` leaves some unread.
    /// With `prefix`, `body` may leave the rest unread.
    package static func reading<T>(_ bytes: [UInt8], prefix: Bool = false, _ body: (BinaryRecordReader) throws -> T) throws -> T {
        try bytes.withUnsafeBytes { buffer in
            let reader = Reader(bytes: buffer)
            let value = try body(BinaryRecordReader(reader: reader))
            guard prefix || reader.position == buffer.count else { throw Corrupt() }
            return value
        }
    }

    /// What `body` reads from `data` after `format` (a file written by
    /// ``encodedBytes(record:format:capacity:)``), or nil when it was written with another
    /// `format`; throws when it is corrupt or `body` leaves some unread. For a file read into
    /// its own shapes, without a `Decodable` copy of it first.
    package static func reading<T>(_ data: Data, format: String, _ body: (BinaryRecordReader) throws -> T) throws -> T? {
        try data.withUnsafeBytes { buffer in
            let reader = Reader(bytes: buffer, source: data)
            guard (try? reader.string()) == format else { return nil }
            let value = try body(BinaryRecordReader(reader: reader))
            guard reader.position == buffer.count else { throw Corrupt() }
            return value
        }
    }

    /// The value in `data`, or nil when it was written with another `format`; throws when
    /// corrupt. `kept`: as ``encode(_:format:kept:)`` wrote it with `kept`.
    package static func decode<T: Decodable>(_ type: T.Type, from data: Data, format: String, kept: Bool = false) throws -> T? {
        try data.withUnsafeBytes { buffer in
            let reader = Reader(bytes: buffer, source: data, kept: kept)
            guard (try? reader.string()) == format else { return nil }
            let value = try read(T.self, from: reader)
            guard reader.position == buffer.count else { throw Corrupt() }
            return value
        }
    }
}

/// What every type with a path of its own through the coder conforms to (a record, a kept
/// form, an array or a dictionary): the one question asked of every other type. Whether a
/// type conforms to a protocol is answered, the first time, by a walk over every
/// conformance in the process (11,000); a `Codable`-only type asked about each protocol
/// below cost six walks, and a rebuild 50 ms of CPU.
///
/// Its one requirement says which of the two containers it is, if either, so only the
/// protocols a container or a record may conform to are asked about: an array or a dictionary
/// was asked about all four a read could take (three walks it could only fail), a record
/// about two it could not conform to. It has a default: a record is neither.
package protocol BinaryCoded {
    static var binaryContainer: BinaryContainer { get }
}

/// Which container a ``BinaryCoded`` type is: what its path through the coder may be.
package enum BinaryContainer: Sendable {
    /// A record, a kept form or a type written for hashing only.
    case neither
    case array, dictionary
}

extension BinaryCoded {
    package static var binaryContainer: BinaryContainer { .neither }
}

/// A type that writes and reads its own record form, skipping the generic containers: for
/// the values there are hundreds of thousands of (links). The form must stay what
/// `Codable` would have written, so a record reads back either way.
package protocol BinaryRecord: BinaryWritable {
    init(record reader: BinaryRecordReader) throws
}

/// A type that holds compressed bytes of its own (a ``PackedList``, a learnset's words, a
/// pokemon's encounters) and, in a cache this tool reads back (``BinaryCoder/encode(_:format:kept:)``
/// with `kept`), writes and reads them as they are: written as the array they stand for,
/// a pokemon's encounters were made and deflated again on every read (most of the time
/// of taking a normalized pokemon from the records).
package protocol BinaryKept: BinaryCoded {
    func write(kept writer: BinaryRecordWriter)
    init(kept reader: BinaryRecordReader) throws
}

/// A type that writes its record form itself but is never read back from it (a pokemon's
/// learnset words, written only to be hashed). The same rule: the bytes `Codable` would
/// have written.
package protocol BinaryWritable: BinaryCoded {
    func write(record writer: BinaryRecordWriter)
}

/// The writer a ``BinaryRecord`` writes with.
package struct BinaryRecordWriter {
    let writer: Writer
    /// Whether values write their kept form (``BinaryKept``).
    package var kept: Bool { writer.kept }
    /// Bytes as a count and the bytes.
    package func bytes(_ value: [UInt8]) {
        writer.varint(UInt64(value.count))
        writer.data.append(contentsOf: value)
    }
    package func string(_ value: String) { writer.string(value) }
    package func optional(_ value: String?) {
        guard let value else { return writer.byte(0) }
        writer.byte(1)
        writer.string(value)
    }
    package func int(_ value: Int) { writer.signed(Int64(value)) }
    package func bool(_ value: Bool) { writer.byte(value ? 1 : 0) }
    package func int64(_ value: Int64) { writer.signed(value) }
    package func uint64(_ value: UInt64) { writer.varint(value) }
    package func data(_ value: Data) {
        writer.varint(UInt64(value.count))
        writer.data.append(contentsOf: value)
    }
    /// Count, then each: as an array of them is written.
    package func ints(_ values: [Int]) {
        writer.varint(UInt64(values.count))
        for value in values { writer.signed(Int64(value)) }
    }
    /// An unkeyed container's element count, as it is written before the elements.
    package func count(_ value: Int) { writer.varint(UInt64(value)) }
    /// Bytes another writer wrote (``BinaryCoder/bytes(of:)``), as they are.
    package func raw(_ bytes: [UInt8]) { writer.data.append(contentsOf: bytes) }
    package func optional(_ value: Int?) {
        guard let value else { return writer.byte(0) }
        writer.byte(1)
        writer.signed(Int64(value))
    }
    /// Count, then each: as an array of them is written.
    package func strings(_ values: [String]) {
        writer.varint(UInt64(values.count))
        for value in values { writer.string(value) }
    }
    /// Inlinable, so the loop is made for the caller's element type: generic, each element
    /// was copied and written through witness tables (2% of a catalog built from nothing).
    @inlinable
    package func records(_ values: [some BinaryWritable]) {
        count(values.count)
        for value in values { value.write(record: self) }
    }
    @inlinable
    package func optional(_ values: [some BinaryRecord]?) {
        guard let values else { return bool(false) }
        bool(true)
        records(values)
    }
    package func optional(_ values: [String]?) {
        guard let values else { return writer.byte(0) }
        writer.byte(1)
        strings(values)
    }
    package func optional(_ values: [Int]?) {
        guard let values else { return writer.byte(0) }
        writer.byte(1)
        ints(values)
    }
    /// Any other value, through its `Encodable` conformance. The types a record holds never
    /// fail to encode; one that did writes a random text after what it wrote, so its bytes
    /// (and a fingerprint of them) differ every time rather than stand for a wrong value.
    package func value(_ value: some Encodable) {
        do {
            try write(value, to: writer)
        } catch {
            writer.string(UUID().uuidString)
        }
    }
}

/// The reader a ``BinaryRecord`` reads with.
package struct BinaryRecordReader {
    let reader: Reader
    /// Whether values read their kept form (``BinaryKept``).
    package var kept: Bool { reader.kept }
    /// Bytes written by ``BinaryRecordWriter/bytes(_:)``.
    package func bytes() throws -> [UInt8] { Array(UnsafeRawBufferPointer(rebasing: reader.bytes[try reader.span()])) }
    /// A count or length written as an int: a negative one is a corrupt record.
    package func size() throws -> Int {
        let value = Int(try reader.signed())
        guard value >= 0 else { throw BinaryCoder.Corrupt() }
        return value
    }
    /// Any other value, through its `Decodable` conformance.
    package func value<T: Decodable>(_ type: T.Type = T.self) throws -> T { try read(type, from: reader) }
    package func string() throws -> String { try reader.string() }
    package func optional() throws -> String? { try reader.byte() == 0 ? nil : try reader.string() }
    package func int() throws -> Int { Int(try reader.signed()) }
    package func bool() throws -> Bool { try reader.byte() != 0 }
    package func int64() throws -> Int64 { try reader.signed() }
    package func uint64() throws -> UInt64 { try reader.varint() }
    /// A slice of the source when there is one (see ``BinaryCoder``), else a copy.
    package func data() throws -> Data { try read(Data.self, from: reader) }
    package func ints() throws -> [Int] { try read([Int].self, from: reader) }
    package func count() throws -> Int { try reader.count() }
    package func optionalInt() throws -> Int? { try reader.byte() == 0 ? nil : Int(try reader.signed()) }
    package func strings() throws -> [String] { try reader.elements { try reader.string() } }
    package func optionalStrings() throws -> [String]? { try reader.byte() == 0 ? nil : try strings() }
    package func optionalInts() throws -> [Int]? { try reader.byte() == 0 ? nil : try ints() }
    package func records<T: BinaryRecord>(_ type: T.Type = T.self) throws -> [T] { try reader.elements { try T(record: self) } }
    package func optionalRecords<T: BinaryRecord>(_ type: T.Type = T.self) throws -> [T]? {
        try reader.byte() == 0 ? nil : try records(type)
    }
}

// MARK: - Bytes

final class Writer {
    /// Bytes, not `Data`: appending a byte to an array is several times cheaper. Not checked
    /// for exclusive access at run time: a class's `var` otherwise is, at every byte, which
    /// cost a tenth of writing the catalog's records. Only this writer's own methods touch
    /// it, one at a time, and none of them while another holds it.
    @exclusivity(unchecked) var data: [UInt8] = []
    /// Whether values write their kept form (``BinaryKept``).
    let kept: Bool

    /// A nested container's writer starts empty: most hold a few bytes.
    init(capacity: Int = 0, kept: Bool = false) {
        data.reserveCapacity(capacity)
        self.kept = kept
    }

    func byte(_ value: UInt8) { data.append(value) }

    func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            data.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        data.append(UInt8(value))
    }

    func signed(_ value: Int64) {
        varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    func string(_ value: String) {
        var value = value
        value.withUTF8 { bytes in
            varint(UInt64(bytes.count))
            data.append(contentsOf: bytes)
        }
    }
}

final class Reader {
    let bytes: UnsafeRawBufferPointer
    /// Unchecked for exclusive access at run time, as ``Writer/data`` is: only this reader's
    /// methods move it, one at a time.
    @exclusivity(unchecked) var position = 0
    /// What `bytes` point into, when it is a `Data`: a `Data` read from it is a slice that
    /// shares its storage instead of a copy (the records file holds a copy of every record).
    let source: Data?
    /// Whether values read their kept form (``BinaryKept``).
    let kept: Bool

    init(bytes: UnsafeRawBufferPointer, source: Data? = nil, kept: Bool = false) {
        self.bytes = bytes
        self.source = source
        self.kept = kept
    }

    func byte() throws -> UInt8 {
        guard position < bytes.count else { throw BinaryCoder.Corrupt() }
        defer { position += 1 }
        return bytes[position]
    }

    func varint() throws -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            result |= UInt64(next & 0x7F) << shift
            if next < 0x80 { return result }
            shift += 7
            guard shift < 64 else { throw BinaryCoder.Corrupt() }
        }
    }

    func signed() throws -> Int64 {
        let raw = try varint()
        return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
    }

    /// Where the next length-prefixed bytes are (their length read, checked and stepped over).
    func span() throws -> Range<Int> {
        let length = try count()
        guard length <= bytes.count - position else { throw BinaryCoder.Corrupt() }
        defer { position += length }
        return position..<(position + length)
    }

    func count() throws -> Int {
        let value = try varint()
        guard value <= UInt64(bytes.count - position) &* 8 + 8 else { throw BinaryCoder.Corrupt() }
        return Int(value)
    }

    /// A count, then that many elements, each read by `element`.
    func elements<Element>(_ element: () throws -> Element) throws -> [Element] {
        let count = try count()
        var result: [Element] = []
        // No more room than the bytes left could fill: a corrupt count asks for no more.
        result.reserveCapacity(min(count, bytes.count - position))
        for _ in 0..<count { result.append(try element()) }
        return result
    }

    func string() throws -> String {
        guard let length = Int(exactly: try varint()), length <= bytes.count - position else { throw BinaryCoder.Corrupt() }
        defer { position += length }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[position..<(position + length)]), as: UTF8.self)
    }
}

// MARK: - Encoding

private struct BinaryEncoderImpl: Encoder {
    let writer: Writer
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedWriter<Key>(writer: writer))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedWriter(writer: writer)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleWriter(writer: writer)
    }
}

/// Writes one value of any encodable type; packed fast paths for the big arrays.
///
/// Types are told apart by comparing metadata (`T.self == String.self`), not by casting
/// the value, which would box it; arrays go through ``BinaryArray`` without copying.
private func write<T: Encodable>(_ value: T, to writer: Writer) throws {
    if T.self == String.self { return writer.string(unsafeBitCast(value, to: String.self)) }
    if T.self == Int.self { return writer.signed(Int64(unsafeBitCast(value, to: Int.self))) }
    if T.self == Bool.self { return writer.byte(unsafeBitCast(value, to: Bool.self) ? 1 : 0) }
    if T.self == UInt64.self { return writer.varint(unsafeBitCast(value, to: UInt64.self)) }
    if T.self == Int64.self { return writer.signed(unsafeBitCast(value, to: Int64.self)) }
    if T.self == Double.self { return writer.varint(unsafeBitCast(value, to: Double.self).bitPattern) }
    if T.self == Data.self {
        let data = unsafeBitCast(value, to: Data.self)
        writer.varint(UInt64(data.count))
        writer.data.append(contentsOf: data)
        return
    }
    // The other integers by metadata too: a failed cast costs as much as writing a value,
    // and every struct would fail each of them.
    if T.self == UInt32.self { return writer.varint(UInt64(unsafeBitCast(value, to: UInt32.self))) }
    if T.self == Int32.self { return writer.signed(Int64(unsafeBitCast(value, to: Int32.self))) }
    if T.self == Int16.self { return writer.signed(Int64(unsafeBitCast(value, to: Int16.self))) }
    if T.self == Int8.self { return writer.signed(Int64(unsafeBitCast(value, to: Int8.self))) }
    if T.self == UInt.self { return writer.varint(UInt64(unsafeBitCast(value, to: UInt.self))) }
    if T.self == UInt16.self { return writer.varint(UInt64(unsafeBitCast(value, to: UInt16.self))) }
    if T.self == UInt8.self { return writer.varint(UInt64(unsafeBitCast(value, to: UInt8.self))) }
    if T.self == Float.self { return writer.varint(UInt64(unsafeBitCast(value, to: Float.self).bitPattern)) }
    switch CoderPaths.writing(T.self, kept: writer.kept) {
    case .kept(let kept): withUnsafePointer(to: value) { kept.writeKept(at: UnsafeRawPointer($0), to: writer) }
    case .record(let record): withUnsafePointer(to: value) { record.writeRecord(at: UnsafeRawPointer($0), to: writer) }
    case .records(let records): withUnsafePointer(to: value) { records.writeRecords(at: UnsafeRawPointer($0), to: writer) }
    // Count first, then the elements: what `Array.init(from:)` reads back.
    case .array(let array): try withUnsafePointer(to: value) { try array.writeElements(at: UnsafeRawPointer($0), to: writer) }
    case .dictionary(let dictionary): try withUnsafePointer(to: value) { try dictionary.writeSorted(at: UnsafeRawPointer($0), to: writer) }
    // A type with no fast path encodes itself; one that would hand back to a single value
    // container of its own kind would loop, so primitives must all be above.
    case .codable: try value.encode(to: BinaryEncoderImpl(writer: writer))
    }
}

/// Which of the coder's paths each type takes, found by casting its metatype once per type
/// and process, not once per value: a conformance cast is a lookup in the runtime's tables
/// each time, and every struct failed four of them (a tenth of a rebuild's CPU went there).
/// A path holds the conforming metatype, so taking it casts nothing; its functions are
/// handed a pointer to the value, which is of that very type.
private enum CoderPaths {
    enum Writing: @unchecked Sendable {
        case kept(any BinaryKept.Type), record(any BinaryWritable.Type), records(any BinaryRecordArray.Type)
        case array(any BinaryArray.Type), dictionary(any BinaryDictionary.Type), codable
    }

    enum Reading: @unchecked Sendable {
        case kept(any BinaryKept.Type), record(any BinaryRecord.Type), records(any BinaryRecordArray.Type)
        case dictionary(any BinaryReadableDictionary.Type), codable
    }

    struct Key: Hashable {
        let type: ObjectIdentifier
        let kept: Bool
    }

    static let writes = Mutex<[Key: Writing]>([:])
    static let reads = Mutex<[Key: Reading]>([:])

    static func writing<T>(_ type: T.Type, kept: Bool) -> Writing {
        let key = Key(type: ObjectIdentifier(type), kept: kept)
        return memo(writes, key) {
            guard let coded = type as? any BinaryCoded.Type else { return .codable }
            switch coded.binaryContainer {
            case .neither:
                if kept, let type = type as? any BinaryKept.Type { return .kept(type) }
                if kept, let type = type as? any BinaryRecord.Type { return .record(type) }
                // Only a form that reads back is kept: a type that writes itself only to be
                // hashed writes its parts' kept forms through `Codable`.
                if !kept, let type = type as? any BinaryWritable.Type { return .record(type) }
            case .array:
                if let type = type as? any BinaryRecordArray.Type { return .records(type) }
                if let type = type as? any BinaryArray.Type { return .array(type) }
            case .dictionary:
                if let type = type as? any BinaryDictionary.Type { return .dictionary(type) }
            }
            return .codable
        }
    }

    static func reading<T>(_ type: T.Type, kept: Bool) -> Reading {
        let key = Key(type: ObjectIdentifier(type), kept: kept)
        return memo(reads, key) {
            guard let coded = type as? any BinaryCoded.Type else { return .codable }
            switch coded.binaryContainer {
            case .neither:
                if kept, let type = type as? any BinaryKept.Type { return .kept(type) }
                if let type = type as? any BinaryRecord.Type { return .record(type) }
            case .array:
                if let type = type as? any BinaryRecordArray.Type { return .records(type) }
            case .dictionary:
                if let type = type as? any BinaryReadableDictionary.Type { return .dictionary(type) }
            }
            return .codable
        }
    }

    /// The path `table` holds for `key`, found by `find` the first time (two threads may
    /// both find it: they find the same).
    private static func memo<Path: Sendable>(_ table: borrowing Mutex<[Key: Path]>, _ key: Key, _ find: () -> Path) -> Path {
        if let path = table.withLock({ $0[key] }) { return path }
        let path = find()
        table.withLock { $0[key] = path }
        return path
    }
}

extension BinaryKept {
    fileprivate static func writeKept(at value: UnsafeRawPointer, to writer: Writer) {
        value.assumingMemoryBound(to: Self.self).pointee.write(kept: BinaryRecordWriter(writer: writer))
    }
}

extension BinaryWritable {
    fileprivate static func writeRecord(at value: UnsafeRawPointer, to writer: Writer) {
        value.assumingMemoryBound(to: Self.self).pointee.write(record: BinaryRecordWriter(writer: writer))
    }
}

extension BinaryRecordArray {
    fileprivate static func writeRecords(at value: UnsafeRawPointer, to writer: Writer) {
        value.assumingMemoryBound(to: Self.self).pointee.writeRecords(to: writer)
    }
}

extension BinaryArray {
    fileprivate static func writeElements(at value: UnsafeRawPointer, to writer: Writer) throws {
        try value.assumingMemoryBound(to: Self.self).pointee.writeElements(to: writer)
    }
}

extension BinaryDictionary {
    fileprivate static func writeSorted(at value: UnsafeRawPointer, to writer: Writer) throws {
        try value.assumingMemoryBound(to: Self.self).pointee.writeSorted(to: writer)
    }
}

/// A dictionary written as its count and its entries, key then value, in key order: the
/// same bytes in every process (its own order is not), so an encoding can be hashed; read
/// back the same way (``BinaryReadableDictionary``).
protocol BinaryDictionary: BinaryCoded {
    func writeSorted(to writer: Writer) throws
}

/// A dictionary read as its count and its entries, as ``BinaryDictionary`` writes it. A key
/// met twice is a corrupt record.
protocol BinaryReadableDictionary: BinaryCoded {
    static func readEntries(from reader: Reader) throws -> Self
}

// Every array and dictionary is asked further: which of them has a path depends on its elements.
extension Array: BinaryCoded {
    package static var binaryContainer: BinaryContainer { .array }
}
extension Dictionary: BinaryCoded {
    package static var binaryContainer: BinaryContainer { .dictionary }
}

extension Dictionary: BinaryReadableDictionary where Key: Comparable & Decodable, Value: Decodable {
    static func readEntries(from reader: Reader) throws -> [Key: Value] {
        let count = try reader.count()
        // Every key takes a byte at least: a count past the bytes left is a corrupt one.
        guard count <= reader.bytes.count - reader.position else { throw BinaryCoder.Corrupt() }
        if Key.self == String.self, Value.self == Int.self {
            // The slug-to-id tables (every pokemon's references): the bytes below, read
            // without a path lookup and a generic call per key and value.
            var entries: [String: Int] = [:]
            entries.reserveCapacity(count)
            for _ in 0..<count {
                let key = try reader.string()
                guard entries.updateValue(Int(try reader.signed()), forKey: key) == nil else { throw BinaryCoder.Corrupt() }
            }
            return unsafeBitCast(entries, to: [Key: Value].self)
        }
        var entries: [Key: Value] = [:]
        entries.reserveCapacity(count)
        for _ in 0..<count {
            let key = try read(Key.self, from: reader)
            guard entries.updateValue(try read(Value.self, from: reader), forKey: key) == nil else { throw BinaryCoder.Corrupt() }
        }
        return entries
    }
}

extension Dictionary: BinaryDictionary where Key: Comparable & Encodable, Value: Encodable {
    func writeSorted(to writer: Writer) throws {
        writer.varint(UInt64(count))
        if Key.self == String.self, Value.self == Int.self {
            // The catalog's slug-to-id tables (each pokemon's moves and places): sorted and
            // written with String's own `<`, not through this generic code's witness
            // tables and a path lookup per value, which made them 7% of a catalog built
            // from nothing. The same bytes as below.
            for (key, value) in unsafeBitCast(self, to: [String: Int].self).sorted(by: { $0.key < $1.key }) {
                writer.string(key)
                writer.signed(Int64(value))
            }
            return
        }
        if Key.self == String.self {
            // Every other table by slug (a pokemon's sprites by key, the names by language):
            // its keys sorted as strings, each value found again. Sorting the entries
            // themselves here, generic over both, copied each pair through its type's
            // witnesses: 40% of fingerprinting a catalog. The same bytes, in the same order.
            let table = unsafeBitCast(self, to: [String: Value].self)
            // Copied out first: sorted in place as `[String]`, not through the generic keys view.
            var keys: [String] = []
            keys.reserveCapacity(table.count)
            for key in table.keys { keys.append(key) }
            keys.sort()
            for key in keys {
                writer.string(key)
                try write(table[key]!, to: writer)
            }
            return
        }
        if Key.self == Int.self {
            let table = unsafeBitCast(self, to: [Int: Value].self)
            var keys: [Int] = []
            keys.reserveCapacity(table.count)
            for key in table.keys { keys.append(key) }
            keys.sort()
            for key in keys {
                writer.signed(Int64(key))
                try write(table[key]!, to: writer)
            }
            return
        }
        for (key, value) in sorted(by: { $0.key < $1.key }) {
            try write(key, to: writer)
            try write(value, to: writer)
        }
    }
}

/// An array written as its count and elements, each through ``write(_:to:)``.
protocol BinaryArray: BinaryCoded {
    func writeElements(to writer: Writer) throws
}

extension Array: BinaryArray where Element: Encodable {
    func writeElements(to writer: Writer) throws {
        if Element.self == String.self {
            writer.varint(UInt64(count))
            for element in self { writer.string(unsafeBitCast(element, to: String.self)) }
            return
        }
        // An array of records never comes here: its path is ``BinaryRecordArray``'s.
        writer.varint(UInt64(count))
        if Element.self == UInt64.self {
            for element in self { writer.varint(unsafeBitCast(element, to: UInt64.self)) }
            return
        }
        for element in self { try write(element, to: writer) }
    }
}

/// An array of records, written and read as a whole: the element type's record form is
/// looked up once per array, not once per element (a learnset holds hundreds).
protocol BinaryRecordArray: BinaryCoded {
    func writeRecords(to writer: Writer)
    static func readRecords(from reader: Reader) throws -> Self
}

extension Array: BinaryRecordArray where Element: BinaryRecord {
    func writeRecords(to writer: Writer) {
        BinaryRecordWriter(writer: writer).records(self)
    }

    static func readRecords(from reader: Reader) throws -> [Element] {
        try BinaryRecordReader(reader: reader).records(Element.self)
    }
}

private struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: Writer
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { writer.byte(0) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try write(value, to: writer) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try present(value) }

    /// A presence byte, then the value: every optional, whatever its type.
    private func present<T: Encodable>(_ value: T?) throws {
        guard let value else { return writer.byte(0) }
        writer.byte(1)
        try write(value, to: writer)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(KeyedWriter<NestedKey>(writer: writer))
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { UnkeyedWriter(writer: writer) }
    mutating func superEncoder() -> any Encoder { BinaryEncoderImpl(writer: writer) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { BinaryEncoderImpl(writer: writer) }
}

/// Elements after a count. The count is not known until the end, so elements go into a
/// buffer of their own, then count and buffer into the parent.
private final class UnkeyedWriter: UnkeyedEncodingContainer {
    let parent: Writer
    let writer: Writer
    var count = 0
    var codingPath: [any CodingKey] { [] }

    init(writer: Writer) {
        parent = writer
        self.writer = Writer(kept: writer.kept)
    }

    deinit {
        parent.varint(UInt64(count))
        parent.data.append(contentsOf: writer.data)
    }

    func encodeNil() throws { writer.byte(0); count += 1 }
    func encode<T: Encodable>(_ value: T) throws {
        try write(value, to: writer)
        count += 1
    }
    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        count += 1
        return KeyedEncodingContainer(KeyedWriter<NestedKey>(writer: writer))
    }
    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        count += 1
        return UnkeyedWriter(writer: writer)
    }
    func superEncoder() -> any Encoder { BinaryEncoderImpl(writer: writer) }
}

private struct SingleWriter: SingleValueEncodingContainer {
    let writer: Writer
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { writer.byte(0) }
    mutating func encode<T: Encodable>(_ value: T) throws { try write(value, to: writer) }
}

// MARK: - Decoding

private struct BinaryDecoderImpl: Decoder {
    let reader: Reader
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [BinaryCoder.recordsKey: true] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(KeyedReader<Key>(reader: reader))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        UnkeyedReader(reader: reader, count: try reader.count())
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleReader(reader: reader)
    }
}

private func read<T: Decodable>(_ type: T.Type, from reader: Reader) throws -> T {
    if T.self == String.self { return unsafeBitCast(try reader.string(), to: T.self) }
    if T.self == Int.self { return unsafeBitCast(Int(try reader.signed()), to: T.self) }
    if T.self == Bool.self { return unsafeBitCast(try reader.byte() != 0, to: T.self) }
    // Told apart by metadata, not by casts (see ``write(_:to:)``).
    if T.self == UInt64.self { return unsafeBitCast(try reader.varint(), to: T.self) }
    if T.self == Int64.self { return unsafeBitCast(try reader.signed(), to: T.self) }
    if T.self == UInt32.self { return unsafeBitCast(UInt32(truncatingIfNeeded: try reader.varint()), to: T.self) }
    if T.self == Int32.self { return unsafeBitCast(Int32(truncatingIfNeeded: try reader.signed()), to: T.self) }
    if T.self == Int16.self { return unsafeBitCast(Int16(truncatingIfNeeded: try reader.signed()), to: T.self) }
    if T.self == Int8.self { return unsafeBitCast(Int8(truncatingIfNeeded: try reader.signed()), to: T.self) }
    if T.self == UInt.self { return unsafeBitCast(UInt(truncatingIfNeeded: try reader.varint()), to: T.self) }
    if T.self == UInt16.self { return unsafeBitCast(UInt16(truncatingIfNeeded: try reader.varint()), to: T.self) }
    if T.self == UInt8.self { return unsafeBitCast(UInt8(truncatingIfNeeded: try reader.varint()), to: T.self) }
    if T.self == Double.self { return unsafeBitCast(Double(bitPattern: try reader.varint()), to: T.self) }
    if T.self == Float.self { return unsafeBitCast(Float(bitPattern: UInt32(truncatingIfNeeded: try reader.varint())), to: T.self) }
    if T.self == [UInt64].self { return unsafeBitCast(try reader.elements { try reader.varint() }, to: T.self) }
    if T.self == [Int].self { return unsafeBitCast(try reader.elements { Int(try reader.signed()) }, to: T.self) }
    if T.self == [String].self { return unsafeBitCast(try reader.elements { try reader.string() }, to: T.self) }
    if T.self == Data.self {
        let span = try reader.span()
        if let source = reader.source {
            return unsafeBitCast(source[(source.startIndex + span.lowerBound)..<(source.startIndex + span.upperBound)], to: T.self)
        }
        return unsafeBitCast(Data(UnsafeRawBufferPointer(rebasing: reader.bytes[span])), to: T.self)
    }
    switch CoderPaths.reading(T.self, kept: reader.kept) {
    case .kept(let kept): return try kept.init(kept: BinaryRecordReader(reader: reader)) as! T
    case .record(let record): return try record.init(record: BinaryRecordReader(reader: reader)) as! T
    case .records(let records): return try records.readRecords(from: reader) as! T
    case .dictionary(let dictionary): return try dictionary.readEntries(from: reader) as! T
    case .codable:
        // A set of slugs (a pokemon's references): as `Set`'s own decoder reads it, its
        // count and its elements, each inserted.
        if T.self == Set<String>.self { return unsafeBitCast(Set(try reader.elements { try reader.string() }), to: T.self) }
        return try T(from: BinaryDecoderImpl(reader: reader))
    }
}

private struct KeyedReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let reader: Reader
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool {
        throw BinaryCoder.Unsupported()
    }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try read(type, from: reader) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try present(type) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try present(type) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try present(type) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try present(type) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try present(type) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try present(type) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try present(type) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try present(type) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try present(type) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try present(type) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try present(type) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try present(type) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try present(type) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try present(type) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try present(type) }

    private func present<T: Decodable>(_ type: T.Type) throws -> T? {
        try reader.byte() == 0 ? nil : try read(type, from: reader)
    }
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(KeyedReader<NestedKey>(reader: reader))
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        UnkeyedReader(reader: reader, count: try reader.count())
    }
    func superDecoder() throws -> any Decoder { BinaryDecoderImpl(reader: reader) }
    func superDecoder(forKey key: Key) throws -> any Decoder { BinaryDecoderImpl(reader: reader) }
}

private struct UnkeyedReader: UnkeyedDecodingContainer {
    let reader: Reader
    let total: Int
    var currentIndex = 0
    var codingPath: [any CodingKey] { [] }
    var count: Int? { total }
    var isAtEnd: Bool { currentIndex >= total }

    init(reader: Reader, count: Int) {
        self.reader = reader
        total = count
    }

    mutating func decodeNil() throws -> Bool { throw BinaryCoder.Unsupported() }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard !isAtEnd else { throw BinaryCoder.Corrupt() }
        currentIndex += 1
        return try read(type, from: reader)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        currentIndex += 1
        return KeyedDecodingContainer(KeyedReader<NestedKey>(reader: reader))
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        currentIndex += 1
        return UnkeyedReader(reader: reader, count: try reader.count())
    }
    mutating func superDecoder() throws -> any Decoder { BinaryDecoderImpl(reader: reader) }
}

private struct SingleReader: SingleValueDecodingContainer {
    let reader: Reader
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try read(type, from: reader) }
}

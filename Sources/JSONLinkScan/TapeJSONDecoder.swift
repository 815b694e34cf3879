import Foundation

/// A `JSONDecoder` for the catalog: the same errors (`DecodingError` with the coding
/// path), several times faster on PokeAPI's resources.
///
/// The document is validated once into a ``JSONTape``; decoding then touches only the
/// values a type asks for, steps over the rest in one move, and converts a string or
/// number only when it is read. Strict where Foundation is: a number decoded as `Int`
/// must be a whole number that fits (else `dataCorrupted` at its path).
public struct TapeJSONDecoder {
    /// Handed to every `init(from:)` as `decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: Any] = [:]

    public init() {}

    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let tape: JSONTape
        do {
            tape = try JSONTape(data: data, takers: (T.self as? any TapeTakesMembers.Type)?.takenMembers ?? [])
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: [], debugDescription: "The given data was not valid JSON (stopped at byte \(error.offset))."))
        }
        return try T(from: TapeDecoder(tape: tape, index: 0, path: nil, userInfo: userInfo))
    }
}

/// The coding path as a list that shares its parents: a nested decoder adds one node.
final class CodingPathNode: Sendable {
    let parent: CodingPathNode?
    let key: TapeKey

    init(parent: CodingPathNode?, key: TapeKey) {
        self.parent = parent
        self.key = key
    }

    static func path(_ node: CodingPathNode?) -> [any CodingKey] {
        var keys: [any CodingKey] = []
        var node = node
        while let current = node {
            keys.append(current.key)
            node = current.parent
        }
        return keys.reversed()
    }
}

struct TapeKey: CodingKey, Sendable {
    private let name: String?
    let intValue: Int?

    /// "Index 3" for an array element (as Foundation spells it), made only when asked.
    var stringValue: String { name ?? "Index \(intValue ?? 0)" }

    init(stringValue: String) {
        name = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        name = nil
        self.intValue = intValue
    }

    init(_ key: some CodingKey) {
        name = key.stringValue
        intValue = key.intValue
    }
}

struct TapeDecoder: Decoder {
    let tape: JSONTape
    let index: Int
    /// The path of the value that holds this one, and this one's key in it (both nil at the
    /// top, and on a fast path). A node of its own is made only when a container is opened
    /// on this value (``node``): the strings and numbers that are most values cost no
    /// allocation.
    let path: CodingPathNode?
    let key: TapeKey?
    let userInfo: [CodingUserInfoKey: Any]

    init(tape: JSONTape, index: Int, path: CodingPathNode?, key: TapeKey? = nil, userInfo: [CodingUserInfoKey: Any]) {
        self.tape = tape
        self.index = index
        self.path = path
        self.key = key
        self.userInfo = userInfo
    }

    var codingPath: [any CodingKey] {
        var keys = CodingPathNode.path(path)
        if let key { keys.append(key) }
        return keys
    }

    /// This value's path as a node, the parent of its children's.
    var node: CodingPathNode? { key.map { CodingPathNode(parent: path, key: $0) } ?? path }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if isTaken { return try expanded().container(keyedBy: type) }
        guard tape.entries[index].kind == .object else { throw mismatch([String: Any].self) }
        return KeyedDecodingContainer(TapeKeyedContainer<Key>(decoder: self, node: node))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        if isTaken { return try expanded().unkeyedContainer() }
        guard tape.entries[index].kind == .array else { throw mismatch([Any].self) }
        return TapeUnkeyedContainer(decoder: self, node: node)
    }

    // MARK: Taken members

    /// Whether this value is a member a ``TakenMember`` read (``JSONTape/Kind/taken``).
    var isTaken: Bool { tape.entries[index].kind == .taken }

    /// A taken member as `T`: the value its taker read when it is a `T`, else its bytes
    /// decoded as any other value (the taker's promise: they are valid JSON).
    private func taken<T: Decodable>(as type: T.Type) throws -> T {
        if let value = tape.taken[Int(tape.entries[index].count)] as? T { return value }
        return try expanded().decode(type)
    }

    /// A taken member on a tape of its own, at the same coding path.
    private func expanded() throws -> TapeDecoder {
        let entry = tape.entries[index]
        do {
            let bytes = Data(UnsafeBufferPointer(rebasing: tape.bytes[Int(entry.start)..<Int(entry.end)]))
            return TapeDecoder(tape: try JSONTape(data: bytes), index: 0, path: path, key: key, userInfo: userInfo)
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath, debugDescription: "The given data was not valid JSON (stopped at byte \(Int(entry.start) + error.offset))."))
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        TapeSingleContainer(decoder: self)
    }

    /// The value at `index`, under `key` in this one, whose path is `node`.
    func child(_ index: Int, key: TapeKey, node: CodingPathNode?) -> TapeDecoder {
        TapeDecoder(tape: tape, index: index, path: node, key: key, userInfo: userInfo)
    }

    func mismatch(_ type: Any.Type) -> DecodingError {
        let entry = tape.entries[index]
        // A taken member is the object or array its bytes spell.
        let kind = entry.kind != .taken ? entry.kind : tape.bytes[Int(entry.start)] == UInt8(ascii: "{") ? .object : .array
        if kind == .null {
            return .valueNotFound(type, DecodingError.Context(codingPath: codingPath, debugDescription: "Expected \(type) value but found null instead."))
        }
        return .typeMismatch(type, DecodingError.Context(codingPath: codingPath, debugDescription: "Expected to decode \(type) but found \(kind) instead."))
    }

    // MARK: Values

    var isNull: Bool { tape.entries[index].kind == .null }

    func bool() throws -> Bool {
        switch tape.entries[index].kind {
        case .true: return true
        case .false: return false
        default: throw mismatch(Bool.self)
        }
    }

    func string() throws -> String {
        let entry = tape.entries[index]
        guard entry.kind == .string else { throw mismatch(String.self) }
        return tape.withBytes { bytes in
            let body = UnsafeBufferPointer(rebasing: bytes[Int(entry.start)..<Int(entry.end)])
            return entry.flag ? Self.unescape(body) : String(decoding: body, as: UTF8.self)
        }
    }

    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let entry = tape.entries[index]
        guard entry.kind == .number else { throw mismatch(type) }
        let parsed: T? = tape.withBytes { bytes in
            let text = bytes[Int(entry.start)..<Int(entry.end)]
            if !entry.flag { return Self.integer(digits: text) }
            // Through a Double only where it holds every whole number exactly: past 2^53
            // Foundation reads the digits themselves, and a Double's nearest value would
            // differ from its (`123456789012345678.5`), so such a number is refused.
            guard let double = Double(String(decoding: UnsafeBufferPointer(rebasing: text), as: UTF8.self)),
                  double.magnitude < 0x1p53, double.rounded() == double, let exact = T(exactly: double) else { return nil }
            return exact
        }
        guard let parsed else {
            let text = tape.withBytes { String(decoding: UnsafeBufferPointer(rebasing: $0[Int(entry.start)..<Int(entry.end)]), as: UTF8.self) }
            // In JSON's words: a fraction where a whole number belongs, or a number too large.
            let fraction = text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
            let reason = fraction ? "\(text) is not \(DecodingError.jsonKind(type))" : "\(text) does not fit \(DecodingError.jsonKind(type)) the site can use"
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: reason + "."))
        }
        return parsed
    }

    /// A whole number spelled without a fraction or exponent (the lexer checked its
    /// digits), or nil when it does not fit `T`.
    @inline(__always)
    static func integer<T: FixedWidthInteger>(digits text: Slice<UnsafeBufferPointer<UInt8>>) -> T? {
        var value: T = 0
        var negative = false
        for byte in text {
            if byte == UInt8(ascii: "-") { negative = true; continue }
            let digit = T(byte &- UInt8(ascii: "0"))
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = next
        }
        return value
    }

    func floating() throws -> Double {
        let entry = tape.entries[index]
        guard entry.kind == .number else { throw mismatch(Double.self) }
        let text = tape.withBytes { String(decoding: UnsafeBufferPointer(rebasing: $0[Int(entry.start)..<Int(entry.end)]), as: UTF8.self) }
        guard let value = Double(text) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: "Number \(text) is not representable."))
        }
        return value
    }

    /// Told apart by comparing metadata, not by casts: a cast per value (and another for the
    /// result) is a runtime call each, where the metadata compare is one instruction.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if isTaken { return try taken(as: type) }
        if T.self == String.self { return unsafeBitCast(try string(), to: T.self) }
        if T.self == Int.self { return unsafeBitCast(try integer(Int.self), to: T.self) }
        if T.self == Bool.self { return unsafeBitCast(try bool(), to: T.self) }
        if T.self == Double.self { return unsafeBitCast(try floating(), to: T.self) }
        if T.self == Int64.self { return unsafeBitCast(try integer(Int64.self), to: T.self) }
        if T.self == Int32.self { return unsafeBitCast(try integer(Int32.self), to: T.self) }
        if T.self == UInt64.self { return unsafeBitCast(try integer(UInt64.self), to: T.self) }
        if T.self == Float.self { return unsafeBitCast(Float(try floating()), to: T.self) }
        if let fast = T.self as? any TapeDecodable.Type {
            do {
                return try read(fast, as: T.self)
            } catch is TapeValue.Miss {
                // Anything unusual: the ordinary way, which says exactly where and what.
            }
        }
        return try T(from: self)
    }

    /// A fast path's value as `T`, which `Fast` is (the cast that found it cast `T`'s own
    /// metatype): with the existential opened, the value is not boxed, nor cast back.
    private func read<Fast: TapeDecodable, T>(_ fast: Fast.Type, as type: T.Type) throws -> T {
        unsafeBitCast(try Fast(tape: TapeValue(decoder: self)), to: T.self)
    }

    /// A string body's text with its escapes resolved (validated already by the lexer).
    static func unescape(_ body: UnsafeBufferPointer<UInt8>) -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(body.count)
        var position = 0
        func hex(_ at: Int) -> UInt32 {
            var value: UInt32 = 0
            for byte in body[at..<(at + 4)] {
                let digit: UInt8 = byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : (byte | 0x20) - UInt8(ascii: "a") + 10
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        while position < body.count {
            let byte = body[position]
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                position += 1
                continue
            }
            let code = body[position + 1]
            position += 2
            switch code {
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "u"):
                var value = hex(position)
                position += 4
                if (0xD800...0xDBFF).contains(value), position + 6 <= body.count, body[position] == UInt8(ascii: "\\") {
                    let low = hex(position + 2)
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    position += 6
                }
                utf8.append(contentsOf: Array(String(Unicode.Scalar(value) ?? "\u{FFFD}").utf8))
            default: utf8.append(code)
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }
}

struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: TapeDecoder
    /// The object's path, made once for all its members.
    let node: CodingPathNode?
    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        var keys: [Key] = []
        let tape = decoder.tape
        var member = decoder.index + 1
        for _ in 0..<Int(tape.entries[decoder.index].count) {
            let name = TapeDecoder(tape: tape, index: member, path: nil, userInfo: [:])
            if let text = try? name.string(), let key = Key(stringValue: text) { keys.append(key) }
            member = tape.next(after: member + 1)
        }
        return keys
    }

    /// The entry index of the value under `key`, or nil.
    func find(_ key: Key) -> Int? {
        let tape = decoder.tape
        var wanted = key.stringValue
        return wanted.withUTF8 { target -> Int? in
            tape.withBytes { bytes -> Int? in
                var member = decoder.index + 1
                for _ in 0..<Int(tape.entries[decoder.index].count) {
                    let name = tape.entries[member]
                    let length = Int(name.end - name.start)
                    if !name.flag, length == target.count,
                       sameBytes(bytes.baseAddress! + Int(name.start), target.baseAddress!, count: length) {
                        return member + 1
                    }
                    if name.flag, TapeDecoder.unescape(UnsafeBufferPointer(rebasing: bytes[Int(name.start)..<Int(name.end)])) == key.stringValue {
                        return member + 1
                    }
                    member = tape.next(after: member + 1)
                }
                return nil
            }
        }
    }

    func value(_ key: Key) throws -> TapeDecoder {
        guard let index = find(key) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "No value associated with key \(key.stringValue)."))
        }
        return decoder.child(index, key: TapeKey(key), node: node)
    }

    func contains(_ key: Key) -> Bool { find(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { try value(key).isNull }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try value(key).decode(type)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try present(key) { try $0.decode(type) }
    }

    // The types the schema reads most, each straight to its reader: the generic forms above
    // would first tell the type apart, value by value.
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(key).string() }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(key).integer(Int.self) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(key).bool() }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try present(key) { try $0.string() } }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try present(key) { try $0.integer(Int.self) } }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try present(key) { try $0.bool() } }

    /// The value under `key` read by `read`, as `decodeIfPresent` reads it: missing or null is nil.
    @inline(__always)
    private func present<T>(_ key: Key, _ read: (TapeDecoder) throws -> T) throws -> T? {
        guard let index = find(key) else { return nil }
        let child = decoder.child(index, key: TapeKey(key), node: node)
        return child.isNull ? nil : try read(child)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try value(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try value(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { decoder }

    func superDecoder(forKey key: Key) throws -> any Decoder { try value(key) }
}

struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: TapeDecoder
    /// The array's path, made once for all its elements.
    let node: CodingPathNode?
    var position: Int
    var currentIndex = 0
    let total: Int

    init(decoder: TapeDecoder, node: CodingPathNode?) {
        self.decoder = decoder
        self.node = node
        position = decoder.index + 1
        total = Int(decoder.tape.entries[decoder.index].count)
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { total }
    var isAtEnd: Bool { currentIndex >= total }

    /// The next element, to be read as `type`; past the end, the error names the type and
    /// the index it was looked for at, as Foundation's does.
    mutating func element(_ type: Any.Type) throws -> TapeDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, DecodingError.Context(codingPath: codingPath + [TapeKey(intValue: currentIndex)],
                                                                           debugDescription: "Unkeyed container is at end."))
        }
        let child = decoder.child(position, key: TapeKey(intValue: currentIndex), node: node)
        position = decoder.tape.next(after: position)
        currentIndex += 1
        return child
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, decoder.tape.entries[position].kind == .null else { return false }
        position += 1
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try element(type).decode(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try element(KeyedDecodingContainer<NestedKey>.self).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try element((any UnkeyedDecodingContainer).self).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { try element((any Decoder).self) }
}

struct TapeSingleContainer: SingleValueDecodingContainer {
    let decoder: TapeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.bool() }
    func decode(_ type: String.Type) throws -> String { try decoder.string() }
    func decode(_ type: Int.Type) throws -> Int { try decoder.integer(Int.self) }
    func decode(_ type: Double.Type) throws -> Double { try decoder.floating() }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(type) }
}

/// A type that can read itself straight off the tape, skipping `Decoder`'s generic
/// machinery (a container box and a coding-path node per value). For the few shapes
/// there are hundreds of thousands of: links, learned moves, texts per language.
public protocol TapeDecodable {
    init(tape: TapeValue) throws
}

/// One value on a tape, read in place. A fast path that meets anything it does not
/// expect throws ``Miss``, and the value is decoded the ordinary way instead (which reports
/// precise errors), so values met on the fast path carry no coding path.
public struct TapeValue {
    public struct Miss: Error {
        public init() {}
    }

    let decoder: TapeDecoder

    var entry: JSONTape.Entry { decoder.tape.entries[decoder.index] }

    func child(_ index: Int) -> TapeValue {
        TapeValue(decoder: TapeDecoder(tape: decoder.tape, index: index, path: nil, userInfo: decoder.userInfo))
    }

    public var isNull: Bool { entry.kind == .null }

    /// The member `key` of an object; nil when there is none. Throws ``Miss`` on a non-object.
    /// A name spelled with an escape (`"ch\u0061nce"`) throws ``Miss`` when met before a
    /// match: it may be the key, which the ordinary way unescapes and finds first.
    public subscript(key: StaticString) -> TapeValue? {
        get throws {
            let entry = self.entry
            guard entry.kind == .object else { throw Miss() }
            let tape = decoder.tape
            return try tape.withBytes { bytes throws -> TapeValue? in
                var member = decoder.index + 1
                for _ in 0..<Int(entry.count) {
                    let name = tape.entries[member]
                    guard !name.flag else { throw Miss() }
                    let length = Int(name.end - name.start)
                    if length == key.utf8CodeUnitCount, sameBytes(bytes.baseAddress! + Int(name.start), key.utf8Start, count: length) {
                        return child(member + 1)
                    }
                    member = tape.next(after: member + 1)
                }
                return nil
            }
        }
    }

    /// The elements of an array; throws ``Miss`` on anything else.
    public func elements() throws -> [TapeValue] {
        let entry = self.entry
        guard entry.kind == .array else { throw Miss() }
        var result: [TapeValue] = []
        result.reserveCapacity(Int(entry.count))
        var position = decoder.index + 1
        for _ in 0..<Int(entry.count) {
            result.append(child(position))
            position = decoder.tape.next(after: position)
        }
        return result
    }

    /// A string's text; throws ``Miss`` on anything else.
    public func string() throws -> String {
        guard entry.kind == .string else { throw Miss() }
        return try decoder.string()
    }

    /// A whole number that fits an Int; throws ``Miss`` on anything else.
    public func int() throws -> Int {
        guard entry.kind == .number, !entry.flag else { throw Miss() }
        do { return try decoder.integer(Int.self) } catch { throw Miss() }
    }


    /// Decodes this value the ordinary way (for the parts a fast path does not read itself).
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        do { return try decoder.decode(type) } catch { throw Miss() }
    }

    public var userInfo: [CodingUserInfoKey: Any] { decoder.userInfo }
}

/// A value on a tape, read in place without holding the tape: for a fast path's innermost
/// loops (a pokemon's hundreds of learned-move details). Each ``TapeValue`` is a decoder
/// that retains the tape and `userInfo`, and a learnset made six of them per detail: a
/// third of its reading went to reference counting. Valid only inside
/// ``TapeValue/withCursor(_:)``, as is every buffer it hands out; it reads as ``TapeValue``
/// reads, and throws ``TapeValue/Miss`` where it would.
package struct TapeCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    let entries: UnsafeBufferPointer<JSONTape.Entry>
    let index: Int

    var entry: JSONTape.Entry { entries[index] }

    package var isNull: Bool { entry.kind == .null }

    private func next(after index: Int) -> Int {
        JSONTape.next(after: index, entries[index])
    }

    /// As ``TapeValue/subscript(_:)``: nil when there is no member `key`; ``TapeValue/Miss``
    /// on a non-object, or at a name spelled with an escape met before a match.
    package subscript(key: StaticString) -> TapeCursor? {
        get throws {
            let entry = self.entry
            guard entry.kind == .object else { throw TapeValue.Miss() }
            var member = index + 1
            for _ in 0..<Int(entry.count) {
                let name = entries[member]
                guard !name.flag else { throw TapeValue.Miss() }
                let length = Int(name.end - name.start)
                if length == key.utf8CodeUnitCount, sameBytes(bytes.baseAddress! + Int(name.start), key.utf8Start, count: length) {
                    return TapeCursor(bytes: bytes, entries: entries, index: member + 1)
                }
                member = next(after: member + 1)
            }
            return nil
        }
    }

    /// Runs `body` over each element of an array, in order; ``TapeValue/Miss`` on anything else.
    package func forEachElement(_ body: (TapeCursor) throws -> Void) throws {
        let entry = self.entry
        guard entry.kind == .array else { throw TapeValue.Miss() }
        var position = index + 1
        for _ in 0..<Int(entry.count) {
            try body(TapeCursor(bytes: bytes, entries: entries, index: position))
            position = next(after: position)
        }
    }

    /// A string's raw bytes, valid inside ``TapeValue/withCursor(_:)`` (nil for a string
    /// with escapes); ``TapeValue/Miss`` on a non-string.
    package func rawString() throws -> UnsafeBufferPointer<UInt8>? {
        let entry = self.entry
        guard entry.kind == .string else { throw TapeValue.Miss() }
        guard !entry.flag else { return nil }
        return UnsafeBufferPointer(rebasing: bytes[Int(entry.start)..<Int(entry.end)])
    }

    /// An object's bytes from its `{` to the end of the last string, number or literal inside
    /// it (a string's closing quote left out); nil for anything but an object, for an empty
    /// one, and for one whose last entry is an empty object or array. Two objects spelled
    /// byte for byte alike to there are the same object: the bytes decide every value up to
    /// there, and after them come only a quote, spaces and the brackets that close them.
    package var objectBytes: UnsafeBufferPointer<UInt8>? {
        let entry = self.entry
        guard entry.kind == .object, Int(entry.end) > index + 1 else { return nil }
        let last = entries[Int(entry.end) - 1]
        guard last.kind != .object, last.kind != .array else { return nil }
        return UnsafeBufferPointer(rebasing: bytes[Int(entry.start)..<Int(last.end)])
    }

    /// A string's text, escapes resolved; ``TapeValue/Miss`` on anything else.
    package func string() throws -> String {
        let entry = self.entry
        guard entry.kind == .string else { throw TapeValue.Miss() }
        let body = UnsafeBufferPointer(rebasing: bytes[Int(entry.start)..<Int(entry.end)])
        return entry.flag ? TapeDecoder.unescape(body) : String(decoding: body, as: UTF8.self)
    }

    /// A whole number spelled without a fraction or exponent that fits an Int;
    /// ``TapeValue/Miss`` on anything else (as ``TapeValue/int()``).
    package func int() throws -> Int {
        let entry = self.entry
        guard entry.kind == .number, !entry.flag,
              let value: Int = TapeDecoder.integer(digits: bytes[Int(entry.start)..<Int(entry.end)]) else { throw TapeValue.Miss() }
        return value
    }
}

extension TapeValue {
    /// Runs `body` with a cursor on this value, the tape held for as long as it runs.
    package func withCursor<Result>(_ body: (TapeCursor) throws -> Result) throws -> Result {
        let tape = decoder.tape
        return try withExtendedLifetime(tape) {
            try body(TapeCursor(bytes: tape.bytes, entries: tape.entries, index: decoder.index))
        }
    }
}

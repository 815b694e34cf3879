import Foundation

/// A validated JSON document as a flat list of its values (a "tape"): each entry knows
/// where its text is and, for an object or array, where its last member ends, so a
/// decoder can step over a value it does not need in one move.
///
/// Built in one pass with the scanner's strict lexer (RFC 8259, UTF-8, paired surrogates,
/// numbers a Double can hold, depth 512); nothing is converted until a decoder asks. A
/// member a ``TakenMember`` reads is not lexed here: its reader checks its bytes.
final class JSONTape {
    enum Kind: UInt8 {
        case object, array, string, number, `true`, `false`, null
        /// A member of the top-level object that a ``TakenMember`` read from the bytes as
        /// the tape was laid: an object or array with nothing of it on the tape. `start`
        /// and `end` are its bytes; `count` is its place in ``taken``.
        case taken
    }

    struct Entry {
        var kind: Kind
        /// Strings: the body holds an escape. Numbers: a fraction or an exponent.
        var flag: Bool
        /// Strings: the body's first byte (after the quote). Others: the value's first byte.
        var start: Int32
        /// Strings, numbers and taken values: one past their last byte. Objects and arrays:
        /// the index of the entry after their last member.
        var end: Int32
        /// Objects: members; arrays: elements.
        var count: Int32
    }

    /// The document, copied once into memory the tape owns. Reading a `Data`'s bytes goes
    /// through its storage class, checked for exclusive access at every read: that check
    /// was a tenth of building a catalog, one per key looked up or value read. The copy
    /// costs one `memcpy` per document.
    let bytes: UnsafeBufferPointer<UInt8>
    private let storage: UnsafeMutableBufferPointer<UInt8>
    /// The entries, in memory the tape owns and frees. Not an `Array`: each of a pokemon's
    /// ten thousand entries was an `append`, with its uniqueness and capacity checks, and
    /// a `let` array is still read through its buffer object.
    let entries: UnsafeBufferPointer<Entry>
    /// The values ``TakenMember``s read, in the order of their entries.
    let taken: [Any]

    /// Reads `data`; throws ``JSONLinkScanner/Invalid`` with the offset where it stopped.
    /// `takers`: members of the top-level object read from the bytes, not laid on the tape.
    init(data: Data, takers: [TakenMember] = []) throws(JSONLinkScanner.Invalid) {
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(data.count, 1))
        let count = data.copyBytes(to: storage)
        let bytes = UnsafeBufferPointer(rebasing: storage[0..<count])
        do throws(JSONLinkScanner.Invalid) {
            // Entries hold offsets and indexes as Int32: a document of 2 GiB or more is refused.
            guard count < Int(Int32.max) else { throw JSONLinkScanner.Invalid(offset: Int(Int32.max)) }
            (entries, taken) = try Self.build(bytes, takers)
        } catch {
            storage.deallocate()
            throw error
        }
        self.storage = storage
        self.bytes = bytes
    }

    deinit {
        storage.deallocate()
        free(UnsafeMutableRawPointer(mutating: entries.baseAddress))
    }

    /// Runs `body` over the document's bytes.
    @inline(__always)
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(bytes)
    }

    /// The index of the entry after `index` and everything inside it.
    func next(after index: Int) -> Int {
        Self.next(after: index, entries[index])
    }

    /// The index after `entry` (at `index`) and everything inside it.
    @inline(__always)
    static func next(after index: Int, _ entry: Entry) -> Int {
        switch entry.kind {
        case .object, .array: return Int(entry.end)
        default: return index + 1
        }
    }

    /// The one pass that lays the tape down (members that a taker reads excepted): a loop with the open containers on a stack of
    /// their entries' indexes, rather than a call per value, so the position and the
    /// entries stay in registers. It throws where the link scanner throws, at the same
    /// offset (a test holds the two to it).
    private static func build(_ bytes: UnsafeBufferPointer<UInt8>, _ takers: [TakenMember]) throws(JSONLinkScanner.Invalid) -> (UnsafeBufferPointer<Entry>, [Any]) {
        var entries = EntryBuffer(capacity: bytes.count / 12 + 16)
        var taken: [Any] = []
        do throws(JSONLinkScanner.Invalid) {
            try withUnsafeTemporaryAllocation(of: Int32.self, capacity: JSONLinkScanner.maximumDepth) { open throws(JSONLinkScanner.Invalid) in
                try lay(bytes, &entries, open, takers, &taken)
            }
        } catch {
            entries.free()
            throw error
        }
        return (entries.finished(), taken)
    }

    /// ``build(_:)``'s loop; `open` holds the entry index of each container not yet closed.
    /// The lexer is a local, and so are the entries, handed back as it ends (thrown or not,
    /// so a buffer `realloc` moved is the one freed): an `inout` one is written to memory
    /// at every step.
    @inline(__always)
    private static func lay(_ bytes: UnsafeBufferPointer<UInt8>, _ result: inout EntryBuffer, _ open: UnsafeMutableBufferPointer<Int32>,
                            _ takers: [TakenMember], _ taken: inout [Any]) throws(JSONLinkScanner.Invalid) {
        var lexer = JSONLexer(bytes: bytes)
        var entries = result
        defer { result = entries }
        var depth = 0
        lexer.skipWhitespace()
        guard let first = lexer.peek(), first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { throw lexer.invalid() }
        let takesMembers = !takers.isEmpty && first == UInt8(ascii: "{")
        while true {
            // A value starts at the position (whitespace skipped).
            guard depth < JSONLinkScanner.maximumDepth, let byte = lexer.peek() else { throw lexer.invalid() }
            let start = Int32(lexer.position)
            var closed = false
            // A member of the top-level object (its name the last entry) that a taker reads.
            if depth == 1, takesMembers, let took = take(takers, bytes, name: entries[entries.count - 1], at: lexer.position) {
                entries.append(Entry(kind: .taken, flag: false, start: start, end: Int32(took.end), count: Int32(taken.count)))
                taken.append(took.value)
                lexer.position = took.end
            // Strings first, by one compare (most values are strings): in a profile, the
            // switch's indirect jump was the loop's busiest instruction.
            } else if byte == UInt8(ascii: "\"") {
                let (body, escaped) = try lexer.escapedString()
                entries.append(Entry(kind: .string, flag: escaped, start: Int32(body.lowerBound), end: Int32(body.upperBound), count: 0))
            } else {
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let kind: Kind = byte == UInt8(ascii: "{") ? .object : .array
                open[depth] = Int32(entries.count)
                depth += 1
                entries.append(Entry(kind: kind, flag: false, start: start, end: 0, count: 0))
                lexer.position += 1
                lexer.skipWhitespace()
                if lexer.peek() == (kind == .object ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    lexer.position += 1
                    closed = true
                } else if kind == .object {
                    try key(&lexer, &entries)
                    continue
                } else {
                    continue
                }
            case UInt8(ascii: "t"):
                try lexer.literal("true")
                entries.append(Entry(kind: .true, flag: false, start: start, end: Int32(lexer.position), count: 0))
            case UInt8(ascii: "f"):
                try lexer.literal("false")
                entries.append(Entry(kind: .false, flag: false, start: start, end: Int32(lexer.position), count: 0))
            case UInt8(ascii: "n"):
                try lexer.literal("null")
                entries.append(Entry(kind: .null, flag: false, start: start, end: Int32(lexer.position), count: 0))
            default:
                let fractional = try lexer.number()
                entries.append(Entry(kind: .number, flag: fractional, start: start, end: Int32(lexer.position), count: 0))
            }
            }
            // A value has ended: close every container it ends, then go on to the next member.
            while true {
                if closed {
                    let index = Int(open[depth - 1])
                    entries[index].end = Int32(entries.count)
                    depth -= 1
                    closed = false
                }
                if depth == 0 {
                    lexer.skipWhitespace()
                    guard lexer.position == lexer.bytes.count else { throw lexer.invalid() }
                    return
                }
                let index = Int(open[depth - 1])
                entries[index].count += 1
                lexer.skipWhitespace()
                guard let next = lexer.peek() else { throw lexer.invalid() }
                let isObject = entries[index].kind == .object
                if next == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    lexer.position += 1
                    closed = true
                    continue
                }
                // Refused at the byte itself, as the link scanner refuses it.
                guard next == UInt8(ascii: ",") else { throw lexer.invalid() }
                lexer.position += 1
                lexer.skipWhitespace()
                if isObject { try key(&lexer, &entries) }
                break
            }
        }
    }

    /// The value and end of the member `name` that a taker reads at `position`, if one does:
    /// an object or array, ending inside the document.
    @inline(never)
    private static func take(_ takers: [TakenMember], _ bytes: UnsafeBufferPointer<UInt8>, name: Entry, at position: Int) -> (value: Any, end: Int)? {
        guard !name.flag, bytes[position] == UInt8(ascii: "{") || bytes[position] == UInt8(ascii: "[") else { return nil }
        let spelled = UnsafeBufferPointer(rebasing: bytes[Int(name.start)..<Int(name.end)])
        for taker in takers where taker.key.withUnsafeBufferPointer({ sameBytes($0, spelled) }) {
            guard let took = taker.read(bytes, position), took.end > position, took.end <= bytes.count else { return nil }
            return took
        }
        return nil
    }

    /// Reads a member's name and its colon, leaving the position at its value (whose depth
    /// is checked, as the scanner checks it).
    @inline(__always)
    private static func key(_ lexer: inout JSONLexer, _ entries: inout EntryBuffer) throws(JSONLinkScanner.Invalid) {
        guard lexer.peek() == UInt8(ascii: "\"") else { throw lexer.invalid() }
        let (body, escaped) = try lexer.escapedString()
        entries.append(Entry(kind: .string, flag: escaped, start: Int32(body.lowerBound), end: Int32(body.upperBound), count: 0))
        lexer.skipWhitespace()
        guard lexer.peek() == UInt8(ascii: ":") else { throw lexer.invalid() }
        lexer.position += 1
        lexer.skipWhitespace()
    }

    /// Entries in `malloc`ed memory that grows by doubling (`realloc`, often in place).
    private struct EntryBuffer {
        var base: UnsafeMutablePointer<Entry>
        var capacity: Int
        var count = 0

        init(capacity: Int) {
            self.capacity = capacity
            base = malloc(capacity * MemoryLayout<Entry>.stride)!.bindMemory(to: Entry.self, capacity: capacity)
        }

        @inline(__always)
        mutating func append(_ entry: Entry) {
            if count == capacity { grow() }
            (base + count).initialize(to: entry)
            count += 1
        }

        @inline(never)
        mutating func grow() {
            capacity *= 2
            base = realloc(base, capacity * MemoryLayout<Entry>.stride)!.bindMemory(to: Entry.self, capacity: capacity)
        }

        subscript(index: Int) -> Entry {
            @inline(__always) get { base[index] }
            @inline(__always) nonmutating set { base[index] = newValue }
        }

        func free() {
            Foundation.free(base)
        }

        /// The entries, the memory handed to the tape (which frees it).
        func finished() -> UnsafeBufferPointer<Entry> {
            UnsafeBufferPointer(start: base, count: count)
        }
    }
}

/// A member of a document's top-level object that its type reads straight from the bytes
/// while the tape is laid, instead of through the tape: for a member that is most of the
/// document and has one shape (a pokemon's `moves`, nine tenths of its bytes), one pass
/// that reads it is cheaper than a tape of it and a second pass over that.
///
/// `read` gets the document and the offset of the member's value; it returns the value and
/// the offset one past its last byte, or nil, and the member is laid on the tape as any
/// other. It may return a value only for bytes that are valid JSON, one object or array,
/// and only the value that decoding them the ordinary way gives: the decoder hands it to
/// whoever asks for the member as its type, and reads the bytes as JSON for any other.
public struct TakenMember: Sendable {
    let key: [UInt8]
    let read: @Sendable (UnsafeBufferPointer<UInt8>, Int) -> (value: Any, end: Int)?

    /// `key`: the member's name, as spelled without escapes.
    public init(key: String, read: @escaping @Sendable (_ document: UnsafeBufferPointer<UInt8>, _ offset: Int) -> (value: Any, end: Int)?) {
        self.key = Array(key.utf8)
        self.read = read
    }
}

/// A type whose document has members a ``TakenMember`` reads (see there).
public protocol TapeTakesMembers {
    static var takenMembers: [TakenMember] { get }
}

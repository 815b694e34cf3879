import Foundation

/// A validated JSON document as a flat list of its values (a "tape"): each entry knows
/// where its text is and, for an object or array, where its last member ends, so a
/// decoder can step over a value it does not need in one move.
///
/// Built in one pass with the scanner's strict lexer (RFC 8259, UTF-8, paired surrogates,
/// numbers a Double can hold, depth 512); nothing is converted until a decoder asks.
final class JSONTape {
    enum Kind: UInt8 {
        case object, array, string, number, `true`, `false`, null
    }

    struct Entry {
        var kind: Kind
        /// Strings: the body holds an escape. Numbers: a fraction or an exponent.
        var flag: Bool
        /// Strings: the body's first byte (after the quote). Others: the value's first byte.
        var start: Int32
        /// Strings and numbers: one past their last byte. Objects and arrays: the index of
        /// the entry after their last member.
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

    /// Reads `data`; throws ``JSONLinkScanner/Invalid`` with the offset where it stopped.
    init(data: Data) throws(JSONLinkScanner.Invalid) {
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(data.count, 1))
        let count = data.copyBytes(to: storage)
        let bytes = UnsafeBufferPointer(rebasing: storage[0..<count])
        do throws(JSONLinkScanner.Invalid) {
            // Entries hold offsets and indexes as Int32: a document of 2 GiB or more is refused.
            guard count < Int(Int32.max) else { throw JSONLinkScanner.Invalid(offset: Int(Int32.max)) }
            entries = try Self.build(bytes)
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

    /// The one pass that lays the tape down: a loop with the open containers on a stack of
    /// their entries' indexes, rather than a call per value, so the position and the
    /// entries stay in registers. It throws where the link scanner throws, at the same
    /// offset (a test holds the two to it).
    private static func build(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONLinkScanner.Invalid) -> UnsafeBufferPointer<Entry> {
        var entries = EntryBuffer(capacity: bytes.count / 12 + 16)
        do throws(JSONLinkScanner.Invalid) {
            try withUnsafeTemporaryAllocation(of: Int32.self, capacity: JSONLinkScanner.maximumDepth) { open throws(JSONLinkScanner.Invalid) in
                try lay(bytes, &entries, open)
            }
        } catch {
            entries.free()
            throw error
        }
        return entries.finished()
    }

    /// ``build(_:)``'s loop; `open` holds the entry index of each container not yet closed.
    /// The lexer is a local, and so are the entries, handed back as it ends (thrown or not,
    /// so a buffer `realloc` moved is the one freed): an `inout` one is written to memory
    /// at every step.
    @inline(__always)
    private static func lay(_ bytes: UnsafeBufferPointer<UInt8>, _ result: inout EntryBuffer, _ open: UnsafeMutableBufferPointer<Int32>) throws(JSONLinkScanner.Invalid) {
        var lexer = JSONLexer(bytes: bytes)
        var entries = result
        defer { result = entries }
        var depth = 0
        lexer.skipWhitespace()
        guard let first = lexer.peek(), first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { throw lexer.invalid() }
        while true {
            // A value starts at the position (whitespace skipped).
            guard depth < JSONLinkScanner.maximumDepth, let byte = lexer.peek() else { throw lexer.invalid() }
            let start = Int32(lexer.position)
            var closed = false
            // Strings first, by one compare (most values are strings): in a profile, the
            // switch's indirect jump was the loop's busiest instruction.
            if byte == UInt8(ascii: "\"") {
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
                lexer.position += 1
                let isObject = entries[index].kind == .object
                if next == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    closed = true
                    continue
                }
                guard next == UInt8(ascii: ",") else { throw lexer.invalid() }
                lexer.skipWhitespace()
                if isObject { try key(&lexer, &entries) }
                break
            }
        }
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

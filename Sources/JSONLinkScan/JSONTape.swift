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
    /// A `let`, built before the tape exists: a class's `var` would be checked for
    /// exclusive access on every read, which costs more than the read.
    let entries: [Entry]

    /// Reads `data`; throws ``JSONLinkScanner/Invalid`` with the offset where it stopped.
    init(data: Data) throws(JSONLinkScanner.Invalid) {
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(data.count, 1))
        let count = data.copyBytes(to: storage)
        let bytes = UnsafeBufferPointer(rebasing: storage[0..<count])
        var builder = Builder(lexer: JSONLexer(bytes: bytes))
        builder.entries.reserveCapacity(count / 12)
        do throws(JSONLinkScanner.Invalid) {
            builder.lexer.skipWhitespace()
            guard let first = builder.lexer.peek(), first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { throw builder.lexer.invalid() }
            try builder.value(depth: 0)
            builder.lexer.skipWhitespace()
            guard builder.lexer.position == count else { throw builder.lexer.invalid() }
        } catch {
            storage.deallocate()
            throw error
        }
        self.storage = storage
        self.bytes = bytes
        entries = builder.entries
    }

    deinit {
        storage.deallocate()
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

    /// The one pass that lays the tape down.
    private struct Builder {
        var lexer: JSONLexer
        var entries: [Entry] = []

        mutating func value(depth: Int) throws(JSONLinkScanner.Invalid) {
            guard depth < JSONLinkScanner.maximumDepth, let byte = lexer.peek() else { throw lexer.invalid() }
            let start = Int32(lexer.position)
            switch byte {
            case UInt8(ascii: "{"): try container(depth: depth, kind: .object)
            case UInt8(ascii: "["): try container(depth: depth, kind: .array)
            case UInt8(ascii: "\""):
                let (body, escaped) = try lexer.escapedString()
                entries.append(Entry(kind: .string, flag: escaped, start: Int32(body.lowerBound), end: Int32(body.upperBound), count: 0))
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

        mutating func container(depth: Int, kind: Kind) throws(JSONLinkScanner.Invalid) {
            let index = entries.count
            entries.append(Entry(kind: kind, flag: false, start: Int32(lexer.position), end: 0, count: 0))
            let close = kind == .object ? UInt8(ascii: "}") : UInt8(ascii: "]")
            lexer.position += 1
            lexer.skipWhitespace()
            var count: Int32 = 0
            if lexer.peek() == close {
                lexer.position += 1
            } else {
                while true {
                    lexer.skipWhitespace()
                    if kind == .object {
                        guard lexer.peek() == UInt8(ascii: "\"") else { throw lexer.invalid() }
                        try value(depth: depth + 1)
                        lexer.skipWhitespace()
                        guard lexer.peek() == UInt8(ascii: ":") else { throw lexer.invalid() }
                        lexer.position += 1
                        lexer.skipWhitespace()
                    }
                    try value(depth: depth + 1)
                    count += 1
                    lexer.skipWhitespace()
                    guard let next = lexer.peek() else { throw lexer.invalid() }
                    lexer.position += 1
                    if next == close { break }
                    guard next == UInt8(ascii: ",") else { throw lexer.invalid() }
                }
            }
            entries[index].end = Int32(entries.count)
            entries[index].count = count
        }
    }
}

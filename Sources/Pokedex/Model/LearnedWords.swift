import Common

/// A learnset's words (``Learnset/packed``), in 32 bits each when they fit.
///
/// A word is `move << 32 | group << 20 | method << 8 | level`; a pokemon learns a few
/// hundred moves in a few dozen groups by a handful of methods, so its words fit in
/// `move << 20 | group << 14 | method << 8 | level` (4,096 moves, 64 groups, 64 methods).
/// At ten times the dex that halves 40 MB. A learnset any of whose words does not fit keeps
/// them all in 64 bits. It reads, compares and is written (`Codable`, the binary form) as
/// the array of 64-bit words it stands for.
package struct LearnedWords: Sendable, Hashable, CodedAsArray, RandomAccessCollection, ExpressibleByArrayLiteral {
    private var narrow: [UInt32] = []
    /// Every word, when one of them does not fit in 32 bits (then `narrow` is empty).
    private var wide: [UInt64]?

    package init() {}

    package init(arrayLiteral words: UInt64...) {
        self.init(words)
    }

    package init(_ words: [UInt64]) {
        var narrow: [UInt32] = []
        narrow.reserveCapacity(words.count)
        for word in words {
            guard let small = Self.narrowed(word) else {
                wide = words
                return
            }
            narrow.append(small)
        }
        self.narrow = narrow
    }

    /// `word` in 32 bits, or nil when one of its parts does not fit.
    static func narrowed(_ word: UInt64) -> UInt32? {
        let move = word >> 32, group = (word >> 20) & 0xFFF, method = (word >> 8) & 0xFFF
        guard move < 1 << 12, group < 1 << 6, method < 1 << 6 else { return nil }
        return UInt32(move << 20 | group << 14 | method << 8 | word & 0xFF)
    }

    static func widened(_ word: UInt32) -> UInt64 {
        let word = UInt64(word)
        return (word >> 20) << 32 | ((word >> 14) & 0x3F) << 20 | ((word >> 8) & 0x3F) << 8 | word & 0xFF
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { wide?.count ?? narrow.count }

    package subscript(position: Int) -> UInt64 {
        if let wide { return wide[position] }
        return Self.widened(narrow[position])
    }
}

/// The bytes of the array of words it stands for: a count, then each word as a varint.
extension LearnedWords: BinaryWritable {
    package func write(record writer: BinaryRecordWriter) {
        writer.count(count)
        for word in self { writer.uint64(word) }
    }
}

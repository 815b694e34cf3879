import Common

/// A learnset's words (``Learnset/packed``), deflated column by column when they fit.
///
/// A word is `move << 32 | group << 20 | method << 8 | level`. A pokemon learns a few
/// hundred moves in a few dozen groups by a handful of methods, and its words come move by
/// move, so kept as five byte columns (the step from the last word's move in two, group,
/// method, level) they are mostly runs that deflate to a fifth of the 32-bit words they
/// were (at zlib's fastest level): at ten times the dex, 20 MB of a 220 MB peak became
/// about 4. A learnset whose moves,
/// groups or methods do not fit the columns (65,536, 256 and 256 of them) keeps its words
/// as they are. Only the reverse index, the search index and a pokemon's own pages read
/// them, a few times a build, so they are inflated when read. It reads, compares and is
/// written (`Codable`, the binary form) as the array of 64-bit words it stands for.
package struct LearnedWords: Sendable, Hashable, CodedAsArray, ExpressibleByArrayLiteral {
    /// The columns, deflated; empty when `wide` holds the words.
    private var columns = DeflatedBytes()
    /// Every word, when one of them does not fit the columns.
    private var wide: [UInt64]?
    /// How many words there are.
    package private(set) var count = 0

    package init() {}

    package init(arrayLiteral words: UInt64...) {
        self.init(words)
    }

    package init(_ words: [UInt64]) {
        count = words.count
        guard !words.isEmpty else { return }
        var bytes = [UInt8](repeating: 0, count: words.count * 5)
        var previous: UInt64 = 0
        let n = words.count
        for (at, word) in words.enumerated() {
            let move = word >> 32, group = (word >> 20) & 0xFFF, method = (word >> 8) & 0xFFF
            guard move < 1 << 16, group < 1 << 8, method < 1 << 8 else {
                wide = words
                return
            }
            let step = (move &- previous) & 0xFFFF
            previous = move
            bytes[at] = UInt8(step & 0xFF)
            bytes[n + at] = UInt8(step >> 8)
            bytes[2 * n + at] = UInt8(group)
            bytes[3 * n + at] = UInt8(method)
            bytes[4 * n + at] = UInt8(word & 0xFF)
        }
        columns = DeflatedBytes(bytes)
    }

    /// The words, inflated when asked for: the array made, not a copy made word by word as
    /// `Array(_:)` makes one of a sequence.
    package var words: [UInt64] {
        if let wide { return wide }
        let bytes = columns.bytes
        let n = count
        guard bytes.count == n * 5 else { return [] }
        var words: [UInt64] = []
        words.reserveCapacity(n)
        var move: UInt64 = 0
        for at in 0..<n {
            move = (move &+ (UInt64(bytes[at]) | UInt64(bytes[n + at]) << 8)) & 0xFFFF
            words.append(move << 32 | UInt64(bytes[2 * n + at]) << 20 | UInt64(bytes[3 * n + at]) << 8 | UInt64(bytes[4 * n + at]))
        }
        return words
    }

    package func makeIterator() -> [UInt64].Iterator {
        words.makeIterator()
    }

    /// None promised: the words are read from bytes only when asked for, and bytes a records
    /// file had replaced may read as fewer than `count` (then none). `Array(_:)` and `map`
    /// take this many elements from the iterator without asking, and stopped the build on
    /// the first one missing.
    package var underestimatedCount: Int { 0 }
    package var isEmpty: Bool { count == 0 }
}

/// The bytes of the array of words it stands for: a count, then each word as a varint.
extension LearnedWords: BinaryWritable {
    package func write(record writer: BinaryRecordWriter) {
        writer.count(count)
        for word in self { writer.uint64(word) }
    }
}

/// Its kept form: its count, then its columns as they are, or its words when they did not fit.
extension LearnedWords: BinaryKept {
    package func write(kept writer: BinaryRecordWriter) {
        writer.int(count)
        if let wide {
            writer.bool(true)
            writer.count(wide.count)
            for word in wide { writer.uint64(word) }
        } else {
            writer.bool(false)
            columns.write(kept: writer)
        }
    }

    package init(kept reader: BinaryRecordReader) throws {
        count = try reader.size()
        if try reader.bool() {
            let words = try reader.value([UInt64].self)
            guard words.count == count else { throw BinaryCoder.Corrupt() }
            wide = words
        } else {
            columns = try DeflatedBytes(kept: reader)
            guard columns.count % 5 == 0, columns.count / 5 == count else { throw BinaryCoder.Corrupt() }
        }
    }
}

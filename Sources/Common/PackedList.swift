import Foundation

/// An array kept as the deflated bytes of its binary form (``BinaryCoder``), for lists the
/// build holds for every species but reads once a build: its Pokédex entries, its name in
/// every language.
///
/// At ten times the dex those texts were 18 MB of the build's peak; deflated (the same
/// entry often stands for several games, and a name is written alike in several
/// languages), a few. It reads, compares and is written (`Codable`) as the array it stands
/// for; equal arrays keep equal bytes, so they compare and hash without being read.
package struct PackedList<Element: Codable & Sendable>: Sendable, Hashable, CodedAsArray, ExpressibleByArrayLiteral {
    private var bytes = DeflatedBytes()
    /// How many elements it holds.
    package private(set) var count = 0

    private static var format: String { "packed-list-1" }

    package init() {}

    package init(arrayLiteral elements: Element...) {
        self.init(elements)
    }

    package init(_ elements: [Element]) {
        count = elements.count
        guard !elements.isEmpty else { return }
        // The element types are plain values that always encode; one that did not would
        // read back as no elements rather than stop the build.
        if let data = try? BinaryCoder.encode(elements, format: Self.format) { bytes = DeflatedBytes([UInt8](data)) }
    }

    /// The elements, read from their bytes when asked for: the array read, not a copy
    /// made element by element as `Array(_:)` makes one of a sequence.
    package var elements: [Element] {
        guard count > 0 else { return [] }
        let read = try? BinaryCoder.decode([Element].self, from: Data(bytes.bytes), format: Self.format)
        return read.flatMap { $0.count == count ? $0 : nil } ?? []
    }

    package func makeIterator() -> [Element].Iterator {
        elements.makeIterator()
    }

    /// None promised: the elements are read from bytes only when asked for, and bytes a records
    /// file had replaced may read as fewer than `count` (then none). `Array(_:)` and `map`
    /// take this many elements from the iterator without asking, and stopped the build on
    /// the first one missing.
    package var underestimatedCount: Int { 0 }
    package var isEmpty: Bool { count == 0 }
}

/// Its kept form: its count and its deflated bytes, as they are.
extension PackedList: BinaryKept {
    package func write(kept writer: BinaryRecordWriter) {
        writer.int(count)
        bytes.write(kept: writer)
    }

    package init(kept reader: BinaryRecordReader) throws {
        count = try reader.size()
        bytes = try DeflatedBytes(kept: reader, leadingCount: count, after: Self.format)
    }
}

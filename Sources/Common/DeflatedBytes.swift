import CZlib

/// Bytes kept deflated (zlib) in memory, for data a build holds for every pokemon but reads
/// a few times at most: its learnset's words, its encounters.
///
/// At ten times the dex those were 40 MB of a 220 MB peak; deflated they are a fifth of
/// that, and inflating one pokemon's is a few microseconds. Bytes that deflating does not
/// shrink (a short list) are kept as they are. Deflating is deterministic, so equal bytes
/// are kept as equal bytes: they compare and hash without inflating.
package struct DeflatedBytes: Sendable, Hashable {
    private let stored: [UInt8]
    /// The bytes' length; `stored` is the bytes themselves when it is as long.
    private let size: Int

    package init() {
        stored = []
        size = 0
    }

    package init(_ bytes: [UInt8]) {
        size = bytes.count
        stored = Self.deflated(bytes) ?? bytes
    }

    /// The bytes, inflated.
    package var bytes: [UInt8] {
        guard stored.count != size else { return stored }
        // A failure cannot happen to bytes this type deflated; reading them as none is the
        // safe answer if memory were ever damaged.
        return Self.inflated(stored, size: size) ?? []
    }

    /// How many bytes it stands for.
    package var count: Int { size }

    /// `bytes` deflated, or nil when that is no shorter than they are.
    ///
    /// At zlib's fastest level. At its default (6), deflating a pokemon's learnset columns,
    /// encounters and lists was 9% of building a catalog; at 1 it is under 6%. The mirror's
    /// learnset columns then keep 417 KB instead of 338 KB (both a fifth or less of their
    /// 2.5 MB); the other levels and strategies tried were slower or kept more.
    package static func deflated(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count > 32 else { return nil }
        var length = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &length, input.baseAddress, uLong(input.count), 1)
            }
        }
        guard status == Z_OK, Int(length) < bytes.count else { return nil }
        return Array(output[..<Int(length)])
    }

    static func inflated(_ stored: [UInt8], size: Int) -> [UInt8]? {
        var output = [UInt8](repeating: 0, count: size)
        var length = uLongf(size)
        let status = output.withUnsafeMutableBufferPointer { out in
            stored.withUnsafeBufferPointer { input in
                uncompress(out.baseAddress, &length, input.baseAddress, uLong(input.count))
            }
        }
        guard status == Z_OK, Int(length) == size else { return nil }
        return output
    }
}

/// Its kept form: the bytes as they are stored, then their length inflated. Bytes that do
/// not inflate to that length are a corrupt record: refused, not read as none later (a
/// length past what zlib could inflate them to is refused before anything is allocated).
extension DeflatedBytes: BinaryKept {
    package func write(kept writer: BinaryRecordWriter) {
        writer.bytes(stored)
        writer.int(size)
    }

    package init(kept reader: BinaryRecordReader) throws {
        try self.init(kept: reader, leadingCount: nil, after: nil)
    }

    /// Its kept form, for a list that begins with its count (after `format`, when it begins
    /// with one): the bytes are inflated once, to check both that they inflate to their
    /// length and that they begin with `leadingCount`. Empty bytes stand for an empty list.
    package init(kept reader: BinaryRecordReader, leadingCount: Int?, after format: String? = nil) throws {
        let stored = try reader.bytes()
        let size = try reader.size()
        guard stored.count == size || (stored.count < size && size <= 1 << 28 && size <= stored.count * 1100) else {
            throw BinaryCoder.Corrupt()
        }
        self.stored = stored
        self.size = size
        if let leadingCount, size == 0 {
            guard leadingCount == 0 else { throw BinaryCoder.Corrupt() }
            return
        }
        guard let bytes = stored.count == size ? stored : Self.inflated(stored, size: size) else { throw BinaryCoder.Corrupt() }
        guard let leadingCount else { return }
        let found = try? BinaryCoder.reading(bytes, prefix: true) { reader in
            if let format, try reader.string() != format { throw BinaryCoder.Corrupt() }
            return try reader.count()
        }
        guard found == leadingCount else { throw BinaryCoder.Corrupt() }
    }
}

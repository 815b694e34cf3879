import Common

/// A learned move is stored as a short array (`["thunderbolt", "machine"]`,
/// `["charm", "level-up", 1]`) instead of an object.
///
/// A catalog holds tens of thousands of them; as arrays the snapshot is smaller and loads
/// faster, which is what an unchanged rebuild waits for.
extension LearnedMove {
    package init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let move = try container.decode(String.self)
        let method = try container.decode(Method.self)
        let level = container.isAtEnd ? nil : try container.decodeNil() ? nil : try container.decode(Int.self)
        self.init(move: move, method: method, level: level)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(move)
        try container.encode(method)
        if let level { try container.encode(level) }
    }
}

/// Field by field for the build's binary form (a pokemon's newest moves are hashed for every
/// page's read fingerprints, tens of thousands of them at once).
extension LearnedMove: BinaryRecord {
    package init(record reader: BinaryRecordReader) throws {
        let move = try reader.string()
        guard let method = Method(rawValue: try reader.string()) else { throw BinaryCoder.Corrupt() }
        self.init(move: move, method: method, level: try reader.optionalInt())
    }

    package func write(record writer: BinaryRecordWriter) {
        writer.string(move)
        writer.string(method.rawValue)
        writer.optional(level)
    }
}

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
/// page's read fingerprints, tens of thousands of them at once): the bytes `Codable` writes
/// above (a count, then move, method and the level if any), without its containers.
extension LearnedMove: BinaryRecord {
    package init(record reader: BinaryRecordReader) throws {
        let count = try reader.count()
        guard count == 2 || count == 3 else { throw BinaryCoder.Corrupt() }
        let move = try reader.string()
        guard let method = Method(rawValue: try reader.string()) else { throw BinaryCoder.Corrupt() }
        self.init(move: move, method: method, level: count == 3 ? try reader.int() : nil)
    }

    package func write(record writer: BinaryRecordWriter) {
        writer.count(level == nil ? 2 : 3)
        writer.string(move)
        writer.string(method.rawValue)
        if let level { writer.int(level) }
    }
}

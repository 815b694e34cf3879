import JSONLinkScan

extension Wire.Pokemon: TapeTakesMembers {
    /// `moves`, nine tenths of a pokemon's bytes, read in one pass as the tape is laid.
    package static let takenMembers = [
        TakenMember(key: CodingKeys.moves.stringValue) { document, offset in
            Wire.Learnset.read(document, at: offset).map { (value: $0.learnset, end: $0.end) }
        },
    ]
}

extension Wire.Learnset {
    /// A pokemon's `moves` read straight from the document's bytes at `offset`, when they
    /// are spelled as PokeAPI spells them (``CompactReader``: no whitespace, plain ASCII
    /// strings, whole levels), with the keys the tape's reader (`init(cursor:)`) reads and
    /// `order`, in any order, each once; nil at anything else, and the tape reads them.
    /// The value is the one the tape's reader gives: the same tables in the same order (a
    /// group or method met before, spelled byte for byte alike, found by one compare), the
    /// same words, a missing or null level 0, levels past 255 kept as 255.
    package static func read(_ document: UnsafeBufferPointer<UInt8>, at offset: Int) -> (learnset: Wire.Learnset, end: Int)? {
        var reader = CompactReader(bytes: document, position: offset)
        var moves: [Wire.Link] = [], groups: [Wire.Link] = [], methods: [Wire.Link] = [], packed: [UInt64] = []
        // A link object's bytes, and its place in its table.
        var groupsSeen: [(bytes: UnsafeBufferPointer<UInt8>, index: Int)] = [], methodsSeen = groupsSeen

        /// `{"name": string or null, "url": string}`, either order.
        func link() -> (name: UnsafeBufferPointer<UInt8>?, url: UnsafeBufferPointer<UInt8>)? {
            guard reader.take(UInt8(ascii: "{")) else { return nil }
            var name: UnsafeBufferPointer<UInt8>?, named = false, url: UnsafeBufferPointer<UInt8>?
            repeat {
                if !named, reader.take(#""name":"#) {
                    named = true
                    if !reader.null() {
                        guard let value = reader.string() else { return nil }
                        name = value
                    }
                } else if url == nil, reader.take(#""url":"#) {
                    guard let value = reader.string() else { return nil }
                    url = value
                } else {
                    return nil
                }
            } while reader.take(UInt8(ascii: ","))
            guard reader.take(UInt8(ascii: "}")), let url else { return nil }
            return (name, url)
        }
        func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
        /// A group's or method's place in its table. Strings of plain ASCII are equal when
        /// their bytes are.
        func index(_ seen: inout [(bytes: UnsafeBufferPointer<UInt8>, index: Int)], _ table: inout [Wire.Link]) -> Int? {
            for known in seen where reader.take(known.bytes) { return known.index }
            let start = reader.position
            guard let spelled = link() else { return nil }
            let bytes = UnsafeBufferPointer(rebasing: document[start..<reader.position])
            let found = Wire.Link(name: spelled.name.map(text), url: text(spelled.url))
            let index = table.firstIndex(of: found) ?? table.count
            if index == table.count { table.append(found) }
            seen.append((bytes, index))
            return index
        }
        /// `{"level_learned_at", "move_learn_method", "order", "version_group"}`: one word.
        func detail(_ position: Int) -> UInt64? {
            guard reader.take(UInt8(ascii: "{")) else { return nil }
            var level: Int?, leveled = false, ordered = false, group: Int?, method: Int?
            repeat {
                if !leveled, reader.take(#""level_learned_at":"#) {
                    leveled = true
                    if !reader.null() {
                        guard let value = reader.wholeNumber() else { return nil }
                        level = value
                    }
                } else if method == nil, reader.take(#""move_learn_method":"#) {
                    guard let found = index(&methodsSeen, &methods) else { return nil }
                    method = found
                } else if group == nil, reader.take(#""version_group":"#) {
                    guard let found = index(&groupsSeen, &groups) else { return nil }
                    group = found
                } else if !ordered, reader.take(#""order":"#) {
                    ordered = true
                    guard reader.null() || reader.wholeNumber() != nil else { return nil }
                } else {
                    return nil
                }
            } while reader.take(UInt8(ascii: ","))
            guard reader.take(UInt8(ascii: "}")), let group, let method else { return nil }
            return UInt64(position) << 32 | UInt64(group & 0xFFF) << 20 | UInt64(method & 0xFFF) << 8 | UInt64(min(level ?? 0, 255))
        }

        guard reader.take(UInt8(ascii: "[")) else { return nil }
        if !reader.take(UInt8(ascii: "]")) {
            repeat {
                guard reader.take(UInt8(ascii: "{")) else { return nil }
                var move: Wire.Link?, detailed = false
                repeat {
                    if move == nil, reader.take(#""move":"#) {
                        guard let spelled = link() else { return nil }
                        move = Wire.Link(name: spelled.name.map(text), url: text(spelled.url))
                    } else if !detailed, reader.take(#""version_group_details":"#) {
                        detailed = true
                        guard reader.take(UInt8(ascii: "[")) else { return nil }
                        if !reader.take(UInt8(ascii: "]")) {
                            repeat {
                                guard let word = detail(moves.count) else { return nil }
                                packed.append(word)
                            } while reader.take(UInt8(ascii: ","))
                            guard reader.take(UInt8(ascii: "]")) else { return nil }
                        }
                    } else {
                        return nil
                    }
                } while reader.take(UInt8(ascii: ","))
                guard reader.take(UInt8(ascii: "}")), let move, detailed else { return nil }
                moves.append(move)
            } while reader.take(UInt8(ascii: ","))
            guard reader.take(UInt8(ascii: "]")) else { return nil }
        }
        return (Wire.Learnset(moves: moves, versionGroups: groups, methods: methods, packed: packed), reader.position)
    }
}

import Common

extension Wire {
    /// A pokemon's `moves`: every move it learns, in every version group, by every method.
    ///
    /// PokeAPI spells each of these out as objects with two links (hundreds per pokemon,
    /// half a million in the dex); kept so, they would be most of the build's memory. They
    /// are read through the same nested shape (so the fetch follows the same links) and
    /// packed: the distinct moves, groups and methods once each, and one 64-bit word per
    /// (move, group, method, level).
    package struct Learnset: Codable, Sendable, Hashable {
        /// One learned move, its links resolved from the tables.
        package struct Entry: Sendable, Hashable {
            package var move: Link
            package var versionGroup: Link
            package var method: Link
            /// `level_learned_at`: 0 for methods without a level.
            package var level: Int
            /// The move's position in the pokemon's `moves` list.
            package var moveIndex: Int
        }

        package var moves: [Link]
        package var versionGroups: [Link]
        package var methods: [Link]
        /// move index << 32 | group index << 20 | method index << 8 | level (0-255).
        package var packed: [UInt64]

        package init(moves: [Link] = [], versionGroups: [Link] = [], methods: [Link] = [], packed: [UInt64] = []) {
            self.moves = moves
            self.versionGroups = versionGroups
            self.methods = methods
            self.packed = packed
        }

        /// Every learned move, in PokeAPI's order.
        package var entries: [Entry] {
            packed.map(entry)
        }

        package func entry(_ word: UInt64) -> Entry {
            let move = Int(word >> 32), group = Int((word >> 20) & 0xFFF), method = Int((word >> 8) & 0xFFF)
            return Entry(move: moves[move], versionGroup: versionGroups[group], method: methods[method], level: Int(word & 0xFF), moveIndex: move)
        }

        /// Whether the pokemon learns nothing.
        package var isEmpty: Bool { packed.isEmpty }

        enum CodingKeys: String, CodingKey {
            case moves, versionGroups = "version_groups", methods, packed
        }
    }
}

extension Wire.Learnset {
    /// The shape PokeAPI serves: `[{"move": link, "version_group_details": [...]}]`.
    private struct MoveEntry: Decodable {
        struct Detail: Decodable {
            var levelLearnedAt: Int?
            var moveLearnMethod: Wire.Link
            var versionGroup: Wire.Link

            enum CodingKeys: String, CodingKey {
                case levelLearnedAt = "level_learned_at"
                case moveLearnMethod = "move_learn_method"
                case versionGroup = "version_group"
            }
        }

        var move: Wire.Link
        var versionGroupDetails: [Detail]

        enum CodingKeys: String, CodingKey {
            case move
            case versionGroupDetails = "version_group_details"
        }
    }

    /// Reads PokeAPI's list of moves, or (from the build's own binary records) the packed form.
    package init(from decoder: any Decoder) throws {
        if decoder.userInfo[BinaryCoder.recordsKey] != nil {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                moves: try container.decode([Wire.Link].self, forKey: .moves),
                versionGroups: try container.decode([Wire.Link].self, forKey: .versionGroups),
                methods: try container.decode([Wire.Link].self, forKey: .methods),
                packed: try container.decode([UInt64].self, forKey: .packed)
            )
            return
        }
        let list = try [MoveEntry](from: decoder)
        var moves: [Wire.Link] = [], groups: [Wire.Link] = [], methods: [Wire.Link] = [], packed: [UInt64] = []
        var groupIndex: [Wire.Link: Int] = [:], methodIndex: [Wire.Link: Int] = [:]
        func index(of link: Wire.Link, in table: inout [Wire.Link], _ positions: inout [Wire.Link: Int]) -> Int {
            if let known = positions[link] { return known }
            table.append(link)
            positions[link] = table.count - 1
            return table.count - 1
        }
        for (position, entry) in list.enumerated() {
            moves.append(entry.move)
            for detail in entry.versionGroupDetails {
                let group = index(of: detail.versionGroup, in: &groups, &groupIndex)
                let method = index(of: detail.moveLearnMethod, in: &methods, &methodIndex)
                let level = UInt64(min(max(detail.levelLearnedAt ?? 0, 0), 255))
                packed.append(UInt64(position) << 32 | UInt64(group & 0xFFF) << 20 | UInt64(method & 0xFFF) << 8 | level)
            }
        }
        self.init(moves: moves, versionGroups: groups, methods: methods, packed: packed)
    }
}

import Common

/// A move, with what a moves table shows.
package struct Move: Sendable, Hashable, Codable {
    package var slug: String
    package var name: String
    package var type: String?
    /// "physical", "special" or "status".
    package var damageClass: String?
    package var power: Int?
    package var accuracy: Int?
    package var pp: Int?
    package var priority: Int = 0
    /// The move-target slug ("selected-pokemon").
    package var target: String?
    /// The generation number it was introduced in.
    package var generation: Int?
    /// PokeAPI's short effect in the site's language, `$effect_chance` filled in.
    package var effect: String?
    /// The newest flavor text in the site's language.
    package var flavorText: String?
    /// The machines that teach it, per version group.
    package var machines: [Machine] = []
    /// Its names in the search's other languages (English, kana and romaji for a Japanese
    /// site), plain text; nil when the catalog's language needs none.
    package var searchNames: [String]?

    package init(
        slug: String, name: String, type: String? = nil, damageClass: String? = nil,
        power: Int? = nil, accuracy: Int? = nil, pp: Int? = nil
    ) {
        self.slug = slug
        self.name = name
        self.type = type
        self.damageClass = damageClass
        self.power = power
        self.accuracy = accuracy
        self.pp = pp
    }
}

/// An ability, with its display name and short effect.
package struct Ability: Sendable, Hashable, Codable {
    package var slug: String
    package var name: String
    package var shortEffect: String?
    /// The long effect, in the site's language.
    package var effect: String?
    package var flavorText: String?
    package var generation: Int?
    /// Its names in the search's other languages (English, kana and romaji for a Japanese
    /// site), plain text; nil when the catalog's language needs none.
    package var searchNames: [String]?

    package init(slug: String, name: String, shortEffect: String? = nil) {
        self.slug = slug
        self.name = name
        self.shortEffect = shortEffect
    }
}

/// An item (evolution stones, held items).
package struct Item: Sendable, Hashable, Codable {
    package var slug: String
    package var name: String
    /// Its picture's path under the media root.
    package var sprite: String?
    package var effect: String?
    package var flavorText: String?
    /// The item-category slug.
    package var category: String?
    /// Its names in the search's other languages (English, kana and romaji for a Japanese
    /// site), plain text; nil when the catalog's language needs none.
    package var searchNames: [String]?

    package init(slug: String, name: String) {
        self.slug = slug
        self.name = name
    }
}

/// A stat (HP, Attack...), with its display name.
package struct Stat: Sendable, Hashable, Codable {
    package var slug: String
    package var name: String

    package init(slug: String, name: String) {
        self.slug = slug
        self.name = name
    }
}

/// What a move, ability or item page shows beyond a name (filled where the data has it).
extension Move {
    /// A machine (TM, HM, TR) that teaches the move in one version group.
    package struct Machine: Sendable, Hashable, Codable {
        package var versionGroup: String
        /// The machine's item slug (`tm24`).
        package var item: String

        package init(versionGroup: String, item: String) {
            self.versionGroup = versionGroup
            self.item = item
        }

        /// "TM24", "HM03", "TR12": the item slug as the games print it.
        package var label: String { item.uppercased() }
    }
}

/// A text written for some games ("Red, Blue: …"): identical texts share one entry.
package struct VersionText: Sendable, Hashable, Codable {
    /// Version (or version-group) slugs, oldest first.
    package var versions: [String]
    package var text: String
    /// The PokeAPI language code the text is in (the site's, or English standing in).
    package var language: String

    package init(versions: [String], text: String, language: String) {
        self.versions = versions
        self.text = text
        self.language = language
    }
}

/// A name in one language, for the "names" table.
package struct LocalizedName: Sendable, Hashable, Codable {
    /// PokeAPI's language code (`ja-hrkt`, `fr`, `zh-hant`).
    package var language: String
    package var name: String

    package init(language: String, name: String) {
        self.language = language
        self.name = name
    }
}

/// Where a pokemon is met in one game: an area, how, at which levels, how often.
package struct Encounter: Sendable, Hashable, Codable {
    package var version: String
    package var area: String
    package var method: String
    package var minLevel: Int
    package var maxLevel: Int
    /// The sum of the chances of the encounter slots this stands for, in percent.
    package var chance: Int
    /// Condition value slugs (time of day, season, a radio station...).
    package var conditions: [String]

    package init(version: String, area: String, method: String, minLevel: Int, maxLevel: Int, chance: Int, conditions: [String]) {
        self.version = version
        self.area = area
        self.method = method
        self.minLevel = minLevel
        self.maxLevel = maxLevel
        self.chance = chance
        self.conditions = conditions
    }
}

/// An item a wild pokemon may hold in one game, and how often (percent).
package struct HeldItemRarity: Sendable, Hashable, Codable {
    package var item: String
    package var version: String
    package var rarity: Int

    package init(item: String, version: String, rarity: Int) {
        self.item = item
        self.version = version
        self.rarity = rarity
    }
}

/// A version group (games released together), newest first in the catalog.
package struct VersionGroupInfo: Sendable, Hashable, Codable {
    package var slug: String
    /// The names of its games ("Sun, Moon").
    package var name: String
    package var order: Int
    /// Its generation's number, when known.
    package var generation: Int?
    /// Its games' slugs.
    package var versions: [String]

    package init(slug: String, name: String, order: Int, generation: Int?, versions: [String]) {
        self.slug = slug
        self.name = name
        self.order = order
        self.generation = generation
        self.versions = versions
    }
}

/// Every move a pokemon learns, in every version group, by every method.
///
/// The catalog's own copy of the packed form (one word per learned move), with slugs. The
/// words and the tables of slugs they point into are kept deflated (``LearnedWords``,
/// ``PackedList``): every pokemon has one, its pages, the reverse index and the search
/// index read it a few times a build. Each table is made when asked for, so a caller
/// reads it once, not once a word.
package struct Learnset: Sendable, Hashable, Codable {
    private var moveTable = PackedList<String>()
    private var groupTable = PackedList<String>()
    private var methodTable = PackedList<String>()
    /// move index << 32 | group index << 20 | method index << 8 | level.
    package var packed = LearnedWords()

    private enum CodingKeys: String, CodingKey {
        case moveTable = "moves", groupTable = "versionGroups", methodTable = "methods", packed
    }

    package init(moves: [String] = [], versionGroups: [String] = [], methods: [String] = [], packed: [UInt64] = []) {
        moveTable = PackedList(moves)
        groupTable = PackedList(versionGroups)
        methodTable = PackedList(methods)
        self.packed = LearnedWords(packed)
    }

    /// The moves' slugs, at the words' move indices ("" for a move with no name).
    package var moves: [String] { moveTable.elements }
    /// The version groups' slugs, at the words' group indices.
    package var versionGroups: [String] { groupTable.elements }
    /// The learn methods' slugs, at the words' method indices.
    package var methods: [String] { methodTable.elements }

    /// One learned move.
    package struct Entry: Sendable, Hashable {
        package var move: String
        package var versionGroup: String
        package var method: String
        /// The level for level-up moves; 0 otherwise.
        package var level: Int
        /// The first place of the move's slug in its learnset's move table: one number a
        /// move, the same in every group, for a page to keep what it made of the move by.
        package var movePlace: Int
    }

    /// The moves learned in `group`, each once (a move learned twice by the same method at
    /// the same level counts once), sorted by method in ``LearnedMove/Method``'s order, then
    /// level, then slug: a pokemon's newest moves.
    package func learnedMoves(in group: String?) -> [LearnedMove] {
        guard let group else { return [] }
        let versionGroups = versionGroups
        let inGroup = Set(versionGroups.indices.filter { versionGroups[$0] == group })
        guard !inGroup.isEmpty else { return [] }
        let kinds = methods.map { LearnedMove.Method(rawValue: $0) ?? .other }
        let moves = moves
        var seen = Set<LearnedMove>()
        var learned: [LearnedMove] = []
        for word in packed where inGroup.contains(Int((word >> 20) & 0xFFF)) {
            guard Int(word >> 32) < moves.count, Int((word >> 8) & 0xFFF) < kinds.count else { continue }
            let slug = moves[Int(word >> 32)]
            guard !slug.isEmpty else { continue }
            let method = kinds[Int((word >> 8) & 0xFFF)]
            let move = LearnedMove(move: slug, method: method, level: method == .levelUp ? Int(word & 0xFF) : nil)
            if seen.insert(move).inserted { learned.append(move) }
        }
        let allMethods = LearnedMove.Method.allCases
        learned.sort {
            let lhs = (allMethods.firstIndex(of: $0.method) ?? 0, $0.level ?? 0, $0.move)
            let rhs = (allMethods.firstIndex(of: $1.method) ?? 0, $1.level ?? 0, $1.move)
            return lhs < rhs
        }
        return learned
    }

    /// Every move it learns in any group, by any method, each once, sorted.
    package var learnable: [String] {
        let moves = moves
        return Set(packed.compactMap { Int($0 >> 32) < moves.count ? moves[Int($0 >> 32)] : nil }).filter { !$0.isEmpty }.sorted()
    }

    /// Every move learned in `group`, in PokeAPI's order, duplicates (a move learned twice
    /// by the same method at the same level) left out.
    ///
    /// A word pointing past its tables (a damaged record) is left out here, as by every
    /// reader of a learnset: one bad word must not stop a build.
    package func entries(in group: String) -> [Entry] {
        entriesByGroup(only: group)[group] ?? []
    }

    /// Every group's ``entries(in:)`` at once, by group slug: the three tables are read
    /// (inflated and decoded) once, not once a group. A page listing every game's moves
    /// read them twenty times over.
    package func entriesByGroup() -> [String: [Entry]] {
        entriesByGroup(only: nil)
    }

    /// The methods each group's moves are learned by, by group slug, without making the
    /// entries: a detail page shows one group's tables and only names the others.
    package func methodsByGroup() -> [String: Set<String>] {
        let versionGroups = versionGroups, methods = methods
        let moveCount = moves.count
        // One bit a method place per group place (a learnset names a handful of methods).
        guard methods.count <= 64 else { return entriesByGroup().mapValues { Set($0.map(\.method)) } }
        var bits = [UInt64](repeating: 0, count: versionGroups.count)
        for word in packed {
            let move = Int(word >> 32), group = Int((word >> 20) & 0xFFF), method = Int((word >> 8) & 0xFFF)
            guard move < moveCount, group < versionGroups.count, method < methods.count else { continue }
            bits[group] |= 1 << UInt64(method)
        }
        var byGroup: [String: Set<String>] = [:]
        for (group, mask) in bits.enumerated() where mask != 0 {
            for method in methods.indices where mask & (1 << UInt64(method)) != 0 { byGroup[versionGroups[group], default: []].insert(methods[method]) }
        }
        return byGroup
    }

    private func entriesByGroup(only wanted: String?) -> [String: [Entry]] {
        let moves = moves, versionGroups = versionGroups, methods = methods
        // A text may stand at several places of a table: a repeat is told by the first
        // place of each text, as one word, not by hashing three strings.
        let places = (move: Self.firstPlaces(moves), group: Self.firstPlaces(versionGroups), method: Self.firstPlaces(methods))
        // Room for every word at once: grown from empty, the set was rehashed a dozen times a page.
        var seen = Set<UInt64>(minimumCapacity: packed.count)
        // By the group's first place, not its slug: hashing the slug for each entry was a
        // third of this.
        var lists = [[Entry]](repeating: [], count: versionGroups.count)
        for word in packed {
            let move = Int(word >> 32), group = Int((word >> 20) & 0xFFF), method = Int((word >> 8) & 0xFFF)
            guard move < moves.count, group < versionGroups.count, method < methods.count else { continue }
            if let wanted, versionGroups[group] != wanted { continue }
            let key = places.move[move] << 32 | places.group[group] << 20 | places.method[method] << 8 | word & 0xFF
            guard seen.insert(key).inserted else { continue }
            lists[Int(places.group[group])].append(
                Entry(move: moves[move], versionGroup: versionGroups[group], method: methods[method], level: Int(word & 0xFF),
                      movePlace: Int(places.move[move])))
        }
        var byGroup: [String: [Entry]] = [:]
        for (place, entries) in lists.enumerated() where !entries.isEmpty { byGroup[versionGroups[place]] = entries }
        return byGroup
    }

    /// For each place of `table`, the first place holding the same text.
    private static func firstPlaces(_ table: [String]) -> [UInt64] {
        var first: [String: UInt64] = [:]
        return table.enumerated().map { place, text in
            if let known = first[text] { return known }
            first[text] = UInt64(place)
            return UInt64(place)
        }
    }
}

/// The images and sounds a pokemon has, as paths under the media root.
package struct Media: Sendable, Hashable, Codable {
    /// Sprites by PokeAPI's key (`front_default`, `back_shiny`, ...).
    package var sprites: [String: String] = [:]
    /// Cries by kind (`latest`, `legacy`).
    package var cries: [String: String] = [:]
    /// Official artwork and HOME renders (front, and shiny), when fetched.
    package var artwork: [String: String] = [:]
    package var home: [String: String] = [:]

    package init() {}
}

/// What kind of variety a pokemon is, from its form's data.
package struct FormInfo: Sendable, Hashable, Codable {
    /// PokeAPI's `form_name` ("alola", "mega-x", "gmax"), empty for most defaults.
    package var formName: String = ""
    package var isMega = false
    package var isBattleOnly = false

    /// A Gigantamax form: PokeAPI names them `gmax`, or `<form>-gmax` (Urshifu's two).
    package var isGigantamax: Bool { formName == "gmax" || formName.hasSuffix("-gmax") }
    /// The region the form's name names, when it is one of the data's regions: a regional form.
    package var region: String?

    package init() {}
}

/// A cosmetic form of one pokemon (Unown's letters, Burmy's cloaks): a name and a sprite.
package struct CosmeticForm: Sendable, Hashable, Codable {
    package var slug: String
    package var name: String
    package var sprite: String?

    package init(slug: String, name: String, sprite: String?) {
        self.slug = slug
        self.name = name
        self.sprite = sprite
    }
}

/// Field by field, in `Codable`'s order: hashed for every pokemon on every build (the pages'
/// read fingerprints), where the generic containers cost most of the time.
extension Encounter: BinaryRecord {
    package init(record reader: BinaryRecordReader) throws {
        self.init(version: try reader.string(), area: try reader.string(), method: try reader.string(), minLevel: try reader.int(),
                  maxLevel: try reader.int(), chance: try reader.int(), conditions: try reader.strings())
    }

    package func write(record writer: BinaryRecordWriter) {
        writer.string(version)
        writer.string(area)
        writer.string(method)
        writer.int(minLevel)
        writer.int(maxLevel)
        writer.int(chance)
        writer.strings(conditions)
    }
}

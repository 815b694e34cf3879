import Common
import Foundation
import Pokedex

/// `search-index.js` (light: names for the header box, on every page) and `search-data.js`
/// (heavy: stats, learnsets, abilities... for the search page, the list and compare), in
/// the format `docs/search-index.md` defines; `scripts/make-search-index` writes the same
/// bytes from the same data.
struct SearchIndex: Sendable {
    static let indexVersion = 2
    static let dataVersion = 1
    static let statKeys = [("hp", "hp"), ("attack", "atk"), ("defense", "def"),
                           ("special-attack", "spa"), ("special-defense", "spd"), ("speed", "spe")]
    static let damageClasses = ["physical", "special", "status"]
    /// Bits of `flags`.
    static let legendary = 1, mythical = 2, baby = 4, fullyEvolved = 8, mega = 16, form = 32
    /// The strings the scripts show: keys with these prefixes, and `captured`.
    static let stringPrefixes = ["search_", "query_", "list_", "compare_", "moves_class_", "defense_"]

    let light: Data
    let heavy: Data

    /// The gzip budget of a file for the full national dex (docs/search-index.md): 40 KB and
    /// 100 KB for one language, 6 KB and 9 KB more for each further search language.
    static func budget(_ name: String, languages: Int) -> Int {
        let extra = max(0, languages - 1)
        return name == "search-data.js" ? 100_000 + 9_000 * extra : 40_000 + 6_000 * extra
    }

    /// Made from `index` as a page is, every read through it (a recording index records
    /// them, and the next build takes the files while none of them changed).
    init(index: CatalogIndex, marks: [String: [String]], strings: SiteStrings) {
        let catalog = index.catalog
        let pages = index.allPages
        let defaults = Set(index.defaults.map(\.slug))

        // Light rows.
        var rows: [ScriptJSON] = []
        for pokemon in pages {
            // What the pages lead with: the chosen image, the sprite, else the drawn emblem.
            let sprite = index.image(of: pokemon)
            var row: [String: ScriptJSON] = [
                "i": .int(pokemon.speciesID), "s": .string(pokemon.slug), "n": .string(LanguageMark.plain(pokemon.name)),
                "t": .array(pokemon.types.map(ScriptJSON.string)), "p": .string(CatalogIndex.page(of: pokemon.slug)),
                "g": .string(sprite.href), "d": .int(defaults.contains(pokemon.slug) ? 1 : 0),
            ]
            if let alternates = Self.alternates(pokemon.searchNames, display: pokemon.name) { row["a"] = .array(alternates) }
            switch sprite.isPlaceholder ? .box : sprite.shape {
            case .box: break
            case let .canvas(width, height): row["k"] = .int(1); row["w"] = .array([.int(width), .int(height)])
            case .art: row["k"] = .int(2)
            }
            rows.append(.object(row))
        }

        // Types some pokemon has, in id order, and the chart between them.
        let used = Set(pages.flatMap(\.types))
        let types = catalog.types.filter { $0.id < 10000 && used.contains($0.slug) }.sorted { $0.id < $1.id }
        let typeAt = Dictionary(types.enumerated().map { ($1.slug, $0) }, uniquingKeysWith: { first, _ in first })
        let chart = types.map { attacker in
            String(types.map { defender -> Character in
                if attacker.noDamageTo.contains(defender.slug) { return "0" }
                if attacker.halfDamageTo.contains(defender.slug) { return "h" }
                if attacker.doubleDamageTo.contains(defender.slug) { return "2" }
                return "1"
            })
        }

        // Which pokemon evolve further (a step that names its base form is that variety's; one
        // that names none is the species' default's), and which items each evolution takes.
        var evolvingDefaults = Set<String>()
        var evolvingVarieties = Set<String>()
        var evolutionItems: [String: Set<String>] = [:]
        for chain in catalog.evolutionChains.values {
            var stack = [chain.root]
            while let node = stack.popLast() {
                for child in node.evolvesTo {
                    if child.conditions.isEmpty { evolvingDefaults.insert(node.species) }
                    for condition in child.conditions {
                        if let base = condition.baseForm { evolvingVarieties.insert(base) } else { evolvingDefaults.insert(node.species) }
                    }
                }
                for child in node.evolvesTo {
                    stack.append(child)
                    for condition in child.conditions {
                        for item in [condition.item, condition.heldItem].compactMap({ $0 }) {
                            evolutionItems[condition.evolvedForm ?? "species:" + child.species, default: []].insert(item)
                        }
                    }
                }
            }
        }

        var abilities = Lookup(), moves = Lookup(), items = Lookup(), eggs = Lookup()
        // Rows as 32-bit numbers: at ten times the dex every pokemon's moves are a million of them.
        var learn: [Int: [UInt32]] = [:], held: [Int: [UInt32]] = [:]
        var base: [ScriptJSON] = [], generation: [ScriptJSON] = [], flags: [ScriptJSON] = []
        var eggColumn: [ScriptJSON] = [], abilityColumn: [ScriptJSON] = []
        for (row, pokemon) in pages.enumerated() {
            let species = index.species(of: pokemon)
            let stats = Dictionary(pokemon.stats.map { ($0.stat, $0.value) }, uniquingKeysWith: { first, _ in first })
            base += Self.statKeys.map { .int(stats[$0.0] ?? 0) }
            generation.append(.int(species?.generation ?? 0))
            var flag = 0
            if species?.isLegendary == true { flag |= Self.legendary }
            if species?.isMythical == true { flag |= Self.mythical }
            if species?.isBaby == true { flag |= Self.baby }
            let evolves = evolvingVarieties.contains(pokemon.slug) || (pokemon.isDefault && evolvingDefaults.contains(species?.slug ?? pokemon.slug))
            if !evolves { flag |= Self.fullyEvolved }
            if pokemon.form.isMega { flag |= Self.mega }
            let isDefault = defaults.contains(pokemon.slug)
            if !isDefault { flag |= Self.form }
            flags.append(.int(flag))
            eggColumn.append(.array((species?.eggGroups ?? []).map { group in
                .int(eggs.add(group) { [.string(group), .string(LanguageMark.plain(ReferencePages.label("egg-group", group, index)))] })
            }))
            abilityColumn.append(.array(pokemon.abilities.sorted { $0.slot < $1.slot }.map { slot in
                let at = abilities.add(slot.ability) {
                    let ability = catalog.abilities[slot.ability]
                    let name = LanguageMark.plain(ability?.name ?? slot.ability)
                    return [.string(slot.ability), .string(name)] + (Self.alternates(ability?.searchNames, display: name) ?? [])
                }
                return .int(slot.isHidden ? -at - 1 : at)
            }))
            // Which of its moves it learns in some game: a flag per move, not a set of
            // thousands of hashed entries per pokemon.
            let learnable = pokemon.learnset.moves
            var learned = [Bool](repeating: false, count: learnable.count)
            for entry in pokemon.learnset.packed where Int(entry >> 32) < learned.count { learned[Int(entry >> 32)] = true }
            for (position, slug) in learnable.enumerated() where learned[position] {
                let at = moves.add(slug) {
                    let move = catalog.moves[slug]
                    let name = LanguageMark.plain(move?.name ?? slug)
                    return [.string(slug), .string(name), .int(move?.type.flatMap { typeAt[$0] } ?? -1),
                            .int(move?.damageClass.flatMap { Self.damageClasses.firstIndex(of: $0) } ?? -1),
                            ScriptJSON(move?.power), ScriptJSON(move?.accuracy), ScriptJSON(move?.pp)]
                        + (Self.alternates(move?.searchNames, display: name) ?? [])
                }
                learn[at, default: []].append(UInt32(row))
            }
            var owned = pokemon.heldItems
            var evolved = isDefault ? evolutionItems["species:" + (species?.slug ?? "")] ?? [] : []
            evolved.formUnion(evolutionItems[pokemon.slug] ?? [])
            owned += evolved.sorted()
            for item in owned {
                let at = items.add(item) {
                    let name = LanguageMark.plain(catalog.items[item]?.name ?? item)
                    return [.string(item), .string(name)] + (Self.alternates(catalog.items[item]?.searchNames, display: name) ?? [])
                }
                held[at, default: []].append(UInt32(row))
            }
        }
        let generations = (catalog.labels["generation"] ?? [:]).compactMap { key, name in Int(key).map { ($0, name) } }
            .sorted { $0.0 < $1.0 }
            .map { ScriptJSON.array([.int($0.0), .string(LanguageMark.plain($0.1))]) }
        let data: [String: ScriptJSON] = [
            "v": .int(Self.dataVersion), "count": .int(rows.count), "languages": .array(Self.languages(of: catalog.language).map(ScriptJSON.string)),
            "stats": .array(Self.statKeys.map { slug, short in .array([.string(slug), .string(short), .string(LanguageMark.plain(catalog.stats[slug]?.name ?? slug))]) }),
            "base": .array(base), "gen": .array(generation), "flags": .array(flags),
            "egg": .array(eggColumn), "abil": .array(abilityColumn),
            "types": .array(types.map { type in
                let name = LanguageMark.plain(type.name)
                return .array([.string(type.slug), .string(name)] + (Self.alternates(type.searchNames, display: name) ?? []))
            }),
            "chart": .array(chart.map(ScriptJSON.string)),
            "abilities": .array(abilities.rows.map(ScriptJSON.array)), "moves": .array(moves.rows.map(ScriptJSON.array)),
            "items": .array(items.rows.map(ScriptJSON.array)), "eggGroups": .array(eggs.rows.map(ScriptJSON.array)),
            "generations": .array(generations),
            "learn": .array(moves.rows.indices.map { .string(Self.postings(learn[$0] ?? [])) }),
            "held": .array(items.rows.indices.map { .string(Self.postings(held[$0] ?? [])) }),
        ]
        let typeNames = ScriptJSON.object(Dictionary(types.map { ($0.slug, ScriptJSON.string(LanguageMark.plain($0.name))) }, uniquingKeysWith: { first, _ in first }))
        let words = strings.table.filter { key, _ in key == "captured" || Self.stringPrefixes.contains { key.hasPrefix($0) } }
            .mapValues(LanguageMark.plain)
        light = Self.script([
            ("POKEDEX_TYPES", typeNames),
            // The games' own order (PokeAPI's ids), for lists of type buttons: the object above is keyed.
            ("POKEDEX_TYPE_ORDER", .array(types.map { .string($0.slug) })),
            ("POKEDEX_MARKS", .object(marks.mapValues { .array($0.map(ScriptJSON.string)) })),
            ("POKEDEX_INDEX", .array(rows)),
            ("POKEDEX_INDEX_VERSION", .int(Self.indexVersion)),
            ("POKEDEX_STRINGS", .object(words.mapValues(ScriptJSON.string))),
        ])
        heavy = Self.script([("POKEDEX_DATA", .object(data))])
    }

    /// The names in the search's other languages that fold differently from the display
    /// name and from each other (docs/search-index.md, "alternates"); nil when none.
    static func alternates(_ names: [String]?, display: String) -> [ScriptJSON]? {
        guard let names, !names.isEmpty else { return nil }
        var seen: Set<String> = [fold(LanguageMark.plain(display))]
        var kept: [ScriptJSON] = []
        for name in names.map(LanguageMark.plain) where seen.insert(fold(name)).inserted {
            kept.append(.string(name))
        }
        return kept.isEmpty ? nil : kept
    }

    /// search.js's `fold`: width folded (NFKC), lower case, ♀/♂ as f/m, hiragana as
    /// katakana, Latin accents gone, only letters, digits and marks kept.
    static func fold(_ text: String) -> String {
        let lowered = text.precomposedStringWithCompatibilityMapping.lowercased()
            .replacingOccurrences(of: "♀", with: " f").replacingOccurrences(of: "♂", with: " m")
        let katakana = String(String.UnicodeScalarView(lowered.unicodeScalars.map { scalar in
            (0x3041...0x3096).contains(scalar.value) || (0x309D...0x309E).contains(scalar.value) ? Unicode.Scalar(scalar.value + 0x60) ?? scalar : scalar
        }))
        let stripped = String(String.UnicodeScalarView(katakana.decomposedStringWithCanonicalMapping.unicodeScalars.filter { !(0x300...0x36F).contains($0.value) }))
        return String(String.UnicodeScalarView(stripped.precomposedStringWithCanonicalMapping.unicodeScalars.filter { scalar in
            let properties = scalar.properties
            return properties.isAlphabetic || properties.numericType != nil || properties.generalCategory == .nonspacingMark
                || properties.generalCategory == .spacingMark || properties.generalCategory == .enclosingMark
        }))
    }

    /// The search languages, the site's first (tags, as `<html lang>` has them).
    static func languages(of language: String) -> [String] {
        guard let site = SiteLanguage(language) else { return [language] }
        return [site.tag] + site.searchCodes.compactMap { SiteLanguage($0)?.tag } + (site.isEnglish ? [] : ["en"])
    }

    /// Ascending rows as gaps in base 32, most significant digit first: every digit but
    /// the last from `continuing`, the last from `final` (docs/search-index.md).
    static func postings(_ rows: [UInt32]) -> String {
        let final = Array("0123456789abcdefghijklmnopqrstuv"), continuing = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZwxyz+/")
        var text = ""
        var previous = -1
        for row in Set(rows).sorted().lazy.map(Int.init) {
            var gap = row - previous
            previous = row
            var digits: [Int] = []
            repeat {
                digits.append(gap & 31)
                gap >>= 5
            } while gap > 0
            digits.reverse()
            for digit in digits.dropLast() { text.append(continuing[digit]) }
            text.append(final[digits[digits.count - 1]])
        }
        return text
    }

    static func script(_ assignments: [(String, ScriptJSON)]) -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1 << 16)
        for (name, value) in assignments {
            bytes.append(contentsOf: "window.\(name)=".utf8)
            value.write(to: &bytes)
            bytes.append(contentsOf: ";\n".utf8)
        }
        return Data(bytes)
    }

    /// A lookup table: slug -> row number, rows in first-seen order.
    struct Lookup {
        var rows: [[ScriptJSON]] = []
        var at: [String: Int] = [:]

        mutating func add(_ slug: String, _ row: () -> [ScriptJSON]) -> Int {
            if let found = at[slug] { return found }
            at[slug] = rows.count
            rows.append(row())
            return rows.count - 1
        }
    }
}

/// JSON as Python's `json.dumps(value, ensure_ascii=False, separators=(",", ":"),
/// sort_keys=True)` writes it, so the build and the reference script agree byte for byte.
enum ScriptJSON: Sendable {
    case null
    case int(Int)
    case string(String)
    case array([ScriptJSON])
    case object([String: ScriptJSON])

    init(_ number: Int?) {
        self = number.map(ScriptJSON.int) ?? .null
    }

    /// Appends the value's JSON. Only a string holds `<` or `/`, so a `</` (which would
    /// end the script in some page that inlines it) is written `<\/` where a string has it.
    func write(to bytes: inout [UInt8]) {
        switch self {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .int(let number): bytes.append(contentsOf: String(number).utf8)
        case .string(let string): Self.quote(string, into: &bytes)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (offset, item) in items.enumerated() {
                if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                item.write(to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            // Python sorts keys by code point.
            let keys = members.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
            for (offset, key) in keys.enumerated() {
                if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.quote(key, into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                members[key]?.write(to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// `string` quoted as `json.dumps(ensure_ascii=False)` quotes it (UTF-8 kept as it is,
    /// control characters escaped), with `</` written `<\/`.
    static func quote(_ string: String, into bytes: inout [UInt8]) {
        let backslash = UInt8(ascii: "\\")
        bytes.append(UInt8(ascii: "\""))
        var last: UInt8 = 0
        for byte in string.utf8 {
            defer { last = byte }
            let escaped: UInt8
            switch byte {
            case UInt8(ascii: "\""), backslash: escaped = byte
            case UInt8(ascii: "\n"): escaped = UInt8(ascii: "n")
            case UInt8(ascii: "\r"): escaped = UInt8(ascii: "r")
            case UInt8(ascii: "\t"): escaped = UInt8(ascii: "t")
            case 0x08: escaped = UInt8(ascii: "b")
            case 0x0C: escaped = UInt8(ascii: "f")
            case ..<0x20:
                bytes.append(contentsOf: "\\u00".utf8)
                for digit in [byte >> 4, byte & 15] { bytes.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10) }
                continue
            case UInt8(ascii: "/") where last == UInt8(ascii: "<"): escaped = byte
            default:
                bytes.append(byte)
                continue
            }
            bytes.append(backslash)
            bytes.append(escaped)
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

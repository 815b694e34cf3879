import Pokedex
import TemplateEngine

/// A pokemon's learned moves in one version group, as the tables a page shows: one per
/// method (level up, machine, egg, tutor, others), each row linking to the move's page.
enum Learnsets {
    /// The methods in the order tables appear; any other method follows, by name.
    static let methodOrder = ["level-up", "machine", "egg", "tutor"]

    /// The version groups a pokemon learns moves in, newest first (the catalog's order),
    /// from its ``Learnset/entriesByGroup()`` or ``Learnset/methodsByGroup()``.
    static func groups<Learned>(in byGroup: [String: Learned], index: CatalogIndex) -> [VersionGroupInfo] {
        index.catalog.versionGroups.filter { byGroup[$0.slug] != nil }
    }

    /// The group a detail page shows first: the newest one with moves by level, machine,
    /// egg or tutor (a group listing only special methods makes a poor table).
    static func newestGroup(in methods: [String: Set<String>], index: CatalogIndex) -> VersionGroupInfo? {
        let groups = groups(in: methods, index: index)
        return groups.first { group in methods[group.slug, default: []].contains { methodOrder.contains($0) } } ?? groups.first
    }

    /// What a table row shows of a move, made once a site (``MoveFactsCache``): the every-game
    /// page meets the same move in every game, and each lookup copied the whole move and drew
    /// its type's badge again.
    struct MoveFacts: Sendable {
        /// The row with an empty first column (egg, tutor and other methods' rows, as they
        /// are): name, page and type, and the numbers unless compact.
        let fields: TemplateDictionary
        /// What level-up rows sort by after the level: the move's name, else its slug.
        let sortName: String
        /// Its machine in each group it is a machine in, with the row that shows it.
        let machines: [String: Machine]
    }

    /// A machine as a table shows it and sorts it (``machineOrder(_:)``) and, in compact
    /// tables, the move's row with it in the first column: made once a move and game, as
    /// every every-game page lists it the same way. (The detail page shows one game: its
    /// rows for every other, kept for nothing, were 0.8 MB of a build's peak memory.)
    struct Machine: Sendable {
        let label: String
        let order: (String, Int, String)
        let row: TemplateValue?

        init(label: String, fields: TemplateDictionary?) {
            self.label = label
            order = Learnsets.machineOrder(label)
            row = fields.map { Learnsets.row($0, first: label) }
        }

        /// The order of a move with no machine in a group: last.
        static let unlisted = Learnsets.machineOrder("~")
    }

    /// The facts of every move a build's pages show, made once for all of them: each page met
    /// the same few hundred moves, and making their facts again was a twentieth of a build.
    /// Kept with what making each one read, which a page that takes them reads too.
    final class MoveFactsCache: Sendable {
        /// The words the facts are in.
        let strings: SiteStrings

        init(strings: SiteStrings) {
            self.strings = strings
        }

        private struct Key: Hashable {
            let slug: String
            let compact: Bool
        }

        private let known = SharedReads<Key, MoveFacts>()

        /// The facts of `slug`, what making them read recorded in `log`; `make` makes them, recording into the log it is given.
        func facts(_ slug: String, compact: Bool, log: ReadLog?, make: (ReadLog) -> MoveFacts) -> MoveFacts {
            known.value(Key(slug: slug, compact: compact), log: log, make: make)
        }

        /// The facts of `slug` when they are made already, their reads recorded in `log`.
        func made(_ slug: String, compact: Bool, log: ReadLog?) -> MoveFacts? {
            known.known(Key(slug: slug, compact: compact), log: log)
        }
    }

    /// The facts of a page's moves as its tables look them up, all for one kind of table and
    /// one learnset's entries.
    struct MoveFactsMemo {
        /// Whether the tables are compact (the every-game page): the facts' fields depend on it.
        let compact: Bool
        /// Each move's place in ``facts`` and ``levelRows`` plus one (0 for none), at its
        /// entries' ``Learnset/Entry/movePlace``: a page's thousands of rows hashed no slug.
        var known: [Int32] = []
        var facts: [MoveFacts] = []
        /// Each move's level-up rows made so far on the page, by level: the every-game page
        /// meets the same move at the same level in game after game.
        var levelRows: [[(level: Int, row: TemplateValue)]] = []

        init(compact: Bool) {
            self.compact = compact
        }

        /// The row of the move at `place` learned at `level`, made once a page.
        mutating func levelRow(_ place: Int, level: Int, strings: SiteStrings) -> TemplateValue {
            if let made = levelRows[place].first(where: { $0.level == level }) { return made.row }
            let row = Learnsets.row(facts[place].fields, first: level > 0 ? String(level) : strings["moves_evolve"])
            levelRows[place].append((level, row))
            return row
        }
    }

    /// The facts of a move as a page's tables show them: from the page's memo, else from the
    /// build's (``MoveFactsCache``) with what making them read recorded as this page's reads,
    /// else made now.
    /// Returns the facts' place in the memo.
    static func facts(_ entry: Learnset.Entry, index: CatalogIndex, strings: SiteStrings, memo: inout MoveFactsMemo) -> Int {
        let at = entry.movePlace
        if at < memo.known.count, memo.known[at] > 0 { return Int(memo.known[at]) - 1 }
        let slug = entry.move, compact = memo.compact
        let facts: MoveFacts
        if let shared = index.moveFacts, let made = shared.made(slug, compact: compact, log: index.log) {
            // Asked without the closure below, which copied the index whole.
            facts = made
        } else if let shared = index.moveFacts {
            // In the cache's own words: the site's, whoever asks.
            facts = shared.facts(slug, compact: compact, log: index.log) { log in
                make(slug, index: index.recording(into: log), strings: shared.strings, compact: compact)
            }
        } else {
            facts = make(slug, index: index, strings: strings, compact: compact)
        }
        if at >= memo.known.count { memo.known += repeatElement(0, count: at + 1 - memo.known.count) }
        memo.known[at] = Int32(memo.facts.count + 1)
        memo.facts.append(facts)
        memo.levelRows.append([])
        return memo.facts.count - 1
    }

    static func make(_ slug: String, index: CatalogIndex, strings: SiteStrings, compact: Bool) -> MoveFacts {
        let dash = "—"
        let move = index.catalog.moves[slug]
        var fields: TemplateDictionary = [
            "name": .string(move?.name ?? EvolutionPhrasing.words(slug)),
            "page": move != nil ? .string(MovePage.path(slug)) : .null,
            "type": move?.type.map { index.badge($0).templateValue } ?? .null,
        ]
        if !compact {
            fields["damageClass"] = .string(move?.damageClass.map { strings["moves_class_\($0)"] } ?? dash)
            fields["classSlug"] = .string(move?.damageClass ?? "")
            fields["power"] = .string(move?.power.map(String.init) ?? dash)
            fields["accuracy"] = .string(move?.accuracy.map { "\($0)%" } ?? dash)
            fields["pp"] = .string(move?.pp.map(String.init) ?? dash)
        }
        // A row with a first column sets it: with the key there already, the row's copy of
        // the fields is updated in place instead of grown (a full row's eighth key to nine
        // made the copy build a slot table).
        fields["first"] = .null
        // The first machine listed for a group, as a row shows it. One machine a label: the
        // same TM in several games is one row, which the renderer replays once it rendered.
        var machines: [String: Machine] = [:]
        var byLabel: [String: Machine] = [:]
        for machine in move?.machines ?? [] where machines[machine.versionGroup] == nil {
            let label = machine.label
            let made = byLabel[label] ?? Machine(label: label, fields: compact ? fields : nil)
            byLabel[label] = made
            machines[machine.versionGroup] = made
        }
        return MoveFacts(fields: fields, sortName: move?.name ?? slug, machines: machines)
    }

    /// The tables of one group; links are relative to the site root. A compact table (the
    /// every-game page: thousands of rows) keeps level or machine, move and type; a move's
    /// numbers are on its own page and in the detail page's table.
    /// `entries` are the pokemon's in `group` (``Learnset/entries(in:)``); `memo` holds the
    /// moves' facts across a page's tables, and says whether they are compact.
    static func tables(_ entries: [Learnset.Entry], group: VersionGroupInfo, index: CatalogIndex, strings: SiteStrings,
                       memo: inout MoveFactsMemo) -> TemplateValue {
        // A handful of methods among a hundred entries: found by comparing, not hashing each entry's.
        var methods: [String] = []
        for entry in entries where !methods.contains(entry.method) { methods.append(entry.method) }
        let ordered = methodOrder.filter(methods.contains) + methods.filter { !methodOrder.contains($0) }.sorted()
        let dash = "—"
        return .array(ordered.map { method -> TemplateValue in
            var rows = entries.filter { $0.method == method }.map { ($0, facts($0, index: index, strings: strings, memo: &memo)) }
            let levels = method == "level-up"
            if levels {
                rows.sort { ($0.0.level, memo.facts[$0.1].sortName) < ($1.0.level, memo.facts[$1.1].sortName) }
            }
            let machineNumbers = method == "machine"
            // Rows are shared, not copied: a machine's from the move's facts (compact tables), a
            // level's from the page's memo, any other method's (no first column) the facts' own fields.
            var rendered: [(sort: (String, Int, String), value: TemplateValue)] = []
            rendered.reserveCapacity(rows.count)
            for (entry, place) in rows {
                if levels {
                    rendered.append((("", 0, ""), memo.levelRow(place, level: entry.level, strings: strings)))
                } else if machineNumbers {
                    let machine = memo.facts[place].machines[group.slug]
                    if let machine, let row = machine.row {
                        rendered.append((machine.order, row))
                    } else {
                        rendered.append((machine?.order ?? Machine.unlisted, row(memo.facts[place].fields, first: machine?.label ?? dash)))
                    }
                } else {
                    rendered.append((("", 0, ""), .dictionary(memo.facts[place].fields)))
                }
            }
            if machineNumbers { rendered.sort { $0.sort < $1.sort } }
            let title = strings.table["moves_method_\(method)"] ?? index.catalog.labels["move-learn-method"]?[method] ?? EvolutionPhrasing.words(method)
            return .dictionary([
                "title": .string(title),
                "first": .string(method == "level-up" ? strings["moves_level"] : machineNumbers ? strings["moves_machine"] : ""),
                "hasFirst": .bool(method == "level-up" || machineNumbers),
                "moves": .array(rendered.map(\.value)),
            ])
        })
    }

    /// A move's row with `first` in its first column: a copy of its fields, which hold the key
    /// already (``make(_:index:strings:compact:)``).
    static func row(_ fields: TemplateDictionary, first: String) -> TemplateValue {
        var fields = fields
        fields["first"] = .string(first)
        return .dictionary(fields)
    }

    /// "TM02" before "TM10" before "HM01" before "TR03": the kind's letters, then the number.
    static func machineOrder(_ label: String) -> (String, Int, String) {
        let letters = String(label.prefix { !$0.isNumber })
        let digits = label.dropFirst(letters.count).prefix { $0.isNumber }
        return (letters, Int(digits) ?? Int.max, label)
    }
}

/// A pokemon's learned moves in every game it has moves in, on a page of their own: each
/// group a section (`#vg-<group>`), the detail page's switcher linking to them.
struct PokemonMovesPage {
    static func path(_ slug: String) -> String { "pokemon-moves/\(CatalogIndex.fileName(slug)).html" }

    static func value(_ pokemon: Pokemon, index: CatalogIndex, strings: SiteStrings) -> TemplateValue {
        let byGroup = pokemon.learnset.entriesByGroup()
        let groups = Learnsets.groups(in: byGroup, index: index)
        var memo = Learnsets.MoveFactsMemo(compact: true)
        return .dictionary([
            "name": .string(pokemon.name),
            "page": .string(CatalogIndex.page(of: pokemon.slug)),
            "groups": .array(groups.map { group in
                .dictionary([
                    "slug": .string(CatalogIndex.fileName(group.slug)),
                    "name": .string(group.name),
                    "generation": group.generation.flatMap { index.catalog.labels["generation"]?[String($0)] }.map(TemplateValue.string) ?? .null,
                    "tables": Learnsets.tables(byGroup[group.slug, default: []], group: group, index: index, strings: strings, memo: &memo),
                ])
            }),
        ])
    }
}

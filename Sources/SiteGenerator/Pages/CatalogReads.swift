import Common
import Foundation
import Pokedex
import Synchronization

/// What one page read from the catalog, by name: `p:pikachu` (a pokemon), `f:pikachu` (what
/// its card shows, ``PokemonFace``), `m:thunderbolt` (a move), `p:*` (every pokemon: a list),
/// `labels` (a whole small table)...
///
/// A page is a function of its reads and of the site's settings. A build keeps each page's
/// reads (``PageInputs``), and the next build reuses the page without building its view
/// model when none of them changed (``ReadPrints``). The reads are complete by construction:
/// pages reach the catalog only through ``CatalogView``, ``ReverseView`` and the index's
/// faces (``RecordedFaces``, ``CatalogIndex/defaultFaces``), which record every lookup; a
/// value derived from many (the page order, who learns a move) is recorded as its own name
/// and fingerprinted as it is. What a build makes once for every page (a move's facts,
/// ``Learnsets/MoveFactsCache``; a pokemon's row, ``CatalogIndex/pokemonRows``) keeps the reads
/// that made it (``SharedReads``), and each page that takes it records them as its own.
///
/// One log per page, filled by one task: not shared across threads.
final class ReadLog: @unchecked Sendable {
    private(set) var keys: Set<String> = []

    func read(_ key: String) { keys.insert(key) }
}

/// Values a site's pages share, each made once, by whichever page first needs it, and kept
/// with the names making it read: a page that takes one records those names as its own
/// reads, so what it shows is still a function of what it recorded.
final class SharedReads<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let known = Mutex<[Key: (value: Value, reads: [String])]>([:])

    init() {}

    /// The value of `key` when it is made already, its reads recorded in `log`.
    ///
    /// A caller asks this before ``value(_:log:make:)`` where `make` would capture a large
    /// value: a closure capturing it made the caller copy it whole on every call, made or not.
    func known(_ key: Key, log: ReadLog?) -> Value? {
        guard let found = known.withLock({ $0[key] }) else { return nil }
        if let log { found.reads.forEach(log.read) }
        return found.value
    }

    /// The value of `key`, its reads recorded in `log`; `make` makes it, recording into the log it is given.
    func value(_ key: Key, log: ReadLog?, make: (ReadLog) -> Value) -> Value {
        let shared: (value: Value, reads: [String])
        if let found = known.withLock({ $0[key] }) {
            shared = found
        } else {
            let made = ReadLog()
            let entry = (value: make(made), reads: made.keys.sorted())
            // Another page may have made it meanwhile: the same value, from the same catalog.
            shared = known.withLock { known in
                if let found = known[key] { return found }
                known[key] = entry
                return entry
            }
        }
        if let log { shared.reads.forEach(log.read) }
        return shared.value
    }
}

/// A dictionary of the catalog whose lookups are recorded: `kind:key` for one entry,
/// `kind:*` for anything that depends on them all (iterating, counting, listing keys).
struct Recorded<Key: Hashable & Sendable & CustomStringConvertible, Value: Sendable>: Sendable, Sequence {
    let base: [Key: Value]
    let kind: String
    let log: ReadLog?

    subscript(key: Key) -> Value? {
        log?.read(kind + ":" + key.description)
        return base[key]
    }

    /// Everything: the page depends on every entry.
    var all: [Key: Value] {
        log?.read(kind + ":*")
        return base
    }

    var values: Dictionary<Key, Value>.Values { all.values }
    var keys: Dictionary<Key, Value>.Keys { all.keys }
    var count: Int { all.count }
    var isEmpty: Bool { all.isEmpty }
    func makeIterator() -> Dictionary<Key, Value>.Iterator { all.makeIterator() }
}

/// The catalog as pages see it: every read recorded in the page's log (none when `log` is nil).
struct CatalogView: Sendable {
    /// Not for pages: what is read here is not recorded.
    let base: Catalog
    let log: ReadLog?
    private let bareSpecies: [Species]

    /// `species`: the catalog's species without their texts (``Species/bare``), as pages read them.
    init(_ base: Catalog, species: [Species], log: ReadLog? = nil) {
        self.base = base
        bareSpecies = species
        self.log = log
    }

    private func whole<T>(_ name: String, _ value: T) -> T {
        log?.read(name)
        return value
    }

    /// The language the catalog is in: one per site, in every page's settings.
    var language: String { base.language }
    /// Every species without its texts, in the catalog's order (`s:*`).
    var species: [Species] { whole("s:*", bareSpecies) }
    var pokemon: Recorded<String, Pokemon> { Recorded(base: base.pokemon, kind: "p", log: log) }
    var evolutionChains: Recorded<Int, EvolutionChain> { Recorded(base: base.evolutionChains, kind: "c", log: log) }
    var moves: Recorded<String, Move> { Recorded(base: base.moves, kind: "m", log: log) }
    var abilities: Recorded<String, Ability> { Recorded(base: base.abilities, kind: "a", log: log) }
    var items: Recorded<String, Item> { Recorded(base: base.items, kind: "i", log: log) }
    var chainOnlySpecies: Recorded<String, SpeciesSummary> { Recorded(base: base.chainOnlySpecies, kind: "o", log: log) }
    var types: [PokemonType] { whole("types", base.types) }
    var stats: [String: Stat] { whole("stats", base.stats) }
    var growthRates: [String: [Int]] { whole("growthRates", base.growthRates) }
    var locationNames: [String: String] { whole("locationNames", base.locationNames) }
    var regionNames: [String: String] { whole("regionNames", base.regionNames) }
    var versionGroups: [VersionGroupInfo] { whole("versionGroups", base.versionGroups) }
    var versionNames: [String: String] { whole("versionNames", base.versionNames) }
    var labels: [String: [String: String]] { whole("labels", base.labels) }
    var areaLocations: [String: String] { whole("areaLocations", base.areaLocations) }
    var locationRegions: [String: String] { whole("locationRegions", base.locationRegions) }
}

/// The reverse index as pages see it: each entry recorded as its own name (`rl:thunderbolt`,
/// who learns Thunderbolt), fingerprinted as it is, or as the last build's index was when
/// made of the same inputs (``ReverseTable``).
struct ReverseView: Sendable {
    let table: ReverseTable
    let log: ReadLog?

    var learners: Recorded<String, LearnerList> { Recorded(base: table.index.learners, kind: "rl", log: log) }
    var abilityHolders: Recorded<String, [ReverseIndex.Holder]> { Recorded(base: table.index.abilityHolders, kind: "rh", log: log) }
    var wildHolders: Recorded<String, [ReverseIndex.WildHolder]> { Recorded(base: table.index.wildHolders, kind: "rw", log: log) }
    var itemEvolutions: Recorded<String, [ReverseIndex.Evolution]> { Recorded(base: table.index.itemEvolutions, kind: "re", log: log) }
    var eggGroupMembers: Recorded<String, [String]> { Recorded(base: table.index.eggGroupMembers, kind: "rg", log: log) }
    var typeMembers: Recorded<String, [String]> { Recorded(base: table.index.typeMembers, kind: "rt", log: log) }
    var movesWithPages: [String] {
        log?.read("rp:moves")
        return table.movesWithPages
    }
    var abilitiesWithPages: [String] {
        log?.read("rp:abilities")
        return table.abilitiesWithPages
    }
    var itemsWithPages: [String] {
        log?.read("rp:items")
        return table.itemsWithPages
    }
    /// The egg groups that get pages, sorted: read as every group's members, as their keys were.
    var eggGroups: [String] {
        log?.read("rg:*")
        return table.eggGroups
    }
}

/// The fingerprint of everything a page may read, by the names ``ReadLog`` records, for one
/// language's catalog: each entity encoded (``BinaryCoder``) and hashed; `kind:*` over the
/// whole collection in key order; a name no longer there has the fingerprint of absence.
struct ReadPrints: Sendable {
    private(set) var prints: [String: UInt64] = [:]
    /// The reverse index's part of them (`rl:`, `rh:`, ... `rp:`), what the next build keeps
    /// (``ReverseTable/Summary``); nil when an entry did not encode (nothing is kept).
    private(set) var reverse: [String: UInt64]? = [:]

    /// None: every name reads as absent.
    init() {}

    /// Every pokemon's fingerprint (`p:<slug>`), its face's (`f:<slug>`) and its stats and
    /// abilities (`b:<slug>`), in four parts:
    /// each one's learnset is most of what a build hashes. It needs nothing but the catalog, so a build starts it as soon
    /// as the catalog is made, beside the sprites' lookup.
    static func pokemonPrints(_ catalog: Catalog) async -> [String: UInt64] {
        let slugs = catalog.pokemon.keys.sorted()
        let quarter = max(1, (slugs.count + 3) / 4)
        return await withTaskGroup(of: [String: UInt64].self) { group in
            for start in stride(from: 0, to: slugs.count, by: quarter) {
                let part = slugs[start..<min(slugs.count, start + quarter)]
                group.addTask {
                    var prints: [String: UInt64] = [:]
                    prints.reserveCapacity(part.count * 3)
                    for slug in part {
                        let pokemon = catalog.pokemon[slug]
                        prints["p:" + slug] = Self.print(pokemon)
                        prints["f:" + slug] = Self.print(pokemon.map(PokemonFace.init))
                        prints["b:" + slug] = Self.print(pokemon.map(BattleFacts.init))
                    }
                    return prints
                }
            }
            var all: [String: UInt64] = [:]
            for await part in group { all.merge(part) { first, _ in first } }
            return all
        }
    }

    /// Every name's fingerprint, in parallel; `pokemon`: the pokemon's, when already made
    /// (``pokemonPrints(_:)`` of this very catalog).
    init(index: CatalogIndex, pokemon: [String: UInt64]? = nil) async {
        let catalog = index.catalog.base
        let table = index.reverseTable
        let order = index.defaultsOrder
        var jobs: [@Sendable () async -> [String: UInt64]] = []
        // The reverse index's, apart: taken from the last build when its inputs are the same.
        var reverseJobs: [@Sendable () async -> (prints: [String: UInt64], exact: Bool)] = []
        let slugs = catalog.pokemon.keys.sorted()
        if let pokemon {
            jobs.append { pokemon }
        } else {
            jobs.append { await Self.pokemonPrints(catalog) }
        }
        jobs.append {
            var prints: [String: UInt64] = [:]
            Self.add("c", catalog.evolutionChains, to: &prints)
            Self.add("m", catalog.moves, to: &prints)
            Self.add("a", catalog.abilities, to: &prints)
            Self.add("i", catalog.items, to: &prints)
            Self.add("o", catalog.chainOnlySpecies, to: &prints)
            return prints
        }
        jobs.append {
            var prints: [String: UInt64] = [:]
            // Each species hashed once, found by slug and by number; all of them in the catalog's order.
            var all = Fingerprint(), byID = Fingerprint()
            all.add(catalog.species.count)
            var seenSlugs = Set<String>(), seenIDs = Set<Int>()
            var slugs: [(String, UInt64)] = [], ids: [(Int, UInt64)] = []
            for species in catalog.species {
                // What every page reads of it; with its texts (`st#:`), what its own pages read.
                let print = Self.print(species.bare)
                all.add(Int(bitPattern: UInt(print)))
                if seenSlugs.insert(species.slug).inserted { slugs.append((species.slug, print)) }
                if seenIDs.insert(species.id).inserted {
                    ids.append((species.id, print))
                    prints["st#:" + String(species.id)] = Self.print(species)
                }
            }
            for (slug, print) in slugs { prints["s:" + slug] = print }
            for (id, print) in ids.sorted(by: { $0.0 < $1.0 }) {
                prints["s#:" + String(id)] = print
                byID.add("s#:" + String(id))
                byID.add(Int(bitPattern: UInt(print)))
            }
            prints["s:*"] = all.value
            prints["s#:*"] = byID.value
            Self.add("t", Dictionary(catalog.types.map { ($0.slug, $0) }, uniquingKeysWith: { first, _ in first }), to: &prints)
            prints["types"] = Self.print(catalog.types)
            prints["stats"] = Self.print(catalog.stats)
            prints["growthRates"] = Self.print(catalog.growthRates)
            prints["locationNames"] = Self.print(catalog.locationNames)
            prints["regionNames"] = Self.print(catalog.regionNames)
            prints["versionGroups"] = Self.print(catalog.versionGroups)
            prints["versionNames"] = Self.print(catalog.versionNames)
            prints["labels"] = Self.print(catalog.labels)
            prints["areaLocations"] = Self.print(catalog.areaLocations)
            prints["locationRegions"] = Self.print(catalog.locationRegions)
            prints["order"] = Self.print(order)
            return prints
        }
        if let taken = table.taken {
            reverseJobs.append { (taken.prints, true) }
        } else {
            let reverse = table.index
            // Who learns each move: the biggest of the reverse tables, on its own.
            reverseJobs.append {
                var prints: [String: UInt64] = [:], exact = true
                Self.add("rl", reverse.learners, to: &prints, exact: &exact)
                return (prints, exact)
            }
            reverseJobs.append {
                var prints: [String: UInt64] = [:], exact = true
                Self.add("rh", reverse.abilityHolders, to: &prints, exact: &exact)
                Self.add("rw", reverse.wildHolders, to: &prints, exact: &exact)
                Self.add("re", reverse.itemEvolutions, to: &prints, exact: &exact)
                Self.add("rg", reverse.eggGroupMembers, to: &prints, exact: &exact)
                Self.add("rt", reverse.typeMembers, to: &prints, exact: &exact)
                prints["rp:moves"] = Self.print(reverse.movesWithPages, exact: &exact)
                prints["rp:abilities"] = Self.print(reverse.abilitiesWithPages, exact: &exact)
                prints["rp:items"] = Self.print(reverse.itemsWithPages, exact: &exact)
                return (prints, exact)
            }
        }
        (prints, reverse) = await withTaskGroup(of: (reverse: Bool, prints: [String: UInt64], exact: Bool).self) { group in
            for job in jobs { group.addTask { (false, await job(), true) } }
            for job in reverseJobs { group.addTask { let (prints, exact) = await job(); return (true, prints, exact) } }
            var all: [String: UInt64] = [:], reverse: [String: UInt64]? = [:]
            for await part in group {
                all.merge(part.prints) { first, _ in first }
                // A print that stands for a value that did not encode changes every build: a
                // summary holding it would keep it, so none is kept.
                if part.reverse { reverse = part.exact ? reverse?.merging(part.prints) { first, _ in first } : nil }
            }
            return (all, reverse)
        }
        // Every pokemon, and every face, in slug order.
        var all = Fingerprint(), faces = Fingerprint()
        for slug in slugs {
            all.add("p:" + slug)
            all.add(Int(bitPattern: UInt(prints["p:" + slug] ?? 0)))
            faces.add("f:" + slug)
            faces.add(Int(bitPattern: UInt(prints["f:" + slug] ?? 0)))
        }
        prints["p:*"] = all.value
        prints["f:*"] = faces.value
    }

    /// The fingerprint of a name a page read: 0 for one the catalog no longer has.
    subscript(key: String) -> UInt64 { prints[key] ?? 0 }

    private static func add<Key: Hashable & Comparable & CustomStringConvertible, Value: Encodable>(
        _ kind: String, _ entries: [Key: Value], to prints: inout [String: UInt64]
    ) {
        var exact = true
        add(kind, entries, to: &prints, exact: &exact)
    }

    /// ``add(_:_:to:)``, `exact` set false when an entry did not encode.
    private static func add<Key: Hashable & Comparable & CustomStringConvertible, Value: Encodable>(
        _ kind: String, _ entries: [Key: Value], to prints: inout [String: UInt64], exact: inout Bool
    ) {
        var all = Fingerprint()
        for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
            let print = Self.print(value, exact: &exact)
            prints[kind + ":" + key.description] = print
            all.add(kind + ":" + key.description)
            all.add(Int(bitPattern: UInt(print)))
        }
        prints[kind + ":*"] = all.value
    }

    private static func print(_ value: some Encodable) -> UInt64 {
        var exact = true
        return print(value, exact: &exact)
    }

    /// ``print(_:)``, `exact` set false when `value` did not encode (its print then random).
    private static func print(_ value: some Encodable, exact: inout Bool) -> UInt64 {
        var hash = Fingerprint()
        // Never 0, the fingerprint of absence; an entity that does not encode changes every
        // time (dictionaries encode in key order, so equal values give equal bytes). In the
        // kept form: what holds compressed bytes (a learnset, encounters, a species' texts)
        // is hashed as those bytes, not inflated first; they read back, so values that
        // differ have kept bytes that differ. Hashed in place, eight bytes a step.
        let hashed: Void? = try? BinaryCoder.encoded(value, format: "read", kept: true) { bytes in hash.addWords(bytes) }
        if hashed == nil {
            hash.add(UUID().uuidString)
            exact = false
        }
        return hash.value == 0 ? 1 : hash.value
    }
}

import Foundation
import Common
import Pokedex

/// The catalog read backwards: which pokemon learn each move, have each ability, hold or
/// evolve with each item, belong to each egg group, have each type. Made at most once per
/// build, and not at all when the last build's stands for it (``ReverseTable``).
struct ReverseIndex: Sendable {
    /// How one pokemon learns a move: in the newest version group it learns it in by level,
    /// machine, egg or tutor, else the newest it learns it in at all.
    struct Learner: Sendable, Hashable, Codable {
        var pokemon: String
        var method: String
        /// Level for level-up, else 0.
        var level: Int
        var versionGroup: String
    }

    /// A pokemon that has an ability, and whether as its hidden one.
    struct Holder: Sendable, Hashable, Codable {
        var pokemon: String
        var hidden: Bool
    }

    /// A step of a chain an item triggers or must be held for.
    struct Evolution: Sendable, Hashable, Codable {
        var from: String
        var to: String
        var chain: Int
    }

    /// A pokemon that may hold an item in the wild, with its rarity in each game (none when
    /// only its `held_items` names the item). The item's page reads this, not the pokemon:
    /// an edit to a holder's stats leaves the page as it was.
    struct WildHolder: Sendable, Hashable, Codable {
        var pokemon: String
        var rarities: [HeldItemRarity]
    }

    var learners: [String: LearnerList] = [:]
    var abilityHolders: [String: [Holder]] = [:]
    /// Item -> the pokemon that may hold it in the wild, in page order.
    var wildHolders: [String: [WildHolder]] = [:]
    var itemEvolutions: [String: [Evolution]] = [:]
    /// Egg group -> species slugs, in dex order.
    var eggGroupMembers: [String: [String]] = [:]
    /// Type -> every pokemon (alternate varieties too) of that type, in page order.
    var typeMembers: [String: [String]] = [:]
    /// Moves, abilities and items some built pokemon uses: each gets a page.
    var movesWithPages: [String] = []
    var abilitiesWithPages: [String] = []
    var itemsWithPages: [String] = []

    /// Everything the index is made of, and nothing else: what it reads of the catalog,
    /// copied out (a learnset shares its bytes) so that its fingerprint (``key``) says
    /// whether the last build's index, and so its read fingerprints, still stand.
    struct Inputs: Sendable {
        /// What the index reads of one pokemon that gets a page.
        struct Member: Sendable {
            var slug: String
            var learnset: Learnset
            var abilities: [AbilitySlot]
            var heldItems: [String]
            var heldItemRarities: [HeldItemRarity]
            var types: [String]
        }

        /// An item a chain's step is triggered by or must be held for, in the chains' order.
        struct ItemStep: Sendable {
            var item: String
            var step: Evolution
        }

        /// The version groups, newest first.
        var versionGroups: [String]
        /// The pokemon that get pages, in page order.
        var pokemon: [Member]
        /// Each species' slug and egg groups, in the catalog's order.
        var eggGroups: [(species: String, groups: [String])]
        var itemSteps: [ItemStep]
        /// The moves, abilities and items the catalog has (each of them sorted).
        var moves: [String], abilities: [String], items: [String]

        init(catalog: Catalog, pages: some Collection<Pokemon>) {
            versionGroups = catalog.versionGroups.map(\.slug)
            pokemon = pages.map {
                Member(slug: $0.slug, learnset: $0.learnset, abilities: $0.abilities, heldItems: $0.heldItems,
                       heldItemRarities: $0.heldItemRarities, types: $0.types)
            }
            eggGroups = catalog.species.map { ($0.slug, $0.eggGroups) }
            var steps: [ItemStep] = []
            for chain in catalog.evolutionChains.values.sorted(by: { $0.id < $1.id }) {
                func walk(_ node: EvolutionNode) {
                    for child in node.evolvesTo {
                        for condition in child.conditions {
                            for item in [condition.item, condition.heldItem].compactMap({ $0 }) {
                                steps.append(ItemStep(item: item, step: Evolution(from: node.species, to: child.species, chain: chain.id)))
                            }
                        }
                        walk(child)
                    }
                }
                walk(chain.root)
            }
            itemSteps = steps
            moves = catalog.moves.keys.sorted()
            abilities = catalog.abilities.keys.sorted()
            items = catalog.items.keys.sorted()
        }

        /// The fingerprint of all of it: equal inputs make equal indexes. A learnset is
        /// hashed as its kept (deflated) bytes, as the pokemon's own fingerprint hashes it.
        var key: UInt64 {
            var hash = Fingerprint()
            hash.add("reverse-inputs-1")
            func add(_ texts: [String]) {
                hash.add(texts.count)
                for text in texts { hash.add(text) }
            }
            add(versionGroups)
            add(Learnsets.methodOrder)
            // The learnsets in one go (one writer, not one of 64 KB for each); one that does
            // not encode makes a key no other build has, so nothing is taken.
            let learnsets: Void? = try? BinaryCoder.encoded(pokemon.map(\.learnset), format: "learnsets", kept: true) { hash.addWords($0) }
            if learnsets == nil { hash.add(UUID().uuidString) }
            hash.add(pokemon.count)
            for member in pokemon {
                hash.add(member.slug)
                hash.add(member.abilities.count)
                for slot in member.abilities {
                    hash.add(slot.ability)
                    hash.add(slot.isHidden ? 1 : 0)
                }
                add(member.heldItems)
                hash.add(member.heldItemRarities.count)
                for rarity in member.heldItemRarities {
                    hash.add(rarity.item)
                    hash.add(rarity.version)
                    hash.add(rarity.rarity)
                }
                add(member.types)
            }
            hash.add(eggGroups.count)
            for (species, groups) in eggGroups {
                hash.add(species)
                add(groups)
            }
            hash.add(itemSteps.count)
            for step in itemSteps {
                add([step.item, step.step.from, step.step.to])
                hash.add(step.step.chain)
            }
            add(moves)
            add(abilities)
            add(items)
            return hash.value
        }
    }

    init(catalog: Catalog, pages: some Collection<Pokemon>) {
        self.init(Inputs(catalog: catalog, pages: pages))
    }

    /// The index of `inputs`, which is all it reads.
    init(_ inputs: Inputs) {
        let groupRank = Dictionary(inputs.versionGroups.enumerated().map { ($1, -$0) }, uniquingKeysWith: { first, _ in first })
        // Learners as rows of numbers; each pokemon's own method and group tables mapped once
        // to the shared ones.
        var methods = Numbering<String>(), groups = Numbering<String>(), ways = Numbering<LearnerList.Way>()
        // Rows by move number: each pokemon's own move table is mapped to these once, so a
        // learned move costs no string hashing (tens of thousands of them, every build).
        var moves = Numbering<String>()
        var rows: [[LearnerList.Row]] = []
        for (position, pokemon) in inputs.pokemon.enumerated() {
            // The learnset's tables and words, each read (inflated) once. A word names its
            // move, group and method by their place in those tables; one past them is left
            // out here, as the learnset's own readers by game do (it indexes these arrays).
            let learnset = pokemon.learnset
            let moveSlugs = learnset.moves, groupSlugs = learnset.versionGroups, methodSlugs = learnset.methods
            let words = learnset.packed.words.filter {
                Int($0 >> 32) < moveSlugs.count && Int(($0 >> 20) & 0xFFF) < groupSlugs.count && Int(($0 >> 8) & 0xFFF) < methodSlugs.count
            }
            let ranks = groupSlugs.map { groupRank[$0] ?? Int.min }
            let usual = methodSlugs.map { Learnsets.methodOrder.contains($0) ? 1 : 0 }
            // For each move, its newest group where it is learned by level, machine, egg or
            // tutor, else its newest group (as the Pokémon's own page picks its game): there,
            // every method and level it is learned by. A game teaching every move by one
            // special method (Champions' training) would otherwise hide every level and TM.
            var newest = [Int](repeating: -1, count: moveSlugs.count)
            var newestUsual = [Int](repeating: 0, count: moveSlugs.count)
            for word in words {
                let move = Int(word >> 32), group = Int((word >> 20) & 0xFFF), method = Int((word >> 8) & 0xFFF)
                if newest[move] >= 0, (newestUsual[move], ranks[newest[move]]) >= (usual[method], ranks[group]) { continue }
                newest[move] = group
                newestUsual[move] = usual[method]
            }
            let ownMethods = methodSlugs.map { methods.number(of: $0) }
            let ownGroups = groupSlugs.map { groups.number(of: $0) }
            let levelUp = methodSlugs.map { $0 == "level-up" }
            var ownMoves = [Int](repeating: -1, count: moveSlugs.count)
            var seen = Set<UInt64>()
            for word in words {
                let move = Int(word >> 32), group = Int((word >> 20) & 0xFFF), method = Int((word >> 8) & 0xFFF)
                guard newest[move] == group else { continue }
                let level = levelUp[method] ? UInt32(word & 0xFF) : 0
                // Once per move, method and level: the same learning listed twice is said once.
                guard seen.insert(word & ~0xFF | UInt64(level)).inserted else { continue }
                if ownMoves[move] < 0 {
                    ownMoves[move] = Int(moves.number(of: moveSlugs[move]))
                    if ownMoves[move] == rows.count { rows.append([]) }
                }
                rows[ownMoves[move]].append(
                    LearnerList.Row(pokemon: UInt32(position),
                                    way: ways.number(of: LearnerList.Way(method: ownMethods[method], group: ownGroups[group], level: level))))
            }
            for slot in pokemon.abilities {
                abilityHolders[slot.ability, default: []].append(Holder(pokemon: pokemon.slug, hidden: slot.isHidden))
            }
            for item in Set(pokemon.heldItemRarities.map(\.item) + pokemon.heldItems) {
                wildHolders[item, default: []].append(WildHolder(pokemon: pokemon.slug, rarities: pokemon.heldItemRarities.filter { $0.item == item }))
            }
            for type in pokemon.types { typeMembers[type, default: []].append(pokemon.slug) }
        }
        for (species, groups) in inputs.eggGroups {
            for group in groups { eggGroupMembers[group, default: []].append(species) }
        }
        for step in inputs.itemSteps where itemEvolutions[step.item]?.contains(step.step) != true {
            itemEvolutions[step.item, default: []].append(step.step)
        }
        let names = LearnerList.Names(pokemon: inputs.pokemon.map(\.slug), methods: methods.values, groups: groups.values, ways: ways.values)
        // Each list in no more room than it fills (appended to, it had up to twice that).
        learners = Dictionary(uniqueKeysWithValues: zip(moves.values, rows).map { move, rows in
            (move, LearnerList(names: names, rows: rows.withUnsafeBufferPointer { Array($0) }))
        })
        let known = (moves: Set(inputs.moves), abilities: Set(inputs.abilities), items: Set(inputs.items))
        movesWithPages = learners.keys.filter(known.moves.contains).sorted()
        abilitiesWithPages = abilityHolders.keys.filter(known.abilities.contains).sorted()
        itemsWithPages = Set(wildHolders.keys).union(itemEvolutions.keys).filter(known.items.contains).sorted()
    }
}

/// Field by field, in their `CodingKeys` order: the bytes `Codable` writes (every move's
/// learners are hashed for the read fingerprints, tens of thousands of them).
extension ReverseIndex.Learner: BinaryRecord {
    init(record reader: BinaryRecordReader) throws {
        self.init(pokemon: try reader.string(), method: try reader.string(), level: try reader.int(), versionGroup: try reader.string())
    }

    func write(record writer: BinaryRecordWriter) {
        writer.string(pokemon)
        writer.string(method)
        writer.int(level)
        writer.string(versionGroup)
    }
}

extension ReverseIndex.Holder: BinaryRecord {
    init(record reader: BinaryRecordReader) throws {
        self.init(pokemon: try reader.string(), hidden: try reader.bool())
    }

    func write(record writer: BinaryRecordWriter) {
        writer.string(pokemon)
        writer.bool(hidden)
    }
}

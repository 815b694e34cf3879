import PokeAPI
import Common
extension CatalogBuilder {
    /// The types Pokémon can have, in id order: skips "unknown", "shadow" (ids of 10000 and
    /// up) and any type no pokemon has ("stellar").
    func loadTypes() async throws(CatalogIssue) -> [PokemonType] {
        let ids = try store.ids("type").filter { $0 < 10_000 }
        let store = self.store
        let localized = self.localized
        let types = try await BoundedConcurrency.map(ids, width: width) { id throws(CatalogIssue) -> PokemonType? in
            let raw = try store.load(Wire.PokemonType.self, "type", id)
            guard !(raw.pokemon ?? []).isEmpty else { return nil }
            let relations = raw.damageRelations
            func slugs(_ links: [Wire.Link]?) -> [String] { (links ?? []).compactMap(\.name) }
            var type = PokemonType(
                id: raw.id,
                slug: raw.name,
                name: localized.name(raw.names) ?? raw.name,
                doubleDamageFrom: slugs(relations?.doubleDamageFrom),
                halfDamageFrom: slugs(relations?.halfDamageFrom),
                noDamageFrom: slugs(relations?.noDamageFrom),
                doubleDamageTo: slugs(relations?.doubleDamageTo),
                halfDamageTo: slugs(relations?.halfDamageTo),
                noDamageTo: slugs(relations?.noDamageTo)
            )
            type.searchNames = localized.searchNames(raw.names, display: type.name)
            return type
        }
        return types.compactMap { $0 }
    }

    /// Each move is kept as made (a derived record: its file and its machines' files are
    /// its inputs), so a rebuild reads one record a move, not the move's and one for each
    /// game's machine (2,400 of them on the mirror).
    func loadMoves(_ wanted: [String: Int], order: VersionOrder) async throws(CatalogIssue) -> [String: Move] {
        let store = self.store
        let localized = self.localized
        let base = DerivedRecord<Move>.base(language: localized.language, order: order)
        let moves = try await BoundedConcurrency.map(wanted.sorted { $0.key < $1.key }, width: width) { slug, id throws(CatalogIssue) in
            try store.derived(Move.self, name: "move/\(id)/\(slug)@\(localized.language)", base: base) { store throws(CatalogIssue) in
                try Self.move(slug: slug, id: id, store: store, localized: localized, order: order)
            }.value
        }
        return Dictionary(moves.map { ($0.slug, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The move `slug` (file `id`) as the catalog keeps it, from its file and its machines'.
    static func move(slug: String, id: Int, store: ResourceStore, localized: Localized, order: VersionOrder) throws(CatalogIssue) -> Move {
        let raw = try store.load(Wire.Move.self, "move", id, neededBy: "a learnset or evolution")
        var move = Move(
            slug: slug, name: localized.name(raw.names) ?? slug, type: raw.type?.name,
            damageClass: raw.damageClass?.name, power: raw.power, accuracy: raw.accuracy, pp: raw.pp
        )
        move.searchNames = localized.searchNames(raw.names, display: move.name)
        move.priority = raw.priority ?? 0
        move.target = raw.target?.name
        move.generation = raw.generation?.id
        move.effect = localized.effect(raw.effectEntries?.entries, long: false).map { effect in
            raw.effectChance.map { effect.replacingOccurrences(of: "$effect_chance", with: String($0)) } ?? effect
        }
        move.flavorText = localized.newest(raw.flavorTextEntries?.entries, text: \.flavorText, language: { $0.language.name }) {
            $0.versionGroup.map { order.rank(group: $0) } ?? Int.min
        }
        for entry in raw.machines ?? [] {
            guard let group = entry.versionGroup.name, let machineID = entry.machine.id,
                  let machine = try store.loadIfPresent(Wire.Machine.self, "machine", machineID), let item = machine.item.name else { continue }
            move.machines.append(Move.Machine(versionGroup: group, item: item))
        }
        return move
    }

    func loadAbilities(_ wanted: [String: Int], order: VersionOrder) async throws(CatalogIssue) -> [String: Ability] {
        let store = self.store
        let localized = self.localized
        let abilities = try await BoundedConcurrency.map(wanted.sorted { $0.key < $1.key }, width: width) { slug, id throws(CatalogIssue) in
            let raw = try store.load(Wire.Ability.self, "ability", id, neededBy: "a pokemon's abilities")
            var ability = Ability(slug: slug, name: localized.name(raw.names) ?? slug, shortEffect: localized.shortEffect(raw.effectEntries?.entries))
            ability.effect = localized.effect(raw.effectEntries?.entries, long: true)
            ability.searchNames = localized.searchNames(raw.names, display: ability.name)
            ability.flavorText = localized.newest(raw.flavorTextEntries?.entries, text: \.flavorText, language: { $0.language.name }) {
                $0.versionGroup.map { order.rank(group: $0) } ?? Int.min
            }
            ability.generation = raw.generation?.id
            return ability
        }
        return Dictionary(abilities.map { ($0.slug, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func loadItems(_ wanted: [String: Int], order: VersionOrder) async throws(CatalogIssue) -> [String: Item] {
        let store = self.store
        let localized = self.localized
        let items = try await BoundedConcurrency.map(wanted.sorted { $0.key < $1.key }, width: width) { slug, id throws(CatalogIssue) in
            let raw = try store.load(Wire.Item.self, "item", id, neededBy: "a held item or an evolution")
            var item = Item(slug: slug, name: localized.name(raw.names) ?? slug)
            item.sprite = ResourceURL.spritePath(raw.sprites?.default?.url)
            item.effect = localized.effect(raw.effectEntries?.entries, long: false)
            item.searchNames = localized.searchNames(raw.names, display: item.name)
            item.flavorText = localized.newest(raw.flavorTextEntries?.entries, text: \.text, language: { $0.language.name }) {
                $0.versionGroup.map { order.rank(group: $0) } ?? Int.min
            }
            item.category = raw.category?.name
            return item
        }
        return Dictionary(items.map { ($0.slug, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Items or stats: resources the catalog only needs a display name of.
    func loadNamed<Value: Sendable>(
        _ wanted: [String: Int], kind: String, make: @escaping @Sendable (String, String) -> Value
    ) async throws(CatalogIssue) -> [String: Value] {
        let store = self.store
        let localized = self.localized
        let pairs = try await BoundedConcurrency.map(wanted.sorted { $0.key < $1.key }, width: width) { slug, id throws(CatalogIssue) in
            let raw = try store.load(Wire.Named.self, kind, id)
            return (slug, make(slug, localized.name(raw.names) ?? slug))
        }
        return Dictionary(pairs, uniquingKeysWith: { first, _ in first })
    }

    /// Display names of places or regions, for those the folder holds: api-data dumps have
    /// no locations, and the site then says the slug in words.
    func loadNamesIfPresent(_ wanted: [String: Int], kind: String) async throws(CatalogIssue) -> [String: String] {
        let store = self.store
        let localized = self.localized
        let pairs = try await BoundedConcurrency.map(wanted.sorted { $0.key < $1.key }, width: width) { slug, id throws(CatalogIssue) in
            try store.loadIfPresent(Wire.Named.self, kind, id).flatMap { raw in localized.name(raw.names).map { (slug, $0) } }
        }
        return Dictionary(pairs.compactMap { $0 }, uniquingKeysWith: { first, _ in first })
    }
}

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
            return PokemonType(
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
        }
        return types.compactMap { $0 }
    }

    func loadMoves(_ wanted: [String: Int]) async throws(CatalogIssue) -> [String: Move] {
        let store = self.store
        let localized = self.localized
        let moves = try await BoundedConcurrency.map(wanted.sorted { $0.key < $1.key }, width: width) { slug, id throws(CatalogIssue) in
            let raw = try store.load(Wire.Move.self, "move", id, neededBy: "a learnset or evolution")
            return Move(
                slug: slug, name: localized.name(raw.names) ?? slug, type: raw.type?.name,
                damageClass: raw.damageClass?.name, power: raw.power, accuracy: raw.accuracy, pp: raw.pp
            )
        }
        return Dictionary(moves.map { ($0.slug, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func loadAbilities(_ wanted: [String: Int]) async throws(CatalogIssue) -> [String: Ability] {
        let store = self.store
        let localized = self.localized
        let abilities = try await BoundedConcurrency.map(wanted.sorted { $0.key < $1.key }, width: width) { slug, id throws(CatalogIssue) in
            let raw = try store.load(Wire.Ability.self, "ability", id, neededBy: "a pokemon's abilities")
            return Ability(slug: slug, name: localized.name(raw.names) ?? slug, shortEffect: localized.shortEffect(raw.effectEntries))
        }
        return Dictionary(abilities.map { ($0.slug, $0) }, uniquingKeysWith: { first, _ in first })
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

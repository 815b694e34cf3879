import PokeAPI
/// How new a version group or version is, from PokeAPI's `order` fields.
struct VersionOrder: Sendable {
    /// Version-group slug -> its order (falls back to its id).
    var groups: [String: Int] = [:]
    /// Version slug -> the rank of its version group, then its id.
    var versions: [String: Int] = [:]

    /// The rank of a version group link: higher is newer.
    func rank(group link: Wire.Link) -> Int {
        if let name = link.name, let order = groups[name] { return order }
        return link.id ?? 0
    }

    /// The rank of a version link: higher is newer; unknown versions rank by id, below known ones.
    func rank(version link: Wire.Link?) -> Int {
        guard let link else { return Int.min }
        if let name = link.name, let rank = versions[name] { return rank }
        return link.id ?? Int.min
    }
}

extension CatalogBuilder {
    /// Reads version groups and versions; absent files only make ordering fall back to ids.
    func loadVersionOrder() throws(CatalogIssue) -> VersionOrder {
        var order = VersionOrder()
        var groupByID: [Int: Int] = [:]
        for id in try store.ids("version-group") {
            guard let group = try store.loadIfPresent(Wire.VersionGroup.self, "version-group", id) else { continue }
            let rank = group.order ?? group.id
            order.groups[group.name] = rank
            groupByID[group.id] = rank
        }
        for id in try store.ids("version") {
            guard let version = try store.loadIfPresent(Wire.Version.self, "version", id) else { continue }
            let groupRank = version.versionGroup.flatMap { link in link.name.flatMap { order.groups[$0] } ?? link.id.flatMap { groupByID[$0] } } ?? 0
            order.versions[version.name] = groupRank * 10_000 + version.id
        }
        return order
    }
}

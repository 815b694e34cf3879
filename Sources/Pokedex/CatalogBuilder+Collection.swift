import PokeAPI
import Foundation
import Common

/// What the collection's rules need beyond what the pages show.
extension CatalogBuilder {
    /// Experience per level for every growth rate in the folder, keyed by slug.
    func loadGrowthRates() async throws(CatalogIssue) -> [String: [Int]] {
        let store = self.store
        let rates = try await BoundedConcurrency.map(try store.ids("growth-rate"), width: width) { id throws(CatalogIssue) in
            let raw = try store.load(Wire.GrowthRate.self, "growth-rate", id)
            var table = [Int](repeating: 0, count: 100)
            var seen = 0
            for level in raw.levels where (1...100).contains(level.level) {
                table[level.level - 1] = level.experience
                seen += 1
            }
            return seen == 100 ? (raw.name, table) : nil
        }
        return Dictionary(rates.compactMap { $0 }, uniquingKeysWith: { first, _ in first })
    }

    /// Every item slug the item list names, plus the items the catalog refers to.
    func loadItemSlugs(besides referenced: [String: Int]) throws(CatalogIssue) -> [String] {
        var slugs = Set(referenced.keys)
        let list = store.folder("item").appendingPathComponent("index.json")
        if let data = try? Data(contentsOf: list) {
            let raw = try ResourceStore.decode(Wire.ResourceList.self, from: data, path: list.path)
            slugs.formUnion(raw.results.compactMap(\.name))
        }
        return slugs.sorted()
    }
}

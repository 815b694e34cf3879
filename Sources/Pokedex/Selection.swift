/// Which species a catalog holds: everything, or the union of generations, national-dex
/// ranges and names.
package struct Selection: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Generation numbers (1 for generation I).
    package var generations: [Int]
    /// National-dex number ranges.
    package var dexRanges: [ClosedRange<Int>]
    /// Species slugs ("pikachu", "mr-mime").
    package var names: [String]

    package init(generations: [Int] = [], dexRanges: [ClosedRange<Int>] = [], names: [String] = []) {
        self.generations = generations.sorted()
        self.dexRanges = dexRanges.sorted { ($0.lowerBound, $0.upperBound) < ($1.lowerBound, $1.upperBound) }
        self.names = names.map { $0.lowercased() }.sorted()
    }

    /// Every species in the source.
    package static let all = Selection()

    /// Whether this selection takes every species.
    package var isAll: Bool { generations.isEmpty && dexRanges.isEmpty && names.isEmpty }

    /// Whether a species belongs to the selection.
    package func includes(id: Int, slug: String, generation: Int?) -> Bool {
        if isAll { return true }
        if let generation, generations.contains(generation) { return true }
        if dexRanges.contains(where: { $0.contains(id) }) { return true }
        return names.contains(slug)
    }

    /// A stable text form, used in errors and in the snapshot's key.
    package var description: String {
        if isAll { return "all" }
        var parts: [String] = []
        if !generations.isEmpty { parts.append("generations " + generations.map(String.init).joined(separator: ",")) }
        if !dexRanges.isEmpty {
            parts.append("dex " + dexRanges.map { "\($0.lowerBound)-\($0.upperBound)" }.joined(separator: ","))
        }
        if !names.isEmpty { parts.append("names " + names.joined(separator: ",")) }
        return parts.joined(separator: "; ")
    }
}

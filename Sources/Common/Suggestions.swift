/// "Did you mean": the known names closest to one nobody has.
package enum Suggestions {
    /// Up to `limit` candidates closest to `input`, nearest first, ignoring case: those that
    /// start with it (three letters or more), then those within about a third of its length
    /// in edits (at least 2, at most 3); ties go to the longer shared start, then the name.
    package static func closest(to input: String, in candidates: [String], limit: Int = 3) -> [String] {
        let wanted = input.lowercased()
        let needle = Array(wanted)
        guard !needle.isEmpty else { return [] }
        let budget = min(3, max(2, needle.count / 3))
        var scored: [(distance: Int, shared: Int, candidate: String)] = []
        for candidate in candidates {
            let lowered = candidate.lowercased()
            let shared = zip(wanted, lowered).prefix { $0 == $1 }.count
            if lowered.hasPrefix(wanted), needle.count >= 3 || lowered == wanted {
                scored.append((0, -shared, candidate))
            } else if let distance = editDistance(needle, Array(lowered), limit: budget) {
                scored.append((distance, -shared, candidate))
            }
        }
        scored.sort { ($0.distance, $0.shared, $0.candidate) < ($1.distance, $1.shared, $1.candidate) }
        var seen = Set<String>()
        return scored.map(\.candidate).filter { seen.insert($0).inserted }.prefix(limit).map { $0 }
    }

    /// Levenshtein distance with a swap of neighbours counted as one edit, or nil past `limit`.
    package static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int? {
        if abs(a.count - b.count) > limit { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return nil }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}

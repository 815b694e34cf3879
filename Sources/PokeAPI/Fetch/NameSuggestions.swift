/// "Did you mean": the known names closest to a misspelt one.
enum NameSuggestions {
    /// Up to `limit` names within a small edit distance, closest first; prefix matches count as close.
    static func closest(to name: String, in candidates: [String], limit: Int = 3) -> [String] {
        let target = Array(name)
        let threshold = max(2, target.count / 3)
        let scored = candidates.compactMap { candidate -> (String, Int)? in
            if candidate.hasPrefix(name) && name.count >= 3 { return (candidate, 0) }
            let distance = editDistance(target, Array(candidate), limit: threshold)
            return distance <= threshold ? (candidate, distance) : nil
        }
        return scored
            .map { (name: $0.0, distance: $0.1, shared: -commonPrefix(name, $0.0)) }
            .sorted { ($0.distance, $0.shared, $0.name) < ($1.distance, $1.shared, $1.name) }
            .prefix(limit).map(\.name)
    }

    static func commonPrefix(_ lhs: String, _ rhs: String) -> Int {
        zip(lhs, rhs).prefix { $0 == $1 }.count
    }

    /// Levenshtein distance, giving up early once every path exceeds `limit`.
    static func editDistance(_ lhs: [Character], _ rhs: [Character], limit: Int) -> Int {
        if abs(lhs.count - rhs.count) > limit { return limit + 1 }
        var previous = Array(0...rhs.count)
        for (i, left) in lhs.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: rhs.count)
            for (j, right) in rhs.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
            }
            if current.min() ?? 0 > limit { return limit + 1 }
            previous = current
        }
        return previous[rhs.count]
    }
}

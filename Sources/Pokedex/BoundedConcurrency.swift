import Foundation

/// Runs blocking work (read a file, decode it) over a bounded number of tasks.
enum BoundedConcurrency {
    /// How many resources decode at once: the machine's cores, at most four.
    static var defaultWidth: Int { min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 4) }

    /// Maps `items` with at most `width` transforms in flight, keeping the input order.
    ///
    /// Only `width` results-in-progress exist at once, so raw JSON never piles up in memory.
    static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item],
        width: Int = defaultWidth,
        _ transform: @escaping @Sendable (Item) throws(CatalogIssue) -> Result
    ) async throws(CatalogIssue) -> [Result] {
        do {
            return try await withThrowingTaskGroup(of: (Int, Result).self) { group in
                var collected: [(Int, Result)] = []
                collected.reserveCapacity(items.count)
                var next = 0
                func startNext() {
                    guard next < items.count else { return }
                    let index = next
                    let item = items[index]
                    group.addTask { (index, try transform(item)) }
                    next += 1
                }
                for _ in 0..<max(width, 1) { startNext() }
                while let finished = try await group.next() {
                    collected.append(finished)
                    startNext()
                }
                return collected.sorted { $0.0 < $1.0 }.map(\.1)
            }
        } catch let issue as CatalogIssue {
            throw issue
        } catch {
            throw .unreadable(path: "(decoding)", detail: error.localizedDescription)
        }
    }
}

import Foundation
import Synchronization

/// Work over many items with a bounded number of tasks in flight: structured, and never
/// more results-in-progress in memory than the width.
package enum BoundedConcurrency {
    /// The machine's cores, at most four.
    package static var defaultWidth: Int { min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 4) }

    /// Maps `items` with at most `width` transforms in flight, keeping the input order.
    package static func map<Item: Sendable, Result: Sendable, Failure: Error>(
        _ items: [Item],
        width: Int = defaultWidth,
        _ transform: @escaping @Sendable (Item) throws(Failure) -> Result
    ) async throws(Failure) -> [Result] {
        let outcomes = await withTaskGroup(of: (Int, Swift.Result<Result, Failure>).self) { group in
            var collected = [Swift.Result<Result, Failure>?](repeating: nil, count: items.count)
            var next = 0
            func startNext() {
                guard next < items.count else { return }
                let index = next
                let item = items[index]
                group.addTask { (index, Swift.Result { () throws(Failure) in try transform(item) }) }
                next += 1
            }
            for _ in 0..<max(width, 1) { startNext() }
            while let (index, outcome) = await group.next() {
                collected[index] = outcome
                if case .failure = outcome {
                    group.cancelAll()
                    next = items.count
                }
                startNext()
            }
            return collected
        }
        var results: [Result] = []
        results.reserveCapacity(items.count)
        for outcome in outcomes {
            guard let outcome else { continue }
            results.append(try outcome.get())
        }
        return results
    }

    /// Runs `body` on every item with at most `width` in flight, handing each result to
    /// `collect` on the caller's task as it finishes (in any order).
    package static func forEach<Item: Sendable, Result: Sendable>(
        _ items: [Item],
        width: Int = defaultWidth,
        _ body: @escaping @Sendable (Item) async -> Result,
        collect: (Result) -> Void
    ) async {
        await withTaskGroup(of: Result.self) { group in
            var pending = items[...]
            for _ in 0..<max(width, 1) {
                guard let item = pending.popFirst() else { break }
                group.addTask { await body(item) }
            }
            while let result = await group.next() {
                collect(result)
                if let item = pending.popFirst() { group.addTask { await body(item) } }
            }
        }
    }

    /// `body` of each of `0..<count`, in order, run on every core at once: for thousands of
    /// quick blocking calls, a `stat` each, which no task should wait on one after another.
    /// `body` runs on several threads at once: it must only read what it shares.
    ///
    /// Each thread takes the next run of positions left until none is: a thread that starts
    /// late (the pool's other thread busy elsewhere) takes less, and none is left alone at
    /// the end with a share fixed at the start (four fixed shares left one core idle for a
    /// fifth of an unchanged rebuild's source check).
    ///
    /// `run`: how many positions a thread takes at once; 1 where each is much work (a
    /// folder of files): 32 of them made one run, on one thread.
    package static func blocking<Result: Sendable>(_ count: Int, run: Int = 32, _ body: @Sendable (Int) -> Result) -> [Result] {
        let run = max(1, run)
        let next = Atomic(0)
        return Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            nonisolated(unsafe) let slots = buffer
            withoutActuallyEscaping(body) { body in
                DispatchQueue.concurrentPerform(iterations: min(ProcessInfo.processInfo.activeProcessorCount, (count + run - 1) / run)) { _ in
                    while true {
                        let start = next.wrappingAdd(run, ordering: .relaxed).oldValue
                        guard start < count else { return }
                        for position in start..<min(start + run, count) {
                            (slots.baseAddress! + position).initialize(to: body(position))
                        }
                    }
                }
            }
            initialized = count
        }
    }
}

import Foundation

/// Runs a request against a timer and resumes with whichever ends first.
///
/// Unlike a task group, it does not wait for the loser: a request stuck on a silent
/// server is cancelled and left to unwind while the caller moves on to its retry.
final class ResponseRace: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<TransportResponse, any Error>?
    private var tasks: [Task<Void, Never>] = []

    static func run(timeout: Duration, _ work: @escaping @Sendable () async throws -> TransportResponse) async throws -> TransportResponse {
        let race = ResponseRace()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                race.start(continuation, timeout: timeout, work)
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }

    private func start(_ continuation: CheckedContinuation<TransportResponse, any Error>, timeout: Duration,
                       _ work: @escaping @Sendable () async throws -> TransportResponse) {
        lock.withLock { self.continuation = continuation }
        let request = Task {
            do {
                finish(.success(try await work()))
            } catch {
                finish(.failure(error))
            }
        }
        let timer = Task {
            guard (try? await Task.sleep(for: timeout)) != nil else { return }
            finish(.failure(TransportFailure.timeout))
        }
        let finished = lock.withLock { () -> Bool in
            tasks = [request, timer]
            return self.continuation == nil
        }
        if finished { request.cancel(); timer.cancel() }
    }

    private func finish(_ result: Result<TransportResponse, any Error>) {
        let (continuation, tasks) = lock.withLock { () -> (CheckedContinuation<TransportResponse, any Error>?, [Task<Void, Never>]) in
            defer { self.continuation = nil }
            return (self.continuation, self.tasks)
        }
        guard let continuation else { return }
        for task in tasks { task.cancel() }
        continuation.resume(with: result)
    }
}

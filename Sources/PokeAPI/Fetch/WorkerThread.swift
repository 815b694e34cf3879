import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A task executor with one thread of its own: a crawl worker's task prefers it, so the
/// worker runs on that thread from its first job to its last, and may block it on a socket
/// (``SocketHTTPTransport/Lane``) where a task on the shared pool must hand the request to
/// another thread and wait to be woken.
final class WorkerThread: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var closed = false

    init(name: String) {
        let thread = Thread { [self] in
            #if os(Linux)
            // Below the process's other threads: eight workers that scan and store would
            // otherwise outweigh the event loops of a server in the same process (`serve`,
            // the tests' loopback servers) on a machine of two cores. On Linux a nice value
            // is the calling thread's, not the process's (setpriority(2), "Bugs").
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
            #endif
            run()
        }
        thread.name = name
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    /// Lets the thread end once it has run every job it was given.
    func close() {
        condition.withLock {
            closed = true
            condition.signal()
        }
    }

    private func run() {
        var batch: [UnownedJob] = []
        while true {
            condition.withLock {
                while jobs.isEmpty, !closed { condition.wait() }
                swap(&batch, &jobs)
            }
            if batch.isEmpty { return }
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
            batch.removeAll(keepingCapacity: true)
        }
    }
}

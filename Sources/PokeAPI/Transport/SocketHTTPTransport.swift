import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Plain `http://` over keep-alive connections, each on a thread of its own that makes its
/// requests one after another, blocking: the fetch's transport for servers without TLS (a
/// mirror on the machine or the network, a self-hosted PokeAPI, CI).
///
/// A request's whole life (connect, send, read, inflate) is system calls and a little
/// parsing on one thread. AsyncHTTPClient, which still carries `https://`, passes every
/// request through its pool, its connection state machines, NIO's pipeline and futures,
/// and two hops between threads: on the shared mirror that was three times the CPU of the
/// `curl` it is measured against, and the machine's two cores were the limit.
///
/// The threads start as requests need them, never more than `concurrency`; each keeps one
/// connection and uses it again while the server allows. A crawl worker, which runs on a
/// thread of its own (``WorkerThread``), makes its requests itself instead, over a
/// ``Lane``: the same exchange on its own kept connection, with no thread in between.
///
/// It speaks the HTTP/1.1 a client needs (RFC 9112): a length, chunked or close-delimited
/// body, interim 1xx heads skipped, a connection closed by the server between requests
/// replaced once, quietly. Everything else fails as the other transports do: a deadline for
/// the whole response, a size cap checked before a byte is kept, a body cut short is
/// ``TransportFailure/truncated``.
final class SocketHTTPTransport: HTTPTransport, @unchecked Sendable {
    private let limit: Int
    private let connectTimeout: Duration
    private let condition = NSCondition()
    private var queue: [Job] = []
    private var head = 0
    private var threads = 0
    private var idle = 0
    private var closed = false

    init(concurrency: Int, connectTimeout: Duration) {
        limit = max(1, concurrency)
        self.connectTimeout = connectTimeout
    }

    func get(_ request: TransportRequest) async throws(TransportFailure) -> TransportResponse {
        let job = Job(request)
        if let lane = Self.lane, pthread_equal(lane.thread, pthread_self()) != 0 {
            // On a thread of the caller's own (a crawl worker): the request is made right
            // here, blocking it, with no hop to a connection thread and back. (A task made
            // inside the worker inherits the lane, but runs elsewhere: it takes the queue.)
            if Task.isCancelled { throw .connection("cancelled") }
            let result = await withTaskCancellationHandler {
                Self.perform(job, on: &lane.connection, last: &lane.last, connectTimeout: connectTimeout)
            } onCancel: {
                job.cancel()
            }
            return try result.get()
        }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: Job.Continuation) in
                if job.install(continuation) { enqueue(job) }
            }
        } onCancel: {
            job.cancel()
        }
        return try result.get()
    }

    /// A kept connection that belongs to one task running on a thread of its own.
    final class Lane: @unchecked Sendable {
        /// The thread the lane belongs to: only a request made there may use it.
        let thread = pthread_self()
        var connection: HTTPConnection?
        var last: HTTPTarget?
    }

    @TaskLocal static var lane: Lane?

    /// Runs `body` with requests made on the current thread, over a connection of its own,
    /// closed at the end. Only for a task that prefers a ``WorkerThread``: a request blocks
    /// the thread it runs on.
    static func withLane<T>(_ body: () async throws -> T) async rethrows -> T {
        let lane = Lane()
        defer { lane.connection?.close() }
        return try await $lane.withValue(lane) { try await body() }
    }

    func shutdown() async {
        let abandoned = condition.withLock { () -> [Job] in
            closed = true
            condition.broadcast()
            defer { queue.removeAll(); head = 0 }
            return Array(queue[head...])
        }
        for job in abandoned { job.finish(.failure(.connection("the fetch ended"))) }
    }
}

private extension SocketHTTPTransport {
    /// One request and the continuation waiting for it, resumed exactly once: by the thread
    /// that made the request, by ``cancel()``, or by ``SocketHTTPTransport/shutdown()``.
    final class Job: @unchecked Sendable {
        typealias Continuation = CheckedContinuation<Result<TransportResponse, TransportFailure>, Never>
        let request: TransportRequest
        private let lock = NSLock()
        private var continuation: Continuation?
        private var isCancelled = false
        private var isFinished = false

        init(_ request: TransportRequest) {
            self.request = request
        }

        var cancelled: Bool { lock.withLock { isCancelled } }

        /// Keeps the continuation to resume; false, having resumed it, when the task was
        /// cancelled before it got here (the request is then never queued).
        func install(_ continuation: Continuation) -> Bool {
            let cancelledFirst = lock.withLock { () -> Bool in
                if isCancelled {
                    isFinished = true
                    return true
                }
                self.continuation = continuation
                return false
            }
            if cancelledFirst { continuation.resume(returning: .failure(.connection("cancelled"))) }
            return !cancelledFirst
        }

        /// Ends the request for its caller now, queued or on the wire: the thread that has
        /// it notices within a poll's slice and drops the connection; a queued one is skipped.
        func cancel() {
            lock.withLock { isCancelled = true }
            finish(.failure(.connection("cancelled")))
        }

        /// Resumes the waiting task once; later calls do nothing.
        func finish(_ result: Result<TransportResponse, TransportFailure>) {
            lock.lock()
            let waiting = isFinished ? nil : continuation
            if waiting != nil {
                isFinished = true
                continuation = nil
            }
            lock.unlock()
            waiting?.resume(returning: result)
        }
    }

    func enqueue(_ job: Job) {
        let (queued, start) = condition.withLock { () -> (Bool, Bool) in
            guard !closed else { return (false, false) }
            queue.append(job)
            condition.signal()
            guard queue.count - head > idle, threads < limit else { return (true, false) }
            threads += 1
            return (true, true)
        }
        guard queued else {
            job.finish(.failure(.connection("the fetch ended")))
            return
        }
        if start {
            let thread = Thread { [self] in work() }
            thread.name = "pokedex-http"
            thread.start()
        }
    }

    /// The next request, or nil once the transport is shut down.
    func next() -> Job? {
        condition.withLock {
            while head == queue.count, !closed {
                idle += 1
                condition.wait()
                idle -= 1
            }
            guard head < queue.count, !closed else { return nil }
            let job = queue[head]
            head += 1
            if head == queue.count || head > 1024 {
                queue.removeFirst(head)
                head = 0
            }
            return job
        }
    }

    func work() {
        var connection: HTTPConnection?
        var last: HTTPTarget?
        while let job = next() {
            if job.cancelled { continue }
            job.finish(Self.perform(job, on: &connection, last: &last, connectTimeout: connectTimeout))
        }
        connection?.close()
    }

    /// Makes `job`'s request on `connection`; `last` is the target of the thread's last
    /// request, whose host and port are used again for the same authority.
    static func perform(_ job: Job, on connection: inout HTTPConnection?, last: inout HTTPTarget?,
                        connectTimeout: Duration) -> Result<TransportResponse, TransportFailure> {
        let request = job.request
        guard let target = HTTPTarget(request.url, after: last) else { return .failure(.connection("bad URL \(request.url)")) }
        last = target
        let deadline = ContinuousClock.now + request.timeout
        let message = target.message(request.headers)
        // A kept connection the server has since closed fails before any byte of an answer:
        // the request goes again, once, on a new one (it is a GET, and nothing was received).
        for attempt in 0..<2 {
            if let open = connection, open.authority != target.authority || attempt > 0 || !open.isQuiet {
                open.close()
                connection = nil
            }
            let reused = connection != nil
            let current: HTTPConnection
            if let open = connection {
                current = open
            } else {
                switch HTTPConnection.open(target, deadline: min(deadline, ContinuousClock.now + connectTimeout), cancelled: { job.cancelled }) {
                case let .success(opened): current = opened
                case let .failure(failure): return .failure(failure)
                }
                connection = current
            }
            switch current.exchange(message, deadline: deadline, maxBytes: request.maxBytes, cancelled: { job.cancelled }) {
            case let .success((response, keep)):
                if !keep {
                    current.close()
                    connection = nil
                }
                guard (200..<300).contains(response.status) else { return .success(response) }
                var decoded = response
                let encoding = decoded.headers.removeValue(forKey: "content-encoding")
                do {
                    decoded.body = try ContentCoding.decode(response.body, encoding: encoding, maxBytes: request.maxBytes)
                } catch {
                    return .failure(error)
                }
                return .success(decoded)
            case .failure(.stale) where reused:
                continue
            case let .failure(failure):
                current.close()
                connection = nil
                return .failure(failure.transport)
            }
        }
        return .failure(.connection("the server closed the connection without answering"))
    }
}

/// Where a plain `http://` URL points: the authority to connect to and the request target.
struct HTTPTarget: Sendable {
    var host: String
    var port: Int
    /// `host` or `host:port`, as the URL spelled it: the `Host` header, and the connection's key.
    var authority: String
    /// The path and query, from the first `/` after the authority.
    var target: String

    /// Parses `url`; the host and port come from `previous` when it has the same authority.
    /// It is read as bytes throughout: `String.contains` on a string went through
    /// CoreFoundation's search, once per request.
    init?(_ url: String, after previous: HTTPTarget? = nil) {
        guard Self.isPlain(url) else { return nil }
        let bytes = url.utf8
        // Only visible ASCII goes on the wire: no space, no control byte, no CR or LF that
        // would end the request line early (the URL comes from data a server sent).
        guard bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        let rest = bytes.dropFirst(Self.scheme.count)
        let slash = rest.firstIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) ?? rest.endIndex
        guard slash > rest.startIndex, !rest[..<slash].contains(UInt8(ascii: "@")) else { return nil }
        let fragment = rest[slash...].firstIndex(of: UInt8(ascii: "#")) ?? rest.endIndex
        let authority = String(url[rest.startIndex..<slash])
        let path = url[slash..<fragment]
        self.authority = authority
        self.target = path.hasPrefix("/") ? String(path) : "/" + path
        if let previous, previous.authority == authority {
            host = previous.host
            port = previous.port
            return
        }
        guard let parsed = URLAuthority(url) else { return nil }
        host = parsed.bareHost
        port = parsed.effectivePort
    }

    /// The request's bytes: the request line, `Host`, the caller's headers, the blank line.
    func message(_ headers: [(name: String, value: String)]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(target.utf8.count + authority.utf8.count + 256)
        bytes += "GET ".utf8
        bytes += target.utf8
        bytes += " HTTP/1.1\r\nHost: ".utf8
        bytes += authority.utf8
        bytes += "\r\n".utf8
        for header in headers {
            // Headers are the client's own; a value with a line break would still be dropped.
            guard !header.value.utf8.contains(where: { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }) else { continue }
            bytes += header.name.utf8
            bytes += ": ".utf8
            bytes += header.value.utf8
            bytes += "\r\n".utf8
        }
        bytes += "\r\n".utf8
        return bytes
    }

    /// Whether `url` starts with `http://`, in any case.
    static func isPlain(_ url: String) -> Bool {
        url.utf8.count > scheme.count && zip(url.utf8, scheme).allSatisfy { lowercased($0) == $1 }
    }

    static let scheme = Array("http://".utf8)

    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }
}

import Foundation
import Testing
import TestSupport
@testable import PokeAPI

/// One test per injected fault, against a real loopback server and each real HTTP transport.
@Suite("The client survives server faults")
struct APIClientFaultTests {
    /// Records the waits the retry policy asked for, instead of sleeping.
    final class Sleeps: @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [Duration] = []
        func add(_ duration: Duration) { lock.withLock { recorded.append(duration) } }
        var all: [Duration] { lock.withLock { recorded } }
    }

    func client(_ server: LoopbackServer, _ kind: TransportKind, timeout: Duration = .seconds(5), attempts: Int = 3, sleeps: Sleeps = Sleeps()) -> APIClient {
        var retry = RetryPolicy(maxAttempts: attempts, baseDelay: .milliseconds(100), maxDelay: .seconds(1))
        retry.sleep = { sleeps.add($0) }
        retry.random = { 1 }
        return APIClient(
            transport: kind.make(),
            endpoints: Endpoints(apiBase: server.baseURL + "api/v2/", spritesBase: server.baseURL),
            retry: retry, timeout: timeout, maxBytes: 1_048_576, userAgent: "pokedex/test (static Pokédex site generator)"
        )
    }

    func url(_ server: LoopbackServer) -> String { server.baseURL + "api/v2/stat/1/" }

    @Test("a port that refuses every connection is retried, then said to have no server", arguments: TransportKind.allCases)
    func refusedEveryTime(_ kind: TransportKind) async throws {
        try await ScriptedServer.withRefusingPort { port in
            var retry = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(1), maxDelay: .milliseconds(1))
            retry.sleep = { _ in }
            // A minute per request: a transport that held a refused request (a pool retrying
            // the connection) would fail it at its deadline, a timeout, never `serverDown`.
            let client = APIClient(transport: kind.make(), endpoints: Endpoints(apiBase: "http://127.0.0.1:\(port)/api/v2/", spritesBase: "http://127.0.0.1:\(port)/"),
                                   retry: retry, timeout: .seconds(60), maxBytes: 1_048_576, userAgent: "pokedex/test")
            let url = "http://127.0.0.1:\(port)/api/v2/stat/1/"
            await #expect(throws: PokeAPIFailure.serverDown(url: url, host: "127.0.0.1:\(port)", attempts: 3)) {
                _ = try await client.get(url)
            }
            await client.transport.shutdown()
        }
    }

    @Test("connect errors are a server down when one address refused and the others cannot be used from here")
    func downOrNot() {
        #expect(HTTPConnection.isDown([ECONNREFUSED]))
        #expect(HTTPConnection.isDown([EADDRNOTAVAIL, ECONNREFUSED]))
        #expect(HTTPConnection.isDown([ECONNREFUSED, EAFNOSUPPORT]))
        #expect(!HTTPConnection.isDown([]))
        #expect(!HTTPConnection.isDown([EADDRNOTAVAIL]))
        #expect(!HTTPConnection.isDown([ECONNREFUSED, ETIMEDOUT]))
    }

    @Test("a 500 is retried and the following 200 is used", arguments: TransportKind.allCases)
    func serverErrorThenSuccess(_ kind: TransportKind) async throws {
        let flaky = try await LoopbackServer.start { [counter = Counter()] _ in
            counter.next() == 1 ? .status(500) : .json(#"{"id":1}"#)
        }
        let client = client(flaky, kind)
        let outcome = try await client.get(url(flaky))
        guard case let .body(data, _, _) = outcome else { Issue.record("expected a body, got \(outcome)"); return }
        #expect(String(decoding: data, as: UTF8.self) == #"{"id":1}"#)
        #expect(flaky.requests.count == 2)
        #expect(flaky.requests.first?.headers["user-agent"]?.hasPrefix("pokedex/") == true)
        await client.transport.shutdown()
        await flaky.stop()
    }

    @Test("a 429 waits at least as long as Retry-After says", arguments: TransportKind.allCases)
    func tooManyRequestsHonoursRetryAfter(_ kind: TransportKind) async throws {
        let server = try await LoopbackServer.start { [counter = Counter()] _ in
            counter.next() == 1 ? .status(429, headers: ["retry-after": "3"]) : .json("{}")
        }
        let sleeps = Sleeps()
        let client = client(server, kind, sleeps: sleeps)
        _ = try await client.get(url(server))
        #expect(sleeps.all.count == 1)
        #expect((sleeps.all.first ?? .zero) >= .seconds(3))
        #expect(server.requests.count == 2)
        await client.transport.shutdown()
        await server.stop()
    }

    @Test("a reset connection is retried on a new one", arguments: TransportKind.allCases)
    func connectionResetIsRetried(_ kind: TransportKind) async throws {
        let server = try await LoopbackServer.start { [counter = Counter()] _ in
            counter.next() == 1 ? .reset : .json("{}")
        }
        let client = client(server, kind)
        let outcome = try await client.get(url(server))
        #expect(outcome == .body(Data("{}".utf8), etag: nil, lastModified: nil))
        #expect(server.requests.count == 2)
        await client.transport.shutdown()
        await server.stop()
    }

    @Test("a response slower than the timeout fails as a timeout after its retries", arguments: TransportKind.allCases)
    func slowResponseTimesOut(_ kind: TransportKind) async throws {
        let server = try await LoopbackServer.start { _ in .delayed(.seconds(3), .json("{}")) }
        let sleeps = Sleeps()
        let client = client(server, kind, timeout: .milliseconds(300), attempts: 2, sleeps: sleeps)
        // No wall-clock bound (flaky on a loaded machine): had the client waited for the
        // slow server, it would have received the body and not thrown a timeout.
        await #expect(throws: PokeAPIFailure.timeout(url: url(server), seconds: 0.3)) {
            _ = try await client.get(url(server))
        }
        // One pause between the two attempts, counted on the client's side: that is what says
        // it tried twice. The server sees the first; the second, on a loaded machine, may time
        // out before its bytes reach the server (a full `swift test` saw 1 of 2 there).
        #expect(sleeps.all.count == 1)
        let seen = await server.requestCount(reaching: 2)
        #expect((1...2).contains(seen))
        await client.transport.shutdown()
        await server.stop()
    }

    @Test("a body that falls silent after the head fails as a timeout", arguments: TransportKind.allCases)
    func silentBodyTimesOut(_ kind: TransportKind) async throws {
        try await expectTimeoutWithin300ms(bodyByteEvery: .seconds(30), kind)
    }

    @Test("a body that trickles in, never silent for long but never done in time, fails as a timeout", arguments: TransportKind.allCases)
    func tricklingBodyTimesOut(_ kind: TransportKind) async throws {
        // A byte every 50 ms is never silent for long; the 28 bytes take 1.4 s, so only a
        // bound on the whole request stops it. Had the client waited, it would
        // have returned the body instead of throwing.
        try await expectTimeoutWithin300ms(bodyByteEvery: .milliseconds(50), kind)
    }

    /// A server that sends the head, then the body a byte every `interval`, against a client
    /// with a 300 ms timeout and one attempt: the request must fail as a timeout.
    func expectTimeoutWithin300ms(bodyByteEvery interval: Duration, _ kind: TransportKind) async throws {
        let body = Array(#"{"id":1,"name":"bulbasaur"}"#.utf8)
        let server = try await LoopbackServer.start { _ in .trickle(interval: interval, body: body) }
        let client = client(server, kind, timeout: .milliseconds(300), attempts: 1)
        await #expect(throws: PokeAPIFailure.timeout(url: url(server), seconds: 0.3)) {
            _ = try await client.get(url(server))
        }
        await client.transport.shutdown()
        await server.stop()
    }

    @Test("a truncated body is never returned as data", arguments: TransportKind.allCases)
    func truncatedBodyFails(_ kind: TransportKind) async throws {
        let server = try await LoopbackServer.start { _ in .truncated(declaredLength: 500, body: Array(#"{"id":1,"na"#.utf8)) }
        // A bound far past what two short answers take: with the whole suite running on two
        // cores, the default 5 s ran out once and the failure read as a timeout. A client that
        // waited for the missing bytes would still fail here, as a timeout.
        let client = client(server, kind, timeout: .seconds(60), attempts: 2)
        await #expect(throws: PokeAPIFailure.truncated(url: url(server))) {
            _ = try await client.get(url(server))
        }
        #expect(server.requests.count == 2)
        await client.transport.shutdown()
        await server.stop()
    }

    @Test("a redirect to another host is refused, one to the API host followed", arguments: TransportKind.allCases)
    func offHostRedirectRefused(_ kind: TransportKind) async throws {
        let server = try await LoopbackServer.start { request in
            switch request.path {
            case "/api/v2/stat/1/": .status(302, headers: ["location": "http://elsewhere.invalid/api/v2/stat/1/"])
            case "/api/v2/stat/2/": .status(301, headers: ["location": "/api/v2/stat/3/"])
            default: .json(#"{"id":3}"#)
            }
        }
        let client = client(server, kind)
        await #expect(throws: PokeAPIFailure.redirectRefused(url: url(server), location: "http://elsewhere.invalid/api/v2/stat/1/")) {
            _ = try await client.get(url(server))
        }
        #expect(server.requests.count == 1)
        let followed = try await client.get(server.baseURL + "api/v2/stat/2/")
        #expect(followed == .body(Data(#"{"id":3}"#.utf8), etag: nil, lastModified: nil))
        await client.transport.shutdown()
        await server.stop()
    }

    @Test("a 304 answers a conditional request with the stored validators", arguments: TransportKind.allCases)
    func notModifiedOnRevalidation(_ kind: TransportKind) async throws {
        let server = try await LoopbackServer.start { request in
            request.headers["if-none-match"] == "\"v1\"" ? .status(304) : .json("{}", headers: ["etag": "\"v1\""])
        }
        let client = client(server, kind)
        let first = try await client.get(url(server))
        #expect(first == .body(Data("{}".utf8), etag: "\"v1\"", lastModified: nil))
        let second = try await client.get(url(server), validators: .init(etag: "\"v1\"", lastModified: nil))
        #expect(second == .notModified)
        await client.transport.shutdown()
        await server.stop()
    }

    @Test("a body larger than the cap is refused without retrying", arguments: TransportKind.allCases)
    func oversizedBodyRefused(_ kind: TransportKind) async throws {
        let server = try await LoopbackServer.start { _ in .respond(status: 200, headers: [:], body: Array(repeating: 0x20, count: 2_000_000)) }
        let client = client(server, kind)
        await #expect(throws: PokeAPIFailure.tooLarge(url: url(server), limit: 1_048_576)) {
            _ = try await client.get(url(server))
        }
        #expect(server.requests.count == 1)
        await client.transport.shutdown()
        await server.stop()
    }
}

/// The HTTP transports a fetch uses: AsyncHTTPClient (`https://`) and the socket one (`http://`).
/// Both meet the same faults; a loopback server speaks plain HTTP, which both can.
enum TransportKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case asyncHTTPClient
    case sockets

    func make() -> any HTTPTransport {
        switch self {
        case .asyncHTTPClient: AsyncHTTPTransport(concurrency: 2, connectTimeout: .seconds(2))
        case .sockets: SocketHTTPTransport(concurrency: 2, connectTimeout: .seconds(2))
        }
    }

    var testDescription: String { rawValue }
}

/// Counts calls from any thread.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}

import Foundation
import Testing
@testable import PokeAPI
#if canImport(Glibc)
import Glibc
#endif

/// The socket transport against a server that sends exactly the bytes a test scripts: the
/// framings (chunked, close-delimited, interim heads) and the hostile answers a server
/// library would never produce. The faults every transport must survive are in
/// ``APIClientFaultTests`` and ``ContentCodingTests``, run against both.
@Suite("Plain HTTP over sockets")
struct SocketHTTPTransportTests {
    func request(_ server: ScriptedServer, _ path: String = "api/v2/stat/1/", timeout: Duration = .seconds(20), maxBytes: Int = 1_048_576) -> TransportRequest {
        TransportRequest(url: server.baseURL + path, headers: [("User-Agent", "pokedex/test")], timeout: timeout, maxBytes: maxBytes)
    }

    func body(_ response: TransportResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test("a chunked body (with extensions, trailers, a size with many leading zeros) arrives whole, and the connection carries the next request")
    func chunkedThenReused() async throws {
        let server = try ScriptedServer { index, _ in
            index == 0
                ? .send("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n00000000000000000005;name=value\r\nhello\r\n6\r\n world\r\n0\r\nX-Trailer: 1\r\n\r\n")
                : .send("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nETag: \"e\"\r\n\r\nok")
        }
        defer { server.stop() }
        let transport = SocketHTTPTransport(concurrency: 1, connectTimeout: .seconds(2))
        let first = try await transport.get(request(server))
        let second = try await transport.get(request(server, "api/v2/stat/2/"))
        await transport.shutdown()
        #expect(body(first) == "hello world")
        #expect(body(second) == "ok")
        #expect(second.headers["etag"] == "\"e\"")
        #expect(server.connections == 1)
        #expect(server.heads.count == 2)
    }

    @Test("an answer framed both by chunks and by a length is read by its chunks, and its connection is not used again")
    func bothFramings() async throws {
        let server = try ScriptedServer { _, _ in
            .send("HTTP/1.1 200 OK\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n")
        }
        defer { server.stop() }
        let transport = SocketHTTPTransport(concurrency: 1, connectTimeout: .seconds(2))
        let first = try await transport.get(request(server))
        let second = try await transport.get(request(server))
        await transport.shutdown()
        #expect(body(first) == "ok")
        #expect(body(second) == "ok")
        #expect(server.connections == 2)
    }

    @Test("an empty body by its length, under a status line without a reason, keeps the connection")
    func emptyBody() async throws {
        let server = try ScriptedServer { _, _ in .send("HTTP/1.1 200\r\nContent-Length: 0\r\n\r\n") }
        defer { server.stop() }
        let transport = SocketHTTPTransport(concurrency: 1, connectTimeout: .seconds(2))
        let first = try await transport.get(request(server))
        let second = try await transport.get(request(server))
        await transport.shutdown()
        #expect(first.status == 200 && first.body.isEmpty)
        #expect(second.status == 200 && second.body.isEmpty)
        #expect(server.connections == 1)
    }

    @Test("Connection and the HTTP version say whether a connection carries the next request", arguments: [
        ("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok", 2),
        ("HTTP/1.1 200 OK\r\nConnection: Keep-Alive, CLOSE\r\nContent-Length: 2\r\n\r\nok", 2),
        ("HTTP/1.1 200 OK\r\nConnection: keep-alive\r\nContent-Length: 2\r\n\r\nok", 1),
        ("HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nok", 2),
        ("HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 2\r\n\r\nok", 1),
        ("HTTP/1.0 200 OK\r\nConnection: keep-alive, close\r\nContent-Length: 2\r\n\r\nok", 2),
    ])
    func connectionHeader(answer: String, connections: Int) async throws {
        let server = try ScriptedServer { _, _ in .send(answer) }
        defer { server.stop() }
        let transport = SocketHTTPTransport(concurrency: 1, connectTimeout: .seconds(2))
        let first = try await transport.get(request(server))
        let second = try await transport.get(request(server))
        await transport.shutdown()
        #expect(body(first) == "ok" && body(second) == "ok")
        #expect(server.connections == connections)
    }

    @Test("a Connection value lists a token only as a whole, comma-separated item, in any case", arguments: [
        ("close", "close", true), ("Close", "close", true), ("keep-alive, close", "close", true),
        ("Upgrade,\tCLOSE ", "close", true), (" keep-alive ", "keep-alive", true), ("", "close", false),
        ("closed", "close", false), ("enclose", "close", false), ("keep-alive-ish", "keep-alive", false),
        ("keep alive", "keep-alive", false), (",,", "close", false), ("clos,e", "close", false),
    ] as [(String, String, Bool)])
    func connectionTokens(value: String, token: String, listed: Bool) {
        let found = token == "close" ? HTTPConnection.lists(value, "close") : HTTPConnection.lists(value, "keep-alive")
        #expect(found == listed, "\(value) lists \(token)")
    }

    @Test("a body that ends with the connection is read to its end, and the next request opens a new connection")
    func closeDelimited() async throws {
        let server = try ScriptedServer { _, _ in .sendThenClose("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n{\"to\":\"the end\"}") }
        defer { server.stop() }
        let transport = SocketHTTPTransport(concurrency: 1, connectTimeout: .seconds(2))
        let first = try await transport.get(request(server))
        let second = try await transport.get(request(server))
        await transport.shutdown()
        #expect(body(first) == #"{"to":"the end"}"#)
        #expect(body(second) == #"{"to":"the end"}"#)
        #expect(server.connections == 2)
    }

    @Test("interim 100 and 103 heads are passed over for the answer after them")
    func interimHeads() async throws {
        let server = try ScriptedServer { _, _ in
            .send("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a.css>\r\n\r\nHTTP/1.1 404 Not Found\r\nContent-Length: 4\r\n\r\nnope")
        }
        defer { server.stop() }
        let transport = SocketHTTPTransport(concurrency: 1, connectTimeout: .seconds(2))
        let response = try await transport.get(request(server))
        await transport.shutdown()
        #expect(response.status == 404)
        #expect(body(response) == "nope")
    }

    @Test("a kept connection the server closed while idle is replaced quietly, and the request answered")
    func staleConnectionReplaced() async throws {
        // The answer says nothing of closing (HTTP/1.1 keeps connections), but the server closes.
        let server = try ScriptedServer { _, _ in .sendThenClose("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok") }
        defer { server.stop() }
        let transport = SocketHTTPTransport(concurrency: 1, connectTimeout: .seconds(2))
        _ = try await transport.get(request(server))
        // Long enough for the close to reach the client's socket before the next request.
        try await Task.sleep(for: .milliseconds(100))
        let second = try await transport.get(request(server))
        await transport.shutdown()
        #expect(body(second) == "ok")
        #expect(server.connections == 2)
        #expect(server.heads.count == 2)
    }

    @Test("the request line and Host are the URL's; a URL that would break the request line is refused before connecting")
    func requestLine() async throws {
        let server = try ScriptedServer { _, _ in .send("HTTP/1.1 204 No Content\r\n\r\n") }
        defer { server.stop() }
        let transport = SocketHTTPTransport(concurrency: 1, connectTimeout: .seconds(2))
        let response = try await transport.get(request(server, "api/v2/pokemon/?limit=100000&offset=0#part"))
        #expect(response.status == 204)
        let head = server.heads.first ?? ""
        #expect(head.hasPrefix("GET /api/v2/pokemon/?limit=100000&offset=0 HTTP/1.1\r\n"))
        #expect(head.contains("\r\nHost: 127.0.0.1:\(server.port)\r\n"))
        #expect(head.contains("\r\nUser-Agent: pokedex/test\r\n"))
        let bad = server.baseURL + "api/v2/a\r\nX-Injected: 1/"
        await #expect(throws: TransportFailure.connection("bad URL \(bad)")) {
            _ = try await transport.get(TransportRequest(url: bad, headers: [], timeout: .seconds(5), maxBytes: 100))
        }
        await transport.shutdown()
        #expect(server.heads.count == 1)
    }

    /// Answers no well-behaved server gives, and the failure each must end in.
    static let hostile: [(String, String, TransportFailure)] = [
        ("a status that is not three digits", "HTTP/1.1 2x0 OK\r\n\r\n", .connection("the server did not answer in HTTP/1.1: HTTP/1.1 2x0 OK")),
        ("another protocol", "SSH-2.0-OpenSSH_9.6\r\n\r\n", .connection("the server did not answer in HTTP/1.1: SSH-2.0-OpenSSH_9.6")),
        ("a length that is not a number", "HTTP/1.1 200 OK\r\nContent-Length: 12abc\r\n\r\n", .connection("the server sent a bad Content-Length: 12abc")),
        ("two lengths that differ", "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nok", .connection("the server sent two different Content-Length headers")),
        ("a length past the cap", "HTTP/1.1 200 OK\r\nContent-Length: 99999999999\r\n\r\n", .tooLarge),
        ("a chunk size that overflows", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nfffffffffffffffffffffff\r\n", .connection("the server sent a bad chunk size")),
        ("a chunk size that is not hex", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", .connection("the server sent a bad chunk size")),
        ("a chunk size with a sign", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n-0\r\n\r\n", .connection("the server sent a bad chunk size")),
        ("chunks past the cap", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n100000\r\n", .tooLarge),
        ("a chunk longer than its size", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n", .connection("the server sent a chunk longer than its size")),
        ("a folded header line", "HTTP/1.1 200 OK\r\nX-A: 1\r\n  folded\r\nContent-Length: 0\r\n\r\n", .connection("the server sent a malformed header line")),
        ("a header name with a space", "HTTP/1.1 200 OK\r\nContent Length: 2\r\n\r\nok", .connection("the server sent a malformed header line")),
        ("a head over 64 KiB", "HTTP/1.1 200 OK\r\nX-Long: " + String(repeating: "a", count: 70_000) + "\r\n\r\n", .connection("the server's response head is over 64 KiB")),
        ("a transfer coding besides chunks", "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n", .connection("the server sent a transfer coding pokedex does not read: gzip, chunked")),
        ("a switch to another protocol", "HTTP/1.1 101 Switching Protocols\r\nUpgrade: h2c\r\n\r\n", .connection("the server switched protocols")),
    ]

    @Test("what a hostile server sends ends in a failure that says what, never a crash or a half body", arguments: hostile)
    func hostileAnswers(_ what: String, _ reply: String, _ expected: TransportFailure) async throws {
        let server = try ScriptedServer { _, _ in .sendThenClose(reply) }
        defer { server.stop() }
        let transport = SocketHTTPTransport(concurrency: 1, connectTimeout: .seconds(2))
        await #expect(throws: expected, "\(what)") {
            _ = try await transport.get(request(server, maxBytes: 1000))
        }
        await transport.shutdown()
    }

    @Test("a body or a head cut off by the server is a truncation or a connection failure, never data")
    func cutOff() async throws {
        let cases: [(String, TransportFailure)] = [
            ("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", .truncated),
            ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab", .truncated),
            ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n", .truncated),
            ("HTTP/1.1 200 OK\r\nContent-Le", .connection("the server closed the connection within a response head")),
            ("", .connection("the server closed the connection without answering")),
        ]
        for (reply, expected) in cases {
            let server = try ScriptedServer { _, _ in .sendThenClose(reply) }
            let transport = SocketHTTPTransport(concurrency: 1, connectTimeout: .seconds(2))
            await #expect(throws: expected, "\(reply.debugDescription)") {
                _ = try await transport.get(request(server))
            }
            await transport.shutdown()
            server.stop()
        }
    }

    /// Servers that never stop sending, each a different loop in the reader.
    static let floods: [(String, String, String)] = [
        ("interim heads", "", "HTTP/1.1 100 Continue\r\n\r\n"),
        ("trailer lines", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n", "X-Trailer: more\r\n"),
    ]

    @Test("a server that never stops sending still meets the request's deadline", arguments: floods)
    func flood(_ what: String, _ prefix: String, _ repeated: String) async throws {
        let server = try ScriptedServer { _, _ in .flood(prefix, repeated) }
        defer { server.stop() }
        let transport = SocketHTTPTransport(concurrency: 1, connectTimeout: .seconds(2))
        // Neither grows the response: only the deadline can end them.
        await #expect(throws: TransportFailure.timeout, "\(what)") {
            _ = try await transport.get(request(server, timeout: .milliseconds(300), maxBytes: 1000))
        }
        await transport.shutdown()
    }

    @Test("a body that ends in a reset rather than a close is a truncation, not a whole body")
    func resetBody() async throws {
        let server = try ScriptedServer { _, _ in .sendThenReset("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n{\"half\":") }
        defer { server.stop() }
        let transport = SocketHTTPTransport(concurrency: 1, connectTimeout: .seconds(2))
        await #expect(throws: TransportFailure.truncated) { _ = try await transport.get(request(server)) }
        await transport.shutdown()
    }

    @Test("bytes a server sends unasked on an idle connection (a 408 before it closes) are never read as the next answer")
    func unaskedBytes() async throws {
        let server = try ScriptedServer { index, _ in
            index == 0
                ? .sendThenLater("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\none", "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")
                : .send("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\ntwo")
        }
        defer { server.stop() }
        let transport = SocketHTTPTransport(concurrency: 1, connectTimeout: .seconds(2))
        let first = try await transport.get(request(server))
        while !server.sentLater { try await Task.sleep(for: .milliseconds(10)) }
        try await Task.sleep(for: .milliseconds(50))
        let second = try await transport.get(request(server))
        await transport.shutdown()
        #expect(body(first) == "one")
        #expect(second.status == 200)
        #expect(body(second) == "two")
        #expect(server.connections == 2)
    }

    @Test("a cancelled request still in the queue ends at once, never sent, while the one before it waits on")
    func cancelWhileQueued() async throws {
        let server = try ScriptedServer { _, _ in .silence }
        defer { server.stop() }
        let transport = SocketHTTPTransport(concurrency: 1, connectTimeout: .seconds(2))
        let firstDone = Flag()
        let first = Task {
            defer { firstDone.set() }
            return try await transport.get(request(server, timeout: .seconds(20)))
        }
        while server.heads.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        let queued = Task { try await transport.get(request(server, timeout: .seconds(20))) }
        try await Task.sleep(for: .milliseconds(50))
        queued.cancel()
        await #expect(throws: TransportFailure.connection("cancelled")) { _ = try await queued.value }
        // Had the cancel waited for the thread, the first request would have ended first.
        #expect(!firstDone.isSet)
        #expect(server.heads.count == 1)
        first.cancel()
        await #expect(throws: TransportFailure.connection("cancelled")) { _ = try await first.value }
        await transport.shutdown()
    }

    @Test("a port nobody listens on is down, named by host and port")
    func refused() async throws {
        let transport = SocketHTTPTransport(concurrency: 1, connectTimeout: .seconds(2))
        try await ScriptedServer.withRefusingPort { port in
            await #expect(throws: TransportFailure.down(host: "127.0.0.1:\(port)")) {
                _ = try await transport.get(TransportRequest(url: "http://127.0.0.1:\(port)/api/v2/", headers: [], timeout: .seconds(5), maxBytes: 100))
            }
        }
        await transport.shutdown()
    }

    @Test("a name under .invalid is refused at once, asking no resolver (RFC 6761)", arguments: [
        ("sprites.invalid", true), ("X.INVALID.", true), ("invalid", true), ("invalid.example", false),
        ("notinvalid", false), ("127.0.0.1", false), ("localhost", false),
    ])
    func specialInvalidNames(host: String, refused: Bool) {
        #expect(NameLookup.isSpecialInvalid(host) == refused, "\(host)")
        guard refused else { return }
        // The answer is there as the lookup is made, before any thread could have asked.
        guard case .failure? = NameLookup(host: host, port: "80").answer else {
            Issue.record("\(host) was not refused at once")
            return
        }
    }

    @Test("a host given by name is looked up on the side and connected to; a name that does not resolve is unreachable, by name")
    func namedHosts() async throws {
        let server = try ScriptedServer { _, _ in .send("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok") }
        defer { server.stop() }
        let transport = SocketHTTPTransport(concurrency: 1, connectTimeout: .seconds(2))
        var named = request(server)
        named.url = named.url.replacingOccurrences(of: "//127.0.0.1:", with: "//localhost:")
        #expect(named.url.hasPrefix("http://localhost:"))
        #expect(body(try await transport.get(named)) == "ok")
        await #expect(throws: TransportFailure.unreachable(host: "pokedex-test.invalid", reason: "the name pokedex-test.invalid does not resolve")) {
            _ = try await transport.get(TransportRequest(url: "http://pokedex-test.invalid/api/v2/", headers: [], timeout: .seconds(5), maxBytes: 100))
        }
        await transport.shutdown()
    }

    @Test("a cancelled request ends then, not at its deadline")
    func cancellation() async throws {
        let server = try ScriptedServer { _, _ in .silence }
        defer { server.stop() }
        let transport = SocketHTTPTransport(concurrency: 1, connectTimeout: .seconds(2))
        let waiting = Task { try await transport.get(request(server, timeout: .seconds(60))) }
        while server.heads.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        waiting.cancel()
        // Had the cancel been missed, this would end in a timeout a minute later, not this.
        await #expect(throws: TransportFailure.connection("cancelled")) { _ = try await waiting.value }
        await transport.shutdown()
    }

    @Test("more requests than threads wait their turn: every one is answered, over no more connections than allowed")
    func boundedConnections() async throws {
        let server = try ScriptedServer { index, _ in .send("HTTP/1.1 200 OK\r\nContent-Length: \(String(index).utf8.count)\r\n\r\n\(index)") }
        defer { server.stop() }
        let transport = SocketHTTPTransport(concurrency: 3, connectTimeout: .seconds(2))
        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<40 { group.addTask { body(try await transport.get(request(server))) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        await transport.shutdown()
        #expect(Set(bodies) == Set((0..<40).map(String.init)))
        #expect(server.connections <= 3)
    }
}

/// A TCP server on 127.0.0.1 that answers each request head with the bytes a script gives,
/// on blocking sockets, a thread per connection.
final class ScriptedServer: @unchecked Sendable {
    enum Action {
        case send(String)
        case sendThenClose(String)
        /// Reads the request and never answers.
        case silence
        /// Sends the first text, then the second over and over until the client goes away.
        case flood(String, String)
        /// Sends, waits for the client to read, then resets the connection (no orderly close).
        case sendThenReset(String)
        /// Sends the first text, and the second 100 ms later, unasked; keeps the connection.
        case sendThenLater(String, String)
    }

    let port: Int
    var baseURL: String { "http://127.0.0.1:\(port)/" }
    private let listener: Int32
    private let script: @Sendable (_ request: Int, _ connection: Int) -> Action
    private let lock = NSLock()
    private var accepted = 0
    private var received: [String] = []
    private var later = false

    /// How many connections were accepted so far.
    var connections: Int { lock.withLock { accepted } }
    /// Every request head received, in order.
    var heads: [String] { lock.withLock { received } }
    /// Whether a ``Action/sendThenLater(_:_:)`` sent its second text.
    var sentLater: Bool { lock.withLock { later } }

    init(script: @escaping @Sendable (_ request: Int, _ connection: Int) -> Action) throws {
        self.script = script
        (listener, port) = try Self.listen()
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// A port of loopback that refuses every connection while `body` runs: bound but not
    /// listening, so no other test can take it meanwhile (a port merely closed can be
    /// handed to another test's server at once).
    static func withRefusingPort<Result>(_ body: (Int) async throws -> Result) async throws -> Result {
        let (socket, port) = try listen(listening: false)
        defer { close(socket) }
        return try await body(port)
    }

    private static func listen(listening: Bool = true) throws -> (Int32, Int) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(socket, address, length) == 0 && (!listening || Glibc.listen(socket, 64) == 0) && getsockname(socket, address, &length) == 0
            }
        }
        guard socket >= 0, bound else { throw POSIXError(.EADDRNOTAVAIL) }
        return (socket, Int(UInt16(bigEndian: address.sin_port)))
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            // Close-on-exec: a child another test spawns meanwhile (the mirror's nginx, which
            // stays) must not inherit the connection, or the server's close never reaches
            // the client, which then waits out its deadline. (Glibc's `accept4` is not
            // imported; the window between the two calls is microseconds.)
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            let number = lock.withLock { () -> Int in
                accepted += 1
                return accepted - 1
            }
            let thread = Thread { [self] in serve(connection, number) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32, _ number: Int) {
        defer { close(connection) }
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            // A whole head, up to its blank line.
            while !pending.windows(ofCount: 4).contains(where: { $0.elementsEqual([13, 10, 13, 10]) }) {
                let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { return }
                pending += chunk[0..<count]
            }
            let end = pending.indices.first { pending[$0...].starts(with: [13, 10, 13, 10]) }! + 4
            let head = String(decoding: pending[0..<end], as: UTF8.self)
            pending.removeFirst(end)
            let index = lock.withLock { () -> Int in
                received.append(head)
                return received.count - 1
            }
            switch script(index, number) {
            case let .send(text):
                guard write(connection, text) else { return }
            case let .sendThenClose(text):
                _ = write(connection, text)
                return
            case let .flood(prefix, repeated):
                guard write(connection, prefix) else { return }
                let block = String(repeating: repeated, count: max(1, 16_384 / repeated.utf8.count))
                while write(connection, block) {}
                return
            case let .sendThenReset(text):
                _ = write(connection, text)
                usleep(200_000)
                var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
                _ = setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
                return
            case let .sendThenLater(text, unasked):
                guard write(connection, text) else { return }
                usleep(100_000)
                guard write(connection, unasked) else { return }
                lock.withLock { later = true }
            case .silence:
                // Until the client goes away.
                while chunk.withUnsafeMutableBytes({ recv(connection, $0.baseAddress, $0.count, 0) }) > 0 {}
                return
            }
        }
    }

    private func write(_ connection: Int32, _ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { send(connection, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }
}

/// A flag one task sets and another reads.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

private extension Array where Element == UInt8 {
    /// Every run of `count` consecutive bytes.
    func windows(ofCount count: Int) -> [ArraySlice<UInt8>] {
        guard self.count >= count else { return [] }
        return (0...(self.count - count)).map { self[$0..<($0 + count)] }
    }
}

import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// An HTTP/1.1 server on 127.0.0.1 (random port) that answers with whatever a test decides.
///
/// Real sockets, so clients meet real connection reuse, resets and slow answers.
/// Every request is recorded for assertions.
public final class LoopbackServer: Sendable {
    /// A request as the server saw it; header names lowercased.
    public struct Request: Sendable {
        public let method: String
        /// Path and query: `/api/v2/pokemon/1/`.
        public let uri: String
        public let headers: [String: String]

        /// The path without its query.
        public var path: String { String(uri.prefix { $0 != "?" }) }
    }

    /// How to answer a request.
    public indirect enum Reply: Sendable {
        case respond(status: Int, headers: [String: String], body: [UInt8])
        /// Close the connection at once, with an RST, before any response.
        case reset
        /// Wait, then answer.
        case delayed(Duration, Reply)
        /// Announce `declaredLength` bytes, send `body` (shorter), then close.
        case truncated(declaredLength: Int, body: [UInt8])
        /// Send the head and the first byte of `body` at once, then one byte every `interval`:
        /// a server that never falls silent for long, yet never finishes in time.
        case trickle(interval: Duration, body: [UInt8])

        public static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> Reply {
            .respond(status: status, headers: headers.merging(["content-type": "application/json"]) { old, _ in old }, body: Array(text.utf8))
        }

        public static func status(_ code: Int, headers: [String: String] = [:]) -> Reply {
            .respond(status: code, headers: headers, body: [])
        }
    }

    public let port: Int
    private let channel: any Channel
    private let log: RequestLog

    /// `http://127.0.0.1:<port>/`
    public var baseURL: String { "http://127.0.0.1:\(port)/" }

    /// Every request so far, in arrival order.
    public var requests: [Request] { log.all }

    /// How many requests have arrived, once `count` have or `limit` has passed. A client
    /// that gave up (a timeout) may have sent a request this server has not read yet: on a
    /// loaded machine the count read at once came out one short.
    public func requestCount(reaching count: Int, within limit: Duration = .seconds(10)) async -> Int {
        let deadline = ContinuousClock.now + limit
        while log.all.count < count, ContinuousClock.now < deadline {
            do { try await Task.sleep(for: .milliseconds(20)) } catch { break }
        }
        return log.all.count
    }

    /// Starts listening; `handler` runs on the server's event loop for each request.
    public static func start(handler: @escaping @Sendable (Request) -> Reply) async throws -> LoopbackServer {
        let log = RequestLog()
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(ReplyHandler(handler: handler, log: log))
                }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        guard let port = channel.localAddress?.port else { throw ServerError.noPort }
        return LoopbackServer(port: port, channel: channel, log: log)
    }

    private init(port: Int, channel: any Channel, log: RequestLog) {
        self.port = port
        self.channel = channel
        self.log = log
    }

    /// Stops listening.
    public func stop() async {
        try? await channel.close()
    }

    enum ServerError: Error { case noPort }
}

/// Requests seen, shared between event loops and the test.
final class RequestLog: @unchecked Sendable {
    private let lock = NSLock()
    private var requests: [LoopbackServer.Request] = []

    func append(_ request: LoopbackServer.Request) {
        lock.withLock { requests.append(request) }
    }

    var all: [LoopbackServer.Request] { lock.withLock { requests } }
}

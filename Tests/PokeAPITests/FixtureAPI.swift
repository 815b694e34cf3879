import Foundation
import TestSupport
@testable import PokeAPI

/// A tiny PokeAPI written for the tests: two species in one chain, their pokemon, lookups, sprites.
///
/// Served by a ``LoopbackServer``; `fault` lets a test replace the answer for any request.
final class FixtureAPI: @unchecked Sendable {
    let server: LoopbackServer
    private let lock = NSLock()
    private var faults: [@Sendable (LoopbackServer.Request, Int) -> LoopbackServer.Reply?] = []
    private var counts: [String: Int] = [:]

    var apiBase: String { server.baseURL + "api/v2/" }
    var spritesBase: String { server.baseURL }

    private init(server: LoopbackServer) {
        self.server = server
    }

    static func start() async throws -> FixtureAPI {
        let box = Box()
        let server = try await LoopbackServer.start { request in box.api?.reply(to: request) ?? .status(503) }
        let api = FixtureAPI(server: server)
        box.api = api
        return api
    }

    /// Adds a fault: return a reply to override the normal answer; the Int counts requests to that path (1-based).
    func inject(_ fault: @escaping @Sendable (LoopbackServer.Request, Int) -> LoopbackServer.Reply?) {
        lock.withLock { faults.append(fault) }
    }

    func clearFaults() {
        lock.withLock { faults.removeAll() }
    }

    /// Requests to paths that start with `prefix`.
    func requests(to prefix: String) -> [LoopbackServer.Request] {
        server.requests.filter { $0.path.hasPrefix(prefix) }
    }

    func configuration(cache: URL) -> FetchConfiguration {
        var retry = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(1), maxDelay: .milliseconds(5))
        retry.sleep = { _ in }
        return FetchConfiguration(cache: cache, api: apiBase, spritesURL: spritesBase,
                                  selection: FetchSelection(pokemon: [.name("bulbasaur")]),
                                  timeout: .seconds(5), retry: retry)
    }

    private func reply(to request: LoopbackServer.Request) -> LoopbackServer.Reply {
        let (count, faults) = lock.withLock { () -> (Int, [@Sendable (LoopbackServer.Request, Int) -> LoopbackServer.Reply?]) in
            counts[request.path, default: 0] += 1
            return (counts[request.path] ?? 1, self.faults)
        }
        for fault in faults {
            if let reply = fault(request, count) { return reply }
        }
        return Self.normalReply(to: request)
    }

    static func normalReply(to request: LoopbackServer.Request) -> LoopbackServer.Reply {
        let path = request.path
        if path.hasPrefix("/sprites/") {
            let etag = "\"s\(path.count)\""
            if path == "/sprites/pokemon/shiny/2.png" { return .status(404) }
            if request.headers["if-none-match"] == etag { return .status(304, headers: ["etag": etag]) }
            // The PNG signature, so the body is taken for the image it claims to be.
            return .respond(status: 200, headers: ["etag": etag], body: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("PNG\(path)".utf8))
        }
        guard let json = FixtureData.body(for: path) else { return .status(404) }
        let etag = "\"\(abs(json.hashValue % 100_000))\""
        if request.headers["if-none-match"] == etag { return .status(304, headers: ["etag": etag]) }
        return .json(json, headers: ["etag": etag])
    }

    private final class Box: @unchecked Sendable {
        var api: FixtureAPI?
    }
}

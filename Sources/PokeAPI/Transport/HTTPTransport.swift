import Foundation

/// Gets one URL; the seam where tests put loopback servers and faults.
///
/// A transport does no retries and follows no redirects: ``APIClient`` decides both.
protocol HTTPTransport: Sendable {
    /// Performs a GET; throws a ``TransportFailure`` when no complete response came.
    func get(_ request: TransportRequest) async throws(TransportFailure) -> TransportResponse
    /// Releases connections; called once when a fetch ends.
    func shutdown() async
}

/// What a transport is asked for.
struct TransportRequest: Sendable {
    var url: String
    var headers: [(name: String, value: String)]
    var timeout: Duration
    var maxBytes: Int
}

/// A complete response: status, headers (lowercased names) and the whole body.
struct TransportResponse: Sendable {
    var status: Int
    var headers: [String: String]
    var body: Data
}

/// Why a transport produced no complete response.
enum TransportFailure: Error, Sendable, Equatable {
    case connection(String)
    /// The host cannot be reached at all: its name does not resolve, or no route leads to
    /// it. Not transient like a 503: never retried, and it ends the whole fetch.
    case unreachable(host: String, reason: String)
    /// Every address of the host refused the connection: nothing listens there now (a
    /// mirror stopped mid-fetch, a wrong port). Retried, since a server that restarts comes
    /// back; a request refused on every attempt ends the fetch (``PokeAPIFailure/serverDown``).
    case down(host: String)
    case timeout
    case tooLarge
    case truncated
    /// A local source refused to serve the path (a symlink out of its folder); never retried.
    case refused(String)
}

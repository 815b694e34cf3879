import Foundation

/// Gets one URL politely: User-Agent, retries with backoff, checked redirects, conditional requests.
struct APIClient: Sendable {
    let transport: any HTTPTransport
    let endpoints: Endpoints
    let retry: RetryPolicy
    let timeout: Duration
    let maxBytes: Int
    let userAgent: String
    /// Bounds the requests on the wire across every caller of this client.
    var gate = RequestGate(limit: .max)

    /// What a GET ended with.
    enum Outcome: Sendable, Equatable {
        case body(Data, etag: String?, lastModified: String?)
        case notModified
        case notFound
    }

    /// Validators from an earlier response, for `If-None-Match` / `If-Modified-Since`.
    struct Validators: Sendable, Equatable {
        var etag: String?
        var lastModified: String?
    }

    /// Gets `url`, taking any body.
    func get(_ url: String, validators: Validators? = nil) async throws(PokeAPIFailure) -> Outcome {
        try await get(url, validators: validators) { (_) throws(PokeAPIFailure) in () }.outcome
    }

    /// Gets `url`, reading a 2xx body with `read`; the value is nil unless there was a body.
    ///
    /// A body `read` refuses (JSON that does not parse, an image that is not one) is a
    /// transient failure like a 5xx: a server that sometimes truncates bodies is retried
    /// with the same backoff, and only the last refusal is reported.
    func get<Value: Sendable>(
        _ url: String, validators: Validators? = nil,
        read: (Data) throws(PokeAPIFailure) -> Value
    ) async throws(PokeAPIFailure) -> (outcome: Outcome, value: Value?) {
        var attempt = 1
        // Attempts whose connection was refused, and by whom: a request refused every time
        // ends the fetch, where each of thousands of URLs would otherwise wait out its retries.
        var refusals = 0, refusedBy = ""
        while true {
            let failure: PokeAPIFailure
            var retryAfter: Duration?
            do {
                let response = try await gate.withSlot { try await followingRedirects(url, validators: validators) }
                switch response.status {
                case 200..<300:
                    do throws(PokeAPIFailure) {
                        let value = try read(response.body)
                        return (.body(response.body, etag: response.headers["etag"], lastModified: response.headers["last-modified"]), value)
                    } catch {
                        failure = error
                    }
                case 304:
                    return (.notModified, nil)
                case 404, 410:
                    return (.notFound, nil)
                case 429, 500...599:
                    failure = .status(url: url, code: response.status)
                    retryAfter = RetryPolicy.retryAfter(response.headers["retry-after"])
                default:
                    throw PokeAPIFailure.status(url: url, code: response.status)
                }
            } catch let error as TransportFailure {
                switch error {
                case let .connection(reason): failure = .transport(url: url, reason: reason)
                case let .unreachable(host, reason): throw .unreachable(url: url, host: host, reason: reason)
                case let .down(host):
                    failure = .transport(url: url, reason: "cannot connect to \(host): connection refused")
                    refusals += 1
                    refusedBy = host
                case .timeout: failure = .timeout(url: url, seconds: Double(timeout.milliseconds) / 1000)
                case .truncated: failure = .truncated(url: url)
                case .tooLarge: throw .tooLarge(url: url, limit: maxBytes)
                case let .refused(reason): throw .confined(path: url, reason: reason)
                }
            } catch let error as PokeAPIFailure {
                throw error
            } catch {
                throw .transport(url: url, reason: "cancelled")
            }
            guard attempt < retry.maxAttempts, !Task.isCancelled else {
                throw refusals == attempt && !Task.isCancelled ? .serverDown(url: url, host: refusedBy, attempts: attempt) : failure
            }
            do {
                try await retry.sleep(retry.delay(afterAttempt: attempt, retryAfter: retryAfter))
            } catch {
                throw failure
            }
            attempt += 1
        }
    }
}

extension APIClient {
    /// The request for `url`: who asks, what it takes, and the validators of what the cache holds.
    func request(_ url: String, validators: Validators?) -> TransportRequest {
        var headers: [(name: String, value: String)] = [("User-Agent", userAgent), ("Accept", "application/json, image/*;q=0.9, */*;q=0.5")]
        if Self.wantsCompression(url) { headers.append(("Accept-Encoding", "gzip, deflate")) }
        if let etag = validators?.etag { headers.append(("If-None-Match", etag)) }
        if let lastModified = validators?.lastModified { headers.append(("If-Modified-Since", lastModified)) }
        return TransportRequest(url: url, headers: headers, timeout: timeout, maxBytes: maxBytes)
    }

    /// Whether to ask `url`'s server for a compressed body: yes, except on loopback
    /// (`127.0.0.0/8`, `::1`, `localhost`). There no bandwidth is saved, and the server's
    /// compressing and the fetch's inflating share the same machine's cores: against the
    /// shared mirror on this machine they were a fifth of a cold fetch's wall time. A body
    /// sent compressed anyway is inflated as always.
    static func wantsCompression(_ url: String) -> Bool {
        guard let host = host(of: url) else { return true }
        if host.lowercased() == "localhost" { return false }
        guard let address = NameLookup.address(host) else { return true }
        var v4 = in_addr(), v6 = in6_addr()
        if inet_pton(AF_INET, address, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 != 127 }
        guard inet_pton(AF_INET6, address, &v6) == 1 else { return true }
        return withUnsafeBytes(of: &v6) { bytes in !(bytes.dropLast().allSatisfy { $0 == 0 } && bytes.last == 1) }
    }

    /// The host of an absolute URL, without userinfo or port (an IPv6 literal keeps its
    /// brackets); nil when there is none.
    static func host(of url: String) -> String? {
        let utf8 = url.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")), utf8[colon...].starts(with: "://".utf8) else { return nil }
        let start = utf8.index(colon, offsetBy: 3)
        let end = utf8[start...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? utf8.endIndex
        var authority = url[start..<end]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") { return String(authority[...close]) }
        let host = authority.prefix { $0 != ":" }
        return host.isEmpty ? nil : String(host)
    }
}

private extension APIClient {
    static let maxRedirects = 5

    func followingRedirects(_ url: String, validators: Validators?) async throws -> TransportResponse {
        var current = url
        for _ in 0...Self.maxRedirects {
            let response = try await transport.get(request(current, validators: validators))
            guard [301, 302, 303, 307, 308].contains(response.status), let location = response.headers["location"] else {
                return response
            }
            let target = URL(string: location, relativeTo: URL(string: current))?.absoluteString ?? location
            guard endpoints.allowsRedirect(to: target) else { throw PokeAPIFailure.redirectRefused(url: url, location: target) }
            current = target
        }
        throw PokeAPIFailure.transport(url: url, reason: "more than \(Self.maxRedirects) redirects")
    }
}

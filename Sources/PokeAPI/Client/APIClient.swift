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
        if endpoints.wantsCompression(url) { headers.append(("Accept-Encoding", "gzip, deflate")) }
        if let etag = validators?.etag { headers.append(("If-None-Match", etag)) }
        if let lastModified = validators?.lastModified { headers.append(("If-Modified-Since", lastModified)) }
        return TransportRequest(url: url, headers: headers, timeout: timeout, maxBytes: maxBytes)
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

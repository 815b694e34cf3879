import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import NIOPosix

/// The real transport: AsyncHTTPClient with a connection pool, HTTP/2 where offered, gzip
/// (each body inflated whole once it is complete, by ``ContentCoding``).
///
/// Each request runs with a ``BodyCollector`` delegate: the body is gathered on the
/// connection's event loop and the caller resumes once, with the whole response, instead
/// of once per chunk as with the async body sequence; AsyncHTTPClient's deadline covers the
/// request whole, head and body, so a silent or trickling server times out without a
/// timer task of our own (the task per request it replaced cost a fifth of a fetch's CPU).
final class AsyncHTTPTransport: HTTPTransport {
    private let client: HTTPClient

    init(concurrency: Int, connectTimeout: Duration) {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .milliseconds(connectTimeout.milliseconds)),
            connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: max(1, concurrency)),
            decompression: .disabled
        )
        configuration.httpVersion = .automatic
        // A connection that cannot be made fails its request at once: `APIClient` retries
        // with its own backoff, and a refusal on every attempt ends the fetch. The pool's own
        // retries would hold each request until its deadline.
        configuration.connectionPool.retryConnectionEstablishment = false
        // No tracing: with the default no-op tracer AsyncHTTPClient still builds a span and
        // its attributes for every request, a few percent of a fetch's CPU.
        configuration.tracing.tracer = nil
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    func get(_ request: TransportRequest) async throws(TransportFailure) -> TransportResponse {
        do {
            return try await perform(request)
        } catch let failure as TransportFailure {
            throw failure
        } catch {
            if let (host, reason) = Self.unreachable(error, url: request.url) { throw .unreachable(host: host, reason: reason) }
            if Self.isRefused(error) { throw .down(host: URLAuthority(request.url)?.spelled ?? request.url) }
            throw .connection(Self.describe(error))
        }
    }

    /// The host and why, when an error says the host cannot be reached at all: a name that
    /// does not resolve (any DNS failure), or no route to the network. A refused
    /// connection or a timeout is not this: a server that is down may come back.
    static func unreachable(_ error: any Error, url: String) -> (host: String, reason: String)? {
        let host = URLAuthority(url)?.bareHost ?? url
        if let error = error as? NIOConnectionError {
            if error.dnsAError != nil || error.dnsAAAAError != nil {
                return (error.host, "the name \(error.host) does not resolve")
            }
            if !error.connectionErrors.isEmpty, error.connectionErrors.allSatisfy({ isNoRoute($0.error) }) {
                return (error.host, "no route to \(error.host)")
            }
        }
        if let error = error as? SocketAddressError, case let .unknown(name, _) = error {
            return (name, "the name \(name) does not resolve")
        }
        if isNoRoute(error) { return (host, "no route to \(host)") }
        return nil
    }

    /// Whether the host refused the connection: some address refused it, and every other
    /// could not be used from here (``HTTPConnection/isDown(_:)``).
    static func isRefused(_ error: any Error) -> Bool {
        if let error = error as? NIOConnectionError {
            return HTTPConnection.isDown(error.connectionErrors.map { ($0.error as? IOError)?.errnoCode ?? 0 })
        }
        return (error as? IOError)?.errnoCode == ECONNREFUSED
    }

    private static func isNoRoute(_ error: any Error) -> Bool {
        guard let error = error as? IOError else { return false }
        return error.errnoCode == ENETUNREACH || error.errnoCode == EHOSTUNREACH || error.errnoCode == ENETDOWN
    }

    func shutdown() async {
        try? await client.shutdown()
    }
}

private extension AsyncHTTPTransport {
    func perform(_ request: TransportRequest) async throws -> TransportResponse {
        var headers = HTTPHeaders()
        for header in request.headers { headers.add(name: header.name, value: header.value) }
        let outgoing: HTTPClient.Request
        do {
            outgoing = try HTTPClient.Request(url: request.url, method: .GET, headers: headers)
        } catch {
            throw TransportFailure.connection("bad URL \(request.url)")
        }
        let collector = BodyCollector(maxBytes: request.maxBytes)
        let task = client.execute(request: outgoing, delegate: collector,
                                  deadline: .now() + .milliseconds(request.timeout.milliseconds))
        do {
            return try await withTaskCancellationHandler {
                try await task.futureResult.get()
            } onCancel: {
                task.cancel()
            }
        } catch let failure as TransportFailure {
            throw failure
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout {
            throw TransportFailure.timeout
        } catch let error as HTTPClientError where error == .cancelled {
            throw CancellationError()
        } catch {
            // Cut off after the head: the body is incomplete; before it: the connection failed.
            if collector.receivedHead { throw TransportFailure.truncated }
            throw error
        }
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? HTTPClientError { return error.shortDescription }
        return String(describing: error)
    }
}

extension Duration {
    /// Whole milliseconds, for APIs that take a count.
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}

/// Gathers a response on its connection's event loop, refusing bodies over `maxBytes`.
///
/// AsyncHTTPClient calls a delegate on one event loop only, one call at a time; that is
/// what makes the unsynchronised state safe.
private final class BodyCollector: HTTPClientResponseDelegate, @unchecked Sendable {
    typealias Response = TransportResponse

    let maxBytes: Int
    private var head: HTTPResponseHead?
    private var body = ByteBuffer()

    init(maxBytes: Int) {
        self.maxBytes = maxBytes
    }

    /// Whether the head arrived; read after the task ended.
    var receivedHead: Bool { head != nil }

    func didReceiveHead(task: HTTPClient.Task<Response>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        self.head = head
        if let length = head.headers.first(name: "content-length").flatMap(Int.init), length > maxBytes {
            return task.eventLoop.makeFailedFuture(TransportFailure.tooLarge)
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Response>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        guard body.readableBytes + buffer.readableBytes <= maxBytes else {
            return task.eventLoop.makeFailedFuture(TransportFailure.tooLarge)
        }
        // The first part is kept as it is (most bodies come in one or two); later ones append.
        if body.readableBytes == 0 {
            body = buffer
        } else {
            body.writeImmutableBuffer(buffer)
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: HTTPClient.Task<Response>) throws -> Response {
        guard let head else { throw TransportFailure.truncated }
        var headers: [String: String] = [:]
        for (name, value) in head.headers { headers[name.lowercased()] = value }
        // Without a copy: the Data keeps the buffer's storage alive (a fetch moves 200 MB).
        let data = body.readData(length: body.readableBytes, byteTransferStrategy: .noCopy) ?? Data()
        // Only a success's body is read; another's (a 404 page, a redirect's) is not inflated.
        let status = Int(head.status.code)
        guard (200..<300).contains(status) else { return TransportResponse(status: status, headers: headers, body: data) }
        let encoding = headers.removeValue(forKey: "content-encoding")
        return TransportResponse(status: status, headers: headers, body: try ContentCoding.decode(data, encoding: encoding, maxBytes: maxBytes))
    }
}

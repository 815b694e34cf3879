import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The real transport: AsyncHTTPClient with a connection pool, HTTP/2 where offered, gzip.
final class AsyncHTTPTransport: HTTPTransport {
    private let client: HTTPClient

    init(concurrency: Int, connectTimeout: Duration) {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .milliseconds(connectTimeout.milliseconds)),
            connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: max(1, concurrency)),
            decompression: .enabled(limit: .ratio(200))
        )
        configuration.httpVersion = .automatic
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    func get(_ request: TransportRequest) async throws(TransportFailure) -> TransportResponse {
        do {
            return try await ResponseRace.run(timeout: request.timeout) { try await self.perform(request) }
        } catch let failure as TransportFailure {
            throw failure
        } catch {
            throw .connection(Self.describe(error))
        }
    }

    func shutdown() async {
        try? await client.shutdown()
    }
}

private extension AsyncHTTPTransport {
    func perform(_ request: TransportRequest) async throws -> TransportResponse {
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.method = .GET
        for header in request.headers { outgoing.headers.add(name: header.name, value: header.value) }
        let response: HTTPClientResponse
        do {
            response = try await client.execute(outgoing, timeout: .milliseconds(request.timeout.milliseconds))
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout {
            throw TransportFailure.timeout
        }
        var headers: [String: String] = [:]
        for (name, value) in response.headers { headers[name.lowercased()] = value }
        if let length = headers["content-length"].flatMap(Int.init), length > request.maxBytes { throw TransportFailure.tooLarge }
        do {
            let buffer = try await response.body.collect(upTo: request.maxBytes)
            return TransportResponse(status: Int(response.status.code), headers: headers, body: Data(buffer.readableBytesView))
        } catch is NIOTooManyBytesError {
            throw TransportFailure.tooLarge
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw TransportFailure.truncated
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

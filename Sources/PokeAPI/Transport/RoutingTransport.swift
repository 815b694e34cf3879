/// Sends `file://` URLs to a ``FileTransport``, plain `http://` to a ``SocketHTTPTransport``
/// and everything else (`https://`) to AsyncHTTPClient.
struct RoutingTransport: HTTPTransport {
    let plain: any HTTPTransport
    let tls: any HTTPTransport
    let file: FileTransport

    func get(_ request: TransportRequest) async throws(TransportFailure) -> TransportResponse {
        if request.url.hasPrefix("file://") { return try await file.get(request) }
        if HTTPTarget.isPlain(request.url) { return try await plain.get(request) }
        return try await tls.get(request)
    }

    func shutdown() async {
        async let plain: Void = plain.shutdown()
        await tls.shutdown()
        await plain
    }
}

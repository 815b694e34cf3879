/// Sends `file://` URLs to a ``FileTransport`` and everything else over HTTP.
struct RoutingTransport: HTTPTransport {
    let http: any HTTPTransport
    let file: FileTransport

    func get(_ request: TransportRequest) async throws(TransportFailure) -> TransportResponse {
        if request.url.hasPrefix("file://") { return try await file.get(request) }
        return try await http.get(request)
    }

    func shutdown() async {
        await http.shutdown()
    }
}

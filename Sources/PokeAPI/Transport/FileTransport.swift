import Foundation

/// Serves `file://` URLs from a folder in api-data layout, so `--api PATH` behaves like a server.
///
/// `.../api/v2/pokemon/25/` reads `.../api/v2/pokemon/25/index.json`; a missing file is a 404.
struct FileTransport: HTTPTransport {
    func get(_ request: TransportRequest) async throws(TransportFailure) -> TransportResponse {
        guard var components = URLComponents(string: request.url) else { return Self.notFound }
        components.query = nil
        var path = components.percentEncodedPath.removingPercentEncoding ?? components.percentEncodedPath
        if path.hasSuffix("/") { path += "index.json" }
        guard !path.split(separator: "/").contains("..") else { return Self.notFound }
        guard let data = FileManager.default.contents(atPath: path) else { return Self.notFound }
        guard data.count <= request.maxBytes else { throw .tooLarge }
        return TransportResponse(status: 200, headers: [:], body: data)
    }

    func shutdown() async {}

    private static let notFound = TransportResponse(status: 404, headers: [:], body: Data())
}

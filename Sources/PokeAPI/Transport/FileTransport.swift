import Common
import Foundation

/// Serves `file://` URLs from a folder in api-data layout, so `--api PATH` behaves like a server.
///
/// `.../api/v2/pokemon/25/` reads `.../api/v2/pokemon/25/index.json`; a missing file is a 404.
/// Only files inside the source folders are served: a symlink leading out of them (a git
/// clone can carry one) is refused, so a data folder cannot make the fetch read `~/.ssh`.
struct FileTransport: HTTPTransport {
    /// The folders `file://` URLs may read from: the api-data folder and the sprites folder.
    let folders: [InputFolder]

    init(folders: [URL] = []) {
        self.folders = folders.map(InputFolder.init)
    }

    /// The folders an endpoint set reads from (the parents of `api/v2/` and the sprites base).
    init(endpoints: Endpoints) {
        var roots: [URL] = []
        for base in [endpoints.apiBase, endpoints.spritesBase] {
            guard let url = URL(string: base), url.isFileURL else { continue }
            var folder = url.standardizedFileURL
            if folder.path.hasSuffix("/api/v2") { folder = folder.deletingLastPathComponent().deletingLastPathComponent() }
            roots.append(folder)
        }
        self.init(folders: roots)
    }

    func get(_ request: TransportRequest) async throws(TransportFailure) -> TransportResponse {
        guard var components = URLComponents(string: request.url) else { return Self.notFound }
        components.query = nil
        var path = components.percentEncodedPath.removingPercentEncoding ?? components.percentEncodedPath
        if path.hasSuffix("/") { path += "index.json" }
        guard !path.split(separator: "/").contains("..") else { return Self.notFound }
        guard let folder = folders.first(where: { path.hasPrefix($0.root.path + "/") }) else { return Self.notFound }
        let relative = String(path.dropFirst(folder.root.path.count + 1))
        switch folder.resolve(relative) {
        case let .file(real, size):
            guard size <= request.maxBytes else { throw .tooLarge }
            guard let data = FileManager.default.contents(atPath: real) else { return Self.notFound }
            return TransportResponse(status: 200, headers: [:], body: data)
        case let .escapes(target):
            throw .refused(folder.escaping(relative, target: target).description)
        case .notAFile, .unsafePath:
            throw .refused("\(path) is not a regular file inside \(folder.realRoot)")
        case .missing:
            return Self.notFound
        }
    }

    func shutdown() async {}

    private static let notFound = TransportResponse(status: 404, headers: [:], body: Data())
}

@testable import PokeAPI
import Foundation

/// Reads resources from a folder in api-data layout: an api-data clone, a mirror, a cache.
///
/// Such folders address resources by id only; a name is looked up in the list endpoint.
struct LocalSource: Sendable {
    let layout: CacheLayout

    init(root: URL) {
        self.layout = CacheLayout(root: root)
    }

    var root: URL { layout.root }

    /// Whether the folder holds the resource's file.
    func contains(_ path: APIResourcePath) -> Bool {
        FileManager.default.fileExists(atPath: layout.file(for: path).path)
    }

    /// The raw JSON of a resource.
    func data(for path: APIResourcePath) throws -> Data {
        do {
            return try rawData(for: resolved(path))
        } catch {
            throw PokeAPIError(error)
        }
    }

    /// A resource decoded into a model; a failure names the file and JSON path.
    func decode<T: Decodable>(_ type: T.Type, at path: APIResourcePath) throws -> T {
        do {
            let path = try resolved(path)
            let data = try rawData(for: path)
            return try APIJSON.decode(type, from: data, url: layout.file(for: path).path)
        } catch {
            throw PokeAPIError(error)
        }
    }

    /// A list endpoint (`pokemon`, `type`, ...), as the folder holds it.
    func list(_ resource: String) throws -> APIResourceList {
        guard let path = APIResourcePath(resource: resource) else { throw PokeAPIError(.badLink(resource)) }
        return try decode(APIResourceList.self, at: path)
    }

    /// The file of a sprite, or nil when the folder does not have it.
    func spriteFile(_ sprite: SpritePath) -> URL? {
        let url = layout.file(for: sprite)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }
}

private extension LocalSource {
    func rawData(for path: APIResourcePath) throws(PokeAPIFailure) -> Data {
        let file = layout.file(for: path)
        guard FileManager.default.fileExists(atPath: file.path) else { throw .missingFile(path: file.path) }
        do {
            return try Data(contentsOf: file)
        } catch {
            throw .unreadable(path: file.path, reason: error.localizedDescription)
        }
    }

    /// The same path with a name replaced by the id the list gives it.
    func resolved(_ path: APIResourcePath) throws(PokeAPIFailure) -> APIResourcePath {
        guard let identifier = path.identifier, Int(identifier) == nil, !contains(path),
              let listPath = APIResourcePath(resource: path.resource) else { return path }
        let list = try APIJSON.decode(APIResourceList.self, from: rawData(for: listPath), url: layout.file(for: listPath).path)
        guard let match = list.results.first(where: { $0.name == identifier })?.path else {
            throw .missingFile(path: layout.file(for: path).path)
        }
        return match
    }
}

import Foundation

/// Reads PokeAPI resources from an api-data folder (`<root>/api/v2/<kind>/<id>/index.json`).
///
/// Every failure names the file and, for bad JSON, the JSON path.
struct ResourceStore: Sendable {
    let root: URL

    /// The file a resource lives in.
    func file(_ kind: String, _ id: Int) -> URL {
        root.appendingPathComponent("api/v2/\(kind)/\(id)/index.json")
    }

    /// The folder holding one resource kind.
    func folder(_ kind: String) -> URL {
        root.appendingPathComponent("api/v2/\(kind)", isDirectory: true)
    }

    /// The ids present for a resource kind, ascending (from the folder, not the list endpoint).
    func ids(_ kind: String) throws(CatalogIssue) -> [Int] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder(kind).path)
        } catch {
            if !FileManager.default.fileExists(atPath: folder(kind).path) { return [] }
            throw .unreadable(path: folder(kind).path, detail: error.localizedDescription)
        }
        return names.compactMap { Int($0) }.sorted()
    }

    /// Whether a resource is present.
    func has(_ kind: String, _ id: Int) -> Bool {
        FileManager.default.fileExists(atPath: file(kind, id).path)
    }

    /// Decodes one resource; `neededBy` names what referred to it, for the error.
    func load<T: Decodable>(_ type: T.Type, _ kind: String, _ id: Int, neededBy: String? = nil) throws(CatalogIssue) -> T {
        let url = file(kind, id)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            if !FileManager.default.fileExists(atPath: url.path) {
                throw .missingResource(path: url.path, neededBy: neededBy)
            }
            throw .unreadable(path: url.path, detail: error.localizedDescription)
        }
        return try Self.decode(type, from: data, path: url.path)
    }

    /// Decodes one resource, or nil when the file is absent.
    func loadIfPresent<T: Decodable>(_ type: T.Type, _ kind: String, _ id: Int) throws(CatalogIssue) -> T? {
        has(kind, id) ? try load(type, kind, id) : nil
    }

    static func decode<T: Decodable>(_ type: T.Type, from data: Data, path: String) throws(CatalogIssue) -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            let (jsonPath, detail) = error.pathAndDetail()
            throw .malformedResource(path: path, jsonPath: jsonPath, detail: detail)
        } catch {
            throw .malformedResource(path: path, jsonPath: "$", detail: error.localizedDescription)
        }
    }
}

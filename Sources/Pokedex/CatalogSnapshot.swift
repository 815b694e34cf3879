import Foundation

/// Reads and writes a catalog as one file, so a build need not decode the raw resources again.
enum CatalogSnapshot {
    /// The catalog in the file, or nil when it is absent or unreadable (then it is rebuilt).
    static func read(from url: URL) -> Catalog? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return try? decode(data)
    }

    /// Writes atomically; false when the folder is not writable.
    static func write(_ catalog: Catalog, to url: URL) -> Bool {
        guard let data = try? encode(catalog) else { return false }
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
            return true
        } catch {
            return false
        }
    }

    static func encode(_ catalog: Catalog) throws -> Data {
        try JSONEncoder().encode(catalog)
    }

    static func decode(_ data: Data) throws -> Catalog {
        try JSONDecoder().decode(Catalog.self, from: data)
    }
}

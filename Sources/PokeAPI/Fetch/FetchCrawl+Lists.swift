import Foundation

extension FetchCrawl {
    /// Writes `api/v2/<resource>/index.json` for every resource touched, listing what the cache holds.
    ///
    /// Like the api-data subsets, a cache's lists name only its own entries, so it stays a
    /// valid local source. Entries from earlier runs are kept; unchanged lists are not rewritten.
    func writeLists() throws {
        let cache = session.cache
        for (resource, paths) in presentEntries {
            guard let listPath = APIResourcePath(resource: resource) else { continue }
            let existing = cache.read(listPath).flatMap { try? JSONDecoder().decode(Wire.ResourceList.self, from: $0) }
            var entries: [APIResourcePath: String?] = [:]
            for entry in existing?.results ?? [] {
                if let path = entry.path, path.identifier != nil, cache.contains(path) { entries[path] = .some(entry.name) }
            }
            for path in paths where entries[path] == nil || entries[path] == .some(nil) {
                entries[path] = .some(knownNames[path])
            }
            let results = entries.keys.sorted().map { Wire.ResourceList.Entry(name: entries[$0] ?? nil, url: $0.link) }
            let list = Wire.ResourceList(count: results.count, next: nil, previous: nil, results: results)
            guard list != existing, let data = APIJSON.encode(list) else { continue }
            try AtomicFile.write(data, to: cache.layout.file(for: listPath).path)
        }
    }
}

import Foundation

extension FetchSession {
    /// Every entry of a list endpoint, as upstream lists it; kept under `.pokedex/lists/`.
    ///
    /// Asks for everything at once (`?limit=100000`) and still follows `next`.
    /// Offline, falls back to the api-data list file, as an api-data clone has it.
    func upstreamList(_ resource: String) async throws(PokeAPIFailure) -> (list: Wire.ResourceList, fetched: Bool, bytes: Int) {
        let name = "lists/\(resource).json"
        // A folder read in place is what it holds: its own lists, not the upstream ones a
        // cache keeps under .pokedex/ (which name what was never fetched).
        if cache.inPlace == nil, !refresh || offline, let data = cache.readInternal(name),
           let list = try? APIJSON.decode(Wire.ResourceList.self, from: data, url: name) {
            return (list, false, 0)
        }
        if offline {
            guard let path = APIResourcePath(resource: resource), let data = cache.read(path),
                  let list = try? APIJSON.decode(Wire.ResourceList.self, from: data, url: path.link)
            else { throw .offlineMisses(["/api/v2/\(resource)/"]) }
            return (list, false, 0)
        }
        var results: [Wire.ResourceList.Entry] = []
        var next: String? = endpoints.listURL(for: resource)
        var bytes = 0
        var pages = 0
        while let url = next, pages < 1000 {
            let outcome = try await client.get(url) { (data) throws(PokeAPIFailure) in
                try APIJSON.decode(Wire.ResourceList.self, from: data, url: url)
            }
            guard case let .body(data, _, _) = outcome.outcome, let page = outcome.value else { throw .status(url: url, code: 404) }
            results += page.results
            bytes += data.count
            pages += 1
            next = page.next.flatMap(endpoints.url(forNext:))
        }
        let list = Wire.ResourceList(count: results.count, next: nil, previous: nil, results: results)
        if let data = APIJSON.encode(list) { try cache.storeInternal(data, name: name) }
        return (list, true, bytes)
    }
}

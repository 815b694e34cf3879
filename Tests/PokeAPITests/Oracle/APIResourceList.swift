@testable import PokeAPI
/// One page of a list endpoint (`/api/v2/pokemon/?limit=...`).
struct APIResourceList: Codable, Sendable, Hashable {
    let count: Int
    /// The next page; null on the last page and in api-data dumps.
    let next: String?
    let previous: String?
    let results: [APIListEntry]

    init(count: Int, next: String?, previous: String?, results: [APIListEntry]) {
        self.count = count
        self.next = next
        self.previous = previous
        self.results = results
    }

    enum CodingKeys: String, CodingKey {
        case count
        case next
        case previous
        case results
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(count, forKey: .count)
        try container.encode(next, forKey: .next)
        try container.encode(previous, forKey: .previous)
        try container.encode(results, forKey: .results)
    }
}

/// An entry of a list endpoint; unnamed resources (evolution chains) have only a URL.
struct APIListEntry: Codable, Sendable, Hashable {
    let name: String?
    let url: String

    init(name: String?, url: String) {
        self.name = name
        self.url = url
    }

    enum CodingKeys: String, CodingKey {
        case name
        case url
    }

    /// The resource and id this entry points at.
    var path: APIResourcePath? { APIResourcePath(link: url) }
}

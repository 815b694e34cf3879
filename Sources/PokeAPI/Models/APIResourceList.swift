/// One page of a list endpoint (`/api/v2/pokemon/?limit=...`).
public struct APIResourceList: Decodable, Sendable, Hashable {
    public let count: Int
    /// The next page; null on the last page and in api-data dumps.
    public let next: String?
    public let previous: String?
    public let results: [APINamedResource]

    public init(count: Int, next: String?, previous: String?, results: [APINamedResource]) {
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
}

/// A link to another resource that has no name (evolution chains, machines).
public struct APIResource: Decodable, Sendable, Hashable {
    public let url: String

    public init(url: String) {
        self.url = url
    }

    enum CodingKeys: String, CodingKey {
        case url
    }
}

extension APIResource {
    /// The resource and id this link points at, if it is a PokeAPI link.
    public var path: APIResourcePath? { APIResourcePath(link: url) }
}

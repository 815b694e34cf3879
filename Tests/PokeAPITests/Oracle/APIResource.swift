@testable import PokeAPI
/// A link to another resource that has no name (evolution chains, machines).
struct APIResource: Decodable, Sendable, Hashable {
    let url: String

    init(url: String) {
        self.url = url
    }

    enum CodingKeys: String, CodingKey {
        case url
    }
}

extension APIResource {
    /// The resource and id this link points at, if it is a PokeAPI link.
    var path: APIResourcePath? { APIResourcePath(link: url) }
}

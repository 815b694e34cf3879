@testable import PokeAPI
/// A link to another resource, with the resource's name.
struct APINamedResource: Decodable, Sendable, Hashable {
    let name: String
    /// Relative (`/api/v2/type/13/`) in api-data dumps, absolute on the live API.
    let url: String

    init(name: String, url: String) {
        self.name = name
        self.url = url
    }

    enum CodingKeys: String, CodingKey {
        case name
        case url
    }
}

extension APINamedResource {
    /// The resource and id this link points at, if it is a PokeAPI link.
    var path: APIResourcePath? { APIResourcePath(link: url) }
}

@testable import PokeAPI
/// A language (`/api/v2/language/{id}/`) that names and texts are given in.
struct APILanguage: Decodable, Sendable, Hashable {
    let id: Int
    let name: String
    let official: Bool
    let iso639: String
    let iso3166: String
    let names: [APIName]

    enum CodingKeys: String, CodingKey {
        case id, name, official, iso639, iso3166, names
    }
}

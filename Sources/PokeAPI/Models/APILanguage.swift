/// A language (`/api/v2/language/{id}/`) that names and texts are given in.
public struct APILanguage: Decodable, Sendable, Hashable {
    public let id: Int
    public let name: String
    public let official: Bool
    public let iso639: String
    public let iso3166: String
    public let names: [APIName]

    enum CodingKeys: String, CodingKey {
        case id, name, official, iso639, iso3166, names
    }
}

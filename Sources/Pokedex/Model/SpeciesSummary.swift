/// The little the site needs to show a species it has no page for: number and name.
public struct SpeciesSummary: Sendable, Hashable, Codable, Identifiable {
    /// The national-dex number.
    public var id: Int
    public var slug: String
    /// The display name in the catalog's language.
    public var name: String

    public init(id: Int, slug: String, name: String) {
        self.id = id
        self.slug = slug
        self.name = name
    }
}

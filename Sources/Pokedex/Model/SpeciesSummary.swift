/// The little the site needs to show a species it has no page for: number and name.
package struct SpeciesSummary: Sendable, Hashable, Codable, Identifiable {
    /// The national-dex number.
    package var id: Int
    package var slug: String
    /// The display name in the catalog's language.
    package var name: String

    package init(id: Int, slug: String, name: String) {
        self.id = id
        self.slug = slug
        self.name = name
    }
}

/// The checks that keep hostile data from building a silently wrong site: every page a
/// catalog leads to has a name of its own, and every number is one a page can show.
extension Catalog {
    /// Whether `slug` can name a page: PokeAPI's own shape, lower-case letters, digits and
    /// hyphens, at most 100 long, starting with a letter or digit.
    static func isPageSlug(_ slug: String) -> Bool {
        let bytes = slug.utf8
        guard let first = bytes.first, bytes.count <= 100, first != UInt8(ascii: "-") else { return false }
        return bytes.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-")
        }
    }

    /// Refuses a catalog in which two entries would share a page, a slug could not name
    /// one, or a number is out of range; the problem names the resource and field.
    func validate(folder: String) throws(CatalogIssue) {
        func check(_ kind: String, _ entries: [(id: Int, slug: String)], ids unique: Bool) throws(CatalogIssue) {
            var slugs: [String: Int] = [:]
            var ids: [Int: String] = [:]
            for entry in entries {
                let file = "\(folder)/api/v2/\(kind)/\(entry.id)/index.json"
                guard ResourceStore.validIDs.contains(entry.id) else {
                    throw .badValue(path: file, jsonPath: "$.id", detail: "\(entry.id) is not an id from 1 to \(ResourceStore.validIDs.upperBound)")
                }
                guard Self.isPageSlug(entry.slug) else {
                    throw .badValue(path: file, jsonPath: "$.name", detail: "\"\(entry.slug)\" is not a slug (lower-case letters, digits and hyphens, at most 100)")
                }
                if let other = slugs.updateValue(entry.id, forKey: entry.slug), other != entry.id {
                    throw .badValue(path: file, jsonPath: "$.name", detail: "\"\(entry.slug)\" is also the name of \(kind) \(other); two pages cannot share it")
                }
                if unique, let other = ids.updateValue(entry.slug, forKey: entry.id), other != entry.slug {
                    throw .badValue(path: file, jsonPath: "$.id", detail: "\(entry.id) is also the id of \(kind) \"\(other)\"")
                }
            }
        }
        try check("pokemon-species", species.map { ($0.id, $0.slug) }, ids: true)
        try check("pokemon", pokemon.values.map { ($0.id, $0.slug) }, ids: true)
        try check("type", types.map { ($0.id, $0.slug) }, ids: true)
        for pokemon in pokemon.values {
            guard species(id: pokemon.speciesID) != nil else {
                throw .badValue(path: "\(folder)/api/v2/pokemon/\(pokemon.id)/index.json", jsonPath: "$.species",
                                detail: "names species \(pokemon.speciesID), which is not in the data")
            }
        }
    }
}

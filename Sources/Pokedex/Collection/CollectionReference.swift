/// The facts the collection's rules are checked against: the same data the site is built from.
///
/// `Catalog` conforms; tests may give a small hand-made reference instead.
package protocol CollectionReference: Sendable {
    /// Every species slug with its display name.
    var speciesNames: [(slug: String, name: String)] { get }
    /// Slugs of every move the species can learn in any version group, by any method.
    func learnableMoves(ofSpecies slug: String) -> Set<String>
    /// Display names of moves and items by slug, for resolving what a person typed.
    var moveNames: [String: String] { get }
    var itemNames: [String: String] { get }
    /// The sprite keys the species' default pokemon has (`front_default`, `front_shiny`, ...).
    func spriteKeys(ofSpecies slug: String) -> [String]
    /// The total experience needed for levels 1 through 100 on the species' growth rate,
    /// or nil when the data has no growth rate for it.
    func experienceTable(ofSpecies slug: String) -> [Int]?
}

import TemplateEngine

/// One page to write: where, with which template, and the context it renders.
struct PageSpec: Sendable {
    /// Relative to the site root, e.g. "pokemon/pikachu.html".
    var path: String
    var template: String
    var context: TemplateValue
}

/// The pages of a site, named without building them, so a build can make each on demand.
enum PageKind: Sendable, Hashable {
    case home, list(Int), detail(String), type(String), favorites, mine, notFound
}

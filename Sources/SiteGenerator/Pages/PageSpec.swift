import TemplateEngine

/// One page to write: where, with which template, and the context it renders.
struct PageSpec: Sendable {
    /// Relative to the site root, e.g. "pokemon/pikachu.html".
    var path: String
    var template: String
    /// Everything the page shows but the interface's words.
    var fields: TemplateDictionary
    /// The interface's words (`{{t.key}}`): the theme's key covers them, per template.
    var strings: TemplateValue

    /// What the template renders: the fields, and the words as `t`.
    var context: TemplateValue {
        var context = fields
        context["t"] = strings
        return .dictionary(context)
    }
}

/// The pages of a site, named without building them, so a build can make each on demand.
enum PageKind: Sendable, Hashable {
    case home, list(Int), detail(String), type(String), favorites, mine, notFound
    /// A pokemon's moves in every game; a move's, ability's, item's, egg group's page.
    case pokemonMoves(String), move(String), ability(String), item(String), eggGroup(String)
    /// The indexes of moves, abilities, items and egg groups.
    case moveIndex, abilityIndex, itemIndex, eggGroupIndex
    case typeChart, growthRates, credits, search, compare
}

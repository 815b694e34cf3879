/// A view model that a template reads by key, on demand.
///
/// Conform view models to this instead of building dictionaries: only the keys a
/// template names are computed. Return `.null` for a key the object has but whose value
/// is absent (a Pokémon with no previous entry), and nil only for keys it does not know:
/// strict mode reports nil as a typo.
///
/// A class: a value holds it as one reference, which keeps every ``TemplateValue`` two words and a tag
/// and copies of it a retain (a struct in an existential made each value six words, and
/// copying one a call through the type's witness table, on every lookup of every page).
public protocol TemplateObject: AnyObject, Sendable {
    /// The value for `key`, or nil when this object has no such key.
    func value(forKey key: String) -> TemplateValue?
}

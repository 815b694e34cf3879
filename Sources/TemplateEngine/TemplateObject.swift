/// A view model that a template reads by key, on demand.
///
/// Conform view models to this instead of building dictionaries: only the keys a
/// template names are computed. Return `.null` for a key the object has but whose value
/// is absent (a Pokémon with no previous entry), and nil only for keys it does not know:
/// strict mode reports nil as a typo.
public protocol TemplateObject: Sendable {
    /// The value for `key`, or nil when this object has no such key.
    func value(forKey key: String) -> TemplateValue?
}

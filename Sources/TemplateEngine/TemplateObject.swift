/// A view model that a template reads by key, on demand.
///
/// Conform view models to this instead of building dictionaries: only the keys a
/// template names are computed.
public protocol TemplateObject: Sendable {
    /// The value for `key`, or nil when this object has no such key.
    func value(forKey key: String) -> TemplateValue?
}

/// A Swift closure that a template calls, as a Mustache lambda.
///
/// In a section, `{{#wrap}}text{{/wrap}}`, the closure receives the section's raw text;
/// as a variable, `{{now}}`, it receives "". Its result is rendered as a template
/// against the current context (with the section's delimiters, or the default ones for
/// a variable), then escaped if the tag escapes. A variable lambda's result is escaped as a
/// whole, so it should use `{{{name}}}` for values inside it to avoid escaping them twice.
public struct TemplateLambda: Sendable {
    let body: @Sendable (String) -> String

    /// Wraps `body`, which maps a section's raw text to template text.
    public init(_ body: @escaping @Sendable (String) -> String) {
        self.body = body
    }

    /// Calls the closure.
    public func callAsFunction(_ text: String) -> String { body(text) }
}

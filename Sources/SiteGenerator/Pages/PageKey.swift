import Common
import TemplateEngine

/// Everything that decides a page's bytes, by name: a page whose key matches the last
/// build's is taken from the previous site instead of rendered.
struct PageKey: Sendable {
    /// The template's key: its sources, its partials' and parents', the words it shows.
    var template: String
    var templateName: String
    /// The page's fields (the words are in the template's key).
    var fields: TemplateDictionary

    init(_ spec: PageSpec, theme: Theme) {
        template = theme.templateKeys[spec.template] ?? theme.fingerprint
        templateName = spec.template
        fields = spec.fields
    }

    var hex: String {
        var hash = Fingerprint()
        hash.add("page-key-2")
        hash.add(template)
        hash.add(templateName)
        hash.add(.dictionary(fields))
        return hash.hex
    }
}

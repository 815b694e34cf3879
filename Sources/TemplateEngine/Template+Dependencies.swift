extension Template {
    /// What a compiled template refers to, found without rendering: the partials and
    /// parents it names and every variable and section name it uses. A site generator can
    /// tell from it which templates and which context keys a page depends on.
    public struct Dependencies: Sendable, Equatable {
        /// Names of partials and parents (`{{> card}}`, `{{< layout}}`), as written.
        public var templates: Set<String> = []
        /// Whether a partial or parent is named by the context (`{{> *name}}`): then any
        /// template may be used.
        public var hasDynamicTemplates = false
        /// Every dotted name used by a variable or section tag (`t.detail_about`, `page`).
        public var names: Set<String> = []
    }

    /// The templates and names this template uses directly (not those of its partials).
    public var dependencies: Dependencies {
        var found = Dependencies()
        Self.collect(nodes, into: &found)
        return found
    }

    private static func collect(_ nodes: [Node], into found: inout Dependencies) {
        for node in nodes {
            switch node {
            case .text:
                break
            case let .variable(variable):
                found.names.insert(variable.name.source)
            case let .section(section):
                found.names.insert(section.name.source)
                collect(section.nodes, into: &found)
            case let .partial(partial):
                note(partial.reference, in: &found)
            case let .parent(parent):
                note(parent.reference, in: &found)
                for (_, content) in parent.overrides { collect(content, into: &found) }
            case let .block(block):
                collect(block.defaults, into: &found)
            }
        }
    }

    private static func note(_ reference: Reference, in found: inout Dependencies) {
        if reference.isDynamic { found.hasDynamicTemplates = true } else { found.templates.insert(reference.name) }
    }
}

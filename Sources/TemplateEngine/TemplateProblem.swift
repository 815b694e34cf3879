/// What went wrong in a template; the wording of every template error lives here.
enum TemplateProblem: Sendable, Equatable {
    case unterminatedTag(close: String)
    case emptyTag
    case invalidName(String)
    case badDelimiters(String)
    case unexpectedClose(String)
    case mismatchedClose(open: String, close: String, openLine: Int, openColumn: Int)
    case unclosedSection(String)
    case nestingTooDeep(limit: Int)
    case missingName(String)
    case missingPartial(String)
    case recursionTooDeep(name: String, limit: Int)
    case lambdaOutput(String)
    case missingTemplate(String, known: [String])
    case unreadable(String)

    var message: String {
        switch self {
        case .unterminatedTag(let close): return "tag is not closed with '\(close)' on its line"
        case .emptyTag: return "tag has no name"
        case .invalidName(let name): return "'\(name)' is not a valid name (names have no spaces)"
        case .badDelimiters(let content): return "bad set-delimiter tag '\(content)'"
        case .unexpectedClose(let name): return "'\(name)' is closed but was never opened"
        case .mismatchedClose(let open, let close, let line, let column):
            return "'\(close)' is closed where '\(open)' (opened at \(line):\(column)) should be"
        case .unclosedSection(let name): return "section '\(name)' is never closed"
        case .nestingTooDeep(let limit): return "sections nest deeper than \(limit) levels"
        case .missingName(let name): return "no value named '\(name)' (strict mode)"
        case .missingPartial(let name): return "no template or partial named '\(name)'"
        case .recursionTooDeep(let name, let limit):
            return "partials and lambdas nest deeper than \(limit) levels at '\(name)'"
        case .lambdaOutput(let message): return "a lambda returned a bad template: \(message)"
        case .missingTemplate(let name, _): return "no template named '\(name)'"
        case .unreadable(let reason): return "cannot read templates: \(reason)"
        }
    }

    var help: String {
        switch self {
        case .unterminatedTag(let close): return "end the tag with '\(close)' before the line ends"
        case .emptyTag: return "put a name inside the tag, or remove it"
        case .invalidName: return "use a key or a dotted path such as 'pokemon.name'"
        case .badDelimiters: return "write it as {{=<% %>=}}: two delimiters, no spaces or '=' inside them"
        case .unexpectedClose(let name): return "remove this tag or open it first with {{#\(name)}}"
        case .mismatchedClose(let open, _, _, _): return "close '\(open)' first with {{/\(open)}}"
        case .unclosedSection(let name): return "add {{/\(name)}} where the section should end"
        case .nestingTooDeep: return "close sections sooner, or move inner parts into partials"
        case .missingName: return "check the spelling against the view model, or render without strict mode"
        case .missingPartial: return "add the template to the templates folder or theme, or fix the name"
        case .recursionTooDeep: return "a partial, block or lambda includes itself without an end; make the recursion depend on data"
        case .lambdaOutput: return "fix the text the lambda returns"
        case .missingTemplate(let name, let known):
            return "add \(name).mustache to the templates folder or theme (known: \(known.joined(separator: ", ")))"
        case .unreadable: return "check the path given for the templates folder or theme"
        }
    }
}

/// A problem at a position, thrown inside the engine and turned into `TemplateError` at its edge.
struct TemplateFailure: Error, Sendable {
    let problem: TemplateProblem
    let line: Int
    let column: Int
    init(_ problem: TemplateProblem, line: Int, column: Int) {
        self.problem = problem
        self.line = line
        self.column = column
    }
}

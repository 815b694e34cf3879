import Foundation

/// What the checker needs from one page: its parse problems, ids and references.
struct PageFacts: Sendable {
    /// One `href`, `src`, `srcset` entry, `poster` or `data` value, with its line.
    struct Reference: Sendable, Hashable {
        var value: String
        var line: Int
    }

    /// libxml2's "ID x already defined": reported as a duplicate id, with a clearer message.
    static let idRedefinedCode = 513

    var path: String
    var problems: [HTMLIssue] = []
    /// Where nesting got too deep to follow, if it did.
    var truncatedAtLine: Int?
    var ids: Set<String> = []
    var duplicateIDs: [(id: String, line: Int)] = []
    var references: [Reference] = []
    /// Inline script and event-handler attributes: what a page's CSP forbids and what a
    /// planted page (`evil.html` from hostile data) would use.
    var inlineScripts: [(what: String, line: Int)] = []

    /// Reads the facts out of a parsed page.
    init(path: String, tree: HTMLTree) {
        self.path = path
        problems = tree.issues.filter { issue in
            issue.severity != .warning && !HTML5Vocabulary.isAcceptedUnknownTag(issue)
                && issue.code != Self.idRedefinedCode
        }
        truncatedAtLine = tree.truncatedAtLine
        tree.forEachElement { element in
            collectIDs(of: element)
            collectReferences(of: element)
            collectInlineScript(of: element)
        }
    }
}

private extension PageFacts {
    static let singleURLAttributes: Set<String> = ["href", "src", "poster"]

    mutating func collectIDs(of element: HTMLElement) {
        var names: [String] = []
        if let id = element.attribute("id") { names.append(id) }
        if element.name == "a", let name = element.attribute("name"), name != element.attribute("id") {
            names.append(name)
        }
        for name in names where !name.isEmpty {
            if !ids.insert(name).inserted { duplicateIDs.append((name, element.line)) }
        }
    }

    mutating func collectInlineScript(of element: HTMLElement) {
        // A data block (`type="application/ld+json"`) is never run; only script types count.
        let type = (element.attribute("type") ?? "").lowercased().trimmingCharacters(in: .whitespaces)
        let runs = ["", "module", "text/javascript", "application/javascript", "text/ecmascript", "application/ecmascript"].contains(type)
        if element.name == "script", runs, element.attribute("src") == nil,
           element.children.contains(where: { if case .text(let text) = $0 { !text.allSatisfy(\.isWhitespace) } else { false } }) {
            inlineScripts.append(("an inline <script>", element.line))
        }
        for attribute in element.attributes where attribute.name.hasPrefix("on") && attribute.name.count > 2 {
            inlineScripts.append(("the event handler attribute \(attribute.name)", element.line))
        }
    }

    mutating func collectReferences(of element: HTMLElement) {
        for attribute in element.attributes {
            switch attribute.name {
            case _ where Self.singleURLAttributes.contains(attribute.name):
                references.append(Reference(value: attribute.value, line: element.line))
            case "data" where element.name == "object":
                references.append(Reference(value: attribute.value, line: element.line))
            case "srcset":
                for candidate in attribute.value.split(separator: ",") {
                    guard let url = candidate.split(whereSeparator: \.isWhitespace).first else { continue }
                    references.append(Reference(value: String(url), line: element.line))
                }
            default:
                continue
            }
        }
    }
}

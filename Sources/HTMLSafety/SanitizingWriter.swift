/// Walks a parsed tree and writes what the policy keeps.
struct SanitizingWriter {
    let policy: SanitizerPolicy
    let schemes: Set<String>
    private(set) var output = ""
    /// The kept elements currently open, innermost last.
    private var open: [String] = []

    static let voidElements: Set<String> = ["br", "hr", "img", "wbr"]

    /// Elements that only make sense directly inside certain parents; elsewhere an HTML
    /// parser drops or moves them, so they are unwrapped.
    static let requiredParents: [String: Set<String>] = [
        "caption": ["table"], "thead": ["table"], "tbody": ["table"], "tfoot": ["table"],
        "tr": ["table", "thead", "tbody", "tfoot"], "td": ["tr"], "th": ["tr"],
        "li": ["ul", "ol"], "dt": ["dl"], "dd": ["dl"],
    ]
    /// Elements whose direct text an HTML parser moves out (browsers "foster-parent" it).
    static let noDirectText: Set<String> = ["table", "thead", "tbody", "tfoot", "tr"]

    init(policy: SanitizerPolicy) {
        self.policy = policy
        self.schemes = policy.effectiveSchemes
    }

    mutating func write(_ nodes: [HTMLNode]) {
        for node in nodes {
            switch node {
            case .text(let text):
                if let parent = open.last, Self.noDirectText.contains(parent),
                   !text.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) {
                    continue
                }
                output += HTMLEntities.escapeText(text)
            case .comment:
                continue
            case .element(let element):
                write(element)
            }
        }
    }

    private mutating func write(_ element: HTMLElement) {
        let name = element.name
        if policy.drops(name) { return }
        var misplaced = false
        if let parents = Self.requiredParents[name] {
            misplaced = !(open.last.map(parents.contains) ?? false)
        }
        guard policy.elements[name] != nil, !misplaced, element.attribute(HTMLSanitizer.wrapperMarker) == nil else {
            write(element.children)
            return
        }
        output += "<" + name
        for attribute in keptAttributes(of: element) {
            output += " \(attribute.name)=\"\(HTMLEntities.escapeAttribute(attribute.value))\""
        }
        output += ">"
        guard !Self.voidElements.contains(name) else { return }
        open.append(name)
        write(element.children)
        open.removeLast()
        output += "</\(name)>"
    }

    private func keptAttributes(of element: HTMLElement) -> [HTMLAttribute] {
        var kept: [HTMLAttribute] = []
        var external = false
        var seen: Set<String> = []
        for attribute in element.attributes where policy.allows(attribute.name, on: element.name) {
            guard seen.insert(attribute.name).inserted, isWellFormedName(attribute.name) else { continue }
            if policy.urlAttributes.contains(attribute.name) {
                switch URLSafety.judge(attribute.value, schemes: schemes) {
                case .rejected: continue
                case .external: external = external || attribute.name == "href"
                case .relative, .otherAllowed: break
                }
                kept.append(HTMLAttribute(name: attribute.name, value: URLSafety.cleaned(attribute.value)))
            } else {
                kept.append(attribute)
            }
        }
        if external, element.name == "a" {
            kept.removeAll { $0.name == "rel" }
            kept.append(HTMLAttribute(name: "rel", value: policy.externalLinkRel))
        }
        return kept
    }

    private func isWellFormedName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
        }
    }
}

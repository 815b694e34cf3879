/// Cleans markup from outside (notes, `pokedex.toml` snippets, API text) for a page.
///
/// The input goes through libxml2's HTML parser, so browsers' error recovery cannot be
/// used to smuggle markup past a string filter; the tree is then filtered by a
/// `SanitizerPolicy` and written out again from scratch: input bytes are never echoed,
/// text and attribute values are escaped, every element is closed.
public enum HTMLSanitizer {
    /// Returns `html` with only what `policy` allows, as well-formed HTML.
    public static func sanitize(_ html: String, policy: SanitizerPolicy = .default) -> String {
        let tree = HTMLTree(html: wrapperStart + html + wrapperEnd)
        var writer = SanitizingWriter(policy: policy)
        writer.write(tree.nodes)
        return writer.output
    }
}

extension HTMLSanitizer {
    /// The fragment is parsed inside a marked `div` in a body, so leading text does not
    /// get an implied `<p>` and nothing lands in `head`; the marker is unwrapped on output.
    static let wrapperMarker = "data-pokedex-sanitizer-root"
    static let wrapperStart = "<!DOCTYPE html><html><body><div \(wrapperMarker)=\"\">"
    static let wrapperEnd = "</div></body></html>"
}

/// Walks a parsed tree and writes what the policy keeps.
struct SanitizingWriter {
    let policy: SanitizerPolicy
    let schemes: Set<String>
    private(set) var output = ""

    static let voidElements: Set<String> = ["br", "hr", "img", "wbr"]

    init(policy: SanitizerPolicy) {
        self.policy = policy
        self.schemes = policy.effectiveSchemes
    }

    mutating func write(_ nodes: [HTMLNode]) {
        for node in nodes {
            switch node {
            case .text(let text):
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
        guard policy.elements[name] != nil, element.attribute(HTMLSanitizer.wrapperMarker) == nil else {
            write(element.children)
            return
        }
        output += "<" + name
        for attribute in keptAttributes(of: element) {
            output += " \(attribute.name)=\"\(HTMLEntities.escapeAttribute(attribute.value))\""
        }
        output += ">"
        guard !Self.voidElements.contains(name) else { return }
        write(element.children)
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

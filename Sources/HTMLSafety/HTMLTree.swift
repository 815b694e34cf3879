import CHTMLSupport

/// A document parsed by libxml2: its nodes and what the parser complained about.
struct HTMLTree: Sendable {
    /// Deeper nesting is cut off, so walking a hostile document cannot exhaust the stack.
    static let maximumDepth = 256

    var nodes: [HTMLNode]
    var issues: [HTMLIssue]
    /// The line of the first element dropped for nesting deeper than `maximumDepth`, if any.
    var truncatedAtLine: Int?

    /// Parses UTF-8 bytes; never fails (libxml2 recovers from anything).
    init(bytes: [UInt8]) {
        var terminated = bytes
        terminated.append(0)
        let length = bytes.count
        var truncatedAt: Int?
        let parsed = terminated.withUnsafeBufferPointer { buffer -> (nodes: [HTMLNode], issues: [HTMLIssue]) in
            guard let base = buffer.baseAddress else { return ([], []) }
            let document = base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                chs_document_parse($0, length)
            }
            guard let document else { return ([], []) }
            defer { chs_document_free(document) }
            let nodes = Self.nodes(from: chs_document_first_child(document), depth: 0, truncatedAt: &truncatedAt)
            return (nodes, Self.issues(of: document))
        }
        nodes = parsed.nodes
        issues = parsed.issues
        truncatedAtLine = truncatedAt
    }

    init(html: String) {
        self.init(bytes: Array(html.utf8))
    }
}

extension HTMLTree {
    /// Every element, depth first, in document order.
    func forEachElement(_ body: (HTMLElement) -> Void) {
        func visit(_ nodes: [HTMLNode]) {
            for case let .element(element) in nodes {
                body(element)
                visit(element.children)
            }
        }
        visit(nodes)
    }
}

private extension HTMLTree {
    static func nodes(from first: OpaquePointer?, depth: Int, truncatedAt: inout Int?) -> [HTMLNode] {
        guard depth < maximumDepth else {
            if truncatedAt == nil, let first { truncatedAt = chs_node_line(first) }
            return []
        }
        var result: [HTMLNode] = []
        var cursor = first
        while let node = cursor {
            switch chs_node_get_kind(node) {
            case CHS_NODE_ELEMENT:
                result.append(.element(HTMLElement(
                    name: chs_node_name(node).map { String(cString: $0) } ?? "",
                    attributes: attributes(of: node),
                    children: nodes(from: chs_node_first_child(node), depth: depth + 1, truncatedAt: &truncatedAt),
                    line: chs_node_line(node)
                )))
            case CHS_NODE_TEXT:
                result.append(.text(chs_node_text(node).map { String(cString: $0) } ?? ""))
            case CHS_NODE_COMMENT:
                result.append(.comment(chs_node_text(node).map { String(cString: $0) } ?? ""))
            default:
                break
            }
            cursor = chs_node_next_sibling(node)
        }
        return result
    }

    static func attributes(of node: OpaquePointer) -> [HTMLAttribute] {
        var result: [HTMLAttribute] = []
        var cursor = chs_node_first_attribute(node)
        while let attribute = cursor {
            let name = chs_attribute_name(attribute).map { String(cString: $0) } ?? ""
            var value = ""
            if let raw = chs_attribute_value(attribute) {
                value = String(cString: raw)
                chs_string_free(raw)
            }
            result.append(HTMLAttribute(name: name.lowercased(), value: value))
            cursor = chs_attribute_next(attribute)
        }
        return result
    }

    static func issues(of document: OpaquePointer) -> [HTMLIssue] {
        (0..<chs_document_issue_count(document)).map { index in
            let raw = chs_document_issue(document, index)
            return HTMLIssue(
                line: Int(raw.line),
                column: Int(raw.column),
                severity: raw.level >= 3 ? .fatal : raw.level == 2 ? .error : .warning,
                message: raw.message.map { String(cString: $0) } ?? "unknown error",
                code: Int(raw.code),
                subject: raw.subject.map { String(cString: $0) }
            )
        }
    }
}

/// Turns a template's source into its node tree, in three steps over the scanned tags:
/// match open and close tags, apply the inheritance standalone rules, build the nodes.
struct Parser {
    let bytes: [UInt8]
    private(set) var tags: [Tag] = []
    /// For every opening tag the index of its close tag, and the reverse.
    private(set) var partner: [Int] = []
    /// Blocks that stand alone as a pair (`{{$a}}{{/a}}` or `{{<p}}{{$a}}` on one line).
    private(set) var pairedBlocks: Set<Int> = []

    /// How deep sections, parents and blocks may nest; keeps compiling and rendering off the stack's edge.
    static let maxNesting = 256

    init(source: String) {
        self.bytes = Array(source.utf8)
    }

    /// The nodes of the whole template.
    mutating func parse(delimiters: Delimiters = .standard) throws(TemplateFailure) -> [Node] {
        var scanner = TagScanner(bytes: bytes, delimiters: delimiters)
        tags = try scanner.scan()
        try matchTags()
        applyPairRules()
        return build(tags: 0..<tags.count, text: 0..<bytes.count, dedent: [])
    }
}

private extension Parser {
    mutating func matchTags() throws(TemplateFailure) {
        partner = Array(repeating: -1, count: tags.count)
        var open: [Int] = []
        for (index, tag) in tags.enumerated() {
            if tag.kind.opens {
                guard open.count < Self.maxNesting else {
                    throw TemplateFailure(.nestingTooDeep(limit: Self.maxNesting), line: tag.position.line, column: tag.position.column)
                }
                open.append(index)
            } else if tag.kind == .close {
                guard let last = open.popLast() else {
                    throw TemplateFailure(.unexpectedClose(tag.name), line: tag.position.line, column: tag.position.column)
                }
                let opener = tags[last]
                guard opener.name == tag.name else {
                    throw TemplateFailure(
                        .mismatchedClose(open: opener.name, close: tag.name,
                                         openLine: opener.position.line, openColumn: opener.position.column),
                        line: tag.position.line, column: tag.position.column)
                }
                partner[last] = index
                partner[index] = last
            }
        }
        if let unclosed = open.last {
            let tag = tags[unclosed]
            throw TemplateFailure(.unclosedSection(tag.name), line: tag.position.line, column: tag.position.column)
        }
    }

    /// Parent and block tags stand alone in pairs too (spec `~inheritance`).
    mutating func applyPairRules() {
        for index in tags.indices where tags[index].kind == .block || tags[index].kind == .parent {
            let close = partner[index]
            if adjacent(index, close) {
                tags[index].start = tags[index].lineStart
                tags[index].isStandalone = true
                // A block pair keeps its line's newline; a parent pair takes it.
                tags[close].end = tags[index].kind == .block ? tags[close].blanksEnd : tags[close].lineEnd
                if tags[index].kind == .block { pairedBlocks.insert(index) }
            }
            guard tags[index].kind == .parent else { continue }
            let blocks = childBlocks(of: index)
            if let first = blocks.first, adjacent(index, first) {
                tags[index].start = tags[index].lineStart
                tags[index].isStandalone = true
                tags[first].end = tags[first].lineEnd
                pairedBlocks.insert(first)
            }
            if let last = blocks.last, adjacent(partner[last], close) {
                tags[partner[last]].start = tags[partner[last]].lineStart
                tags[close].end = tags[close].lineEnd
            }
        }
    }

}

extension Parser {
    func adjacent(_ first: Int, _ second: Int) -> Bool {
        tags[first].blankBefore && tags[second].blankAfter && tags[first].tagEnd == tags[second].tagStart
    }

    func childBlocks(of parent: Int) -> [Int] {
        var blocks: [Int] = []
        var index = parent + 1
        while index < partner[parent] {
            if tags[index].kind == .block { blocks.append(index) }
            index = tags[index].kind.opens ? partner[index] + 1 : index + 1
        }
        return blocks
    }

    /// Builds the nodes for `tags` (one nesting level) over the source range `text`.
    ///
    /// `dedent` is the indentation removed from each line start, inside standalone blocks.
    func build(tags range: Range<Int>, text: Range<Int>, dedent: [UInt8]) -> [Node] {
        var nodes: [Node] = []
        var cursor = text.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            let tag = tags[index]
            appendText(from: cursor, to: tag.start, dedent: dedent, into: &nodes)
            if tag.kind.opens {
                let close = partner[index]
                let inner = (index + 1)..<close
                let body = tag.end..<max(tag.end, tags[close].start)
                nodes.append(container(index, tags: inner, text: body, dedent: dedent))
                cursor = tags[close].end
                index = close + 1
            } else {
                if let node = leaf(tag, dedent: dedent) { nodes.append(node) }
                cursor = max(cursor, tag.end)
                index += 1
            }
        }
        appendText(from: cursor, to: text.upperBound, dedent: dedent, into: &nodes)
        return nodes
    }

    func leaf(_ tag: Tag, dedent: [UInt8]) -> Node? {
        switch tag.kind {
        case .variable: return .variable(Variable(Name(tag.name), escaped: true, tag.position))
        case .unescaped: return .variable(Variable(Name(tag.name), escaped: false, tag.position))
        case .partial:
            return .partial(Partial(Reference(name: tag.name, isDynamic: tag.isDynamic),
                                    indentation: tag.isStandalone ? indentation(of: tag, dedent: dedent) : nil, tag.position))
        case .comment, .delimiters, .close, .section, .inverted, .parent, .block: return nil
        }
    }

    func container(_ index: Int, tags inner: Range<Int>, text body: Range<Int>, dedent: [UInt8]) -> Node {
        let tag = tags[index]
        switch tag.kind {
        case .parent:
            var overrides: [String: [Node]] = [:]
            for block in childBlocks(of: index) where overrides[tags[block].name] == nil {
                let blockBody = tags[block].end..<max(tags[block].end, tags[partner[block]].start)
                overrides[tags[block].name] = blockContent(block, text: blockBody, dedent: dedent).nodes
            }
            return .parent(Parent(Reference(name: tag.name, isDynamic: tag.isDynamic), overrides: overrides,
                                  indentation: tag.isStandalone ? indentation(of: tag, dedent: dedent) : nil, tag.position))
        case .block:
            let content = blockContent(index, text: body, dedent: dedent)
            return .block(Block(tag.name, content.nodes, indentation: content.indentation, tag.position))
        default:
            let rawEnd = tags[partner[index]].tagStart
            let raw = String(decoding: bytes[tag.tagEnd..<max(tag.tagEnd, rawEnd)], as: UTF8.self)
            return .section(Section(
                name: Name(tag.name), nodes: build(tags: inner, text: body, dedent: dedent),
                isInverted: tag.kind == .inverted, rawText: raw, delimiters: tag.delimiters, position: tag.position))
        }
    }
}

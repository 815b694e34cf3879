/// Walks a node tree once, writing into one UTF-8 buffer.
///
/// The context stack is an array; block overrides from `{{<parent}}` tags form a second
/// stack searched from the outermost caller in, so the child's blocks win.
struct Renderer {
    var buffer: [UInt8] = []
    /// The context stack, innermost last; change it only through ``push(_:)`` and ``pop()``.
    private(set) var stack: [TemplateValue]
    /// What a look-up needs of each stack entry, beside it: a name on a table row's line
    /// (`{{root}}`) misses the row, its table and its section before the page has it, and
    /// copying each entry out of the stack to ask it cost a retain and a release apiece.
    private var frames: [Frame]
    var overrides: [[String: [Node]]] = []
    /// Indentation added at each line start (standalone partials, parents, blocks).
    var indent: [UInt8] = []
    var atLineStart = true
    var depth = 0
    /// The template whose nodes are rendering, for error positions.
    var current: Template
    let options: RenderOptions
    let partial: (String) -> Template?
    /// A section's array items already rendered on this page, with the bytes they gave
    /// (see ``renderItem(_:of:)``).
    var store = ReplayStore()
    /// The items rendering now whose bytes may be kept, innermost last.
    var recordings: [Recording] = []
    /// How many lambdas' results are rendering: their bytes go to a buffer of their own.
    var lambdas = 0

    init(root: Template, context: TemplateValue, options: RenderOptions, partial: @escaping (String) -> Template?) {
        self.current = root
        self.stack = [context]
        self.frames = [Frame(context)]
        self.options = options
        self.partial = partial
        buffer.reserveCapacity(max(4096, root.source.utf8.count * 2))
    }

    mutating func render(_ nodes: [Node]) throws(TemplateError) {
        for node in nodes {
            switch node {
            case .text(let bytes):
                writeText(bytes)
            case .variable(let variable):
                try renderVariable(variable.name, escaped: variable.escaped, at: variable.position)
            case .section(let section):
                try renderSection(section)
            case .partial(let partial):
                guard let template = try resolve(partial.reference, at: partial.position) else { continue }
                try renderNested(template, indentation: partial.indentation, at: partial.position)
            case .parent(let parent):
                spoilRecordings()
                guard let template = try resolve(parent.reference, at: parent.position) else { continue }
                overrides.append(parent.overrides)
                defer { overrides.removeLast() }
                try renderNested(template, indentation: parent.indentation, at: parent.position)
            case .block(let block):
                spoilRecordings()
                // A block's override may hold a block of the same name, which resolves to the
                // same override again: count blocks against the nesting limit like partials.
                guard depth < options.maxDepth else {
                    throw failure(.recursionTooDeep(name: "\(current.name) (block \(block.name))", limit: options.maxDepth), at: block.position)
                }
                depth += 1
                defer { depth -= 1 }
                try renderBlock(overriding(block.name) ?? block.defaults, indentation: block.indentation)
            }
        }
    }
}

extension Renderer {
    mutating func writeText(_ bytes: [UInt8]) {
        guard !indent.isEmpty else {
            buffer.append(contentsOf: bytes)
            return
        }
        bytes.withUnsafeBufferPointer { text in
            var start = 0
            while start < text.count {
                var end = start
                while end < text.count, text[end] != UInt8(ascii: "\n") { end += 1 }
                let hasNewline = end < text.count
                if atLineStart, text[start] != UInt8(ascii: "\n"), text[start] != UInt8(ascii: "\r") {
                    buffer.append(contentsOf: indent)
                    atLineStart = false
                }
                let lineEnd = hasNewline ? end + 1 : end
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<lineEnd]))
                if hasNewline { atLineStart = true }
                start = lineEnd
            }
        }
    }

    mutating func startLineIfNeeded() {
        if atLineStart, !indent.isEmpty {
            buffer.append(contentsOf: indent)
            atLineStart = false
        }
    }

    mutating func renderVariable(_ name: Name, escaped: Bool, at position: Position) throws(TemplateError) {
        guard let value = find(name) else {
            if options.strict { throw failure(.missingName(name.source), at: position) }
            startLineIfNeeded()
            return
        }
        startLineIfNeeded()
        if case .lambda(let lambda) = value {
            spoilRecordings()
            let text = try renderLambda(lambda(""), delimiters: .standard, at: position)
            HTMLEscaping.append(text, escaped: escaped, to: &buffer)
        } else if let text = value.text {
            HTMLEscaping.append(text, escaped: escaped, to: &buffer)
        }
    }

    mutating func renderSection(_ section: Section) throws(TemplateError) {
        let value = find(section.name)
        if value == nil, options.strict { throw failure(.missingName(section.name.source), at: section.position) }
        guard let value else {
            if section.isInverted { try render(section.nodes) }
            return
        }
        if section.isInverted {
            if !value.isTruthy { try render(section.nodes) }
            return
        }
        switch value {
        case .array(let items):
            // Never inside a lambda's result: its template (and so its sections' addresses) is
            // freed after the call, and it renders into a buffer of its own, where the kept
            // ranges do not point. Never under an indentation: a replay does not indent.
            let replaying = indent.isEmpty && lambdas == 0 && Self.worthReplaying(section)
            for item in items {
                if replaying, case .dictionary(let dictionary) = item {
                    try renderItem(dictionary, of: section)
                    continue
                }
                push(item)
                defer { pop() }
                try render(section.nodes)
            }
        case .list(let list):
            for position in 0..<list.count {
                push(list[position])
                defer { pop() }
                try render(section.nodes)
            }
        case .lambda(let lambda):
            spoilRecordings()
            let text = try renderLambda(lambda(section.rawText), delimiters: section.delimiters, at: section.position)
            writeText(Array(text.utf8))
        default:
            guard value.isTruthy else { return }
            push(value)
            defer { pop() }
            try render(section.nodes)
        }
    }

    mutating func renderBlock(_ nodes: [Node], indentation: [UInt8]?) throws(TemplateError) {
        guard let indentation, !indentation.isEmpty else { return try render(nodes) }
        let saved = indent
        indent += indentation
        atLineStart = true
        defer { indent = saved }
        try render(nodes)
    }

    mutating func renderNested(_ template: Template, indentation: [UInt8]?, at position: Position) throws(TemplateError) {
        guard depth < options.maxDepth else {
            throw failure(.recursionTooDeep(name: template.name, limit: options.maxDepth), at: position)
        }
        let saved = (current, indent)
        depth += 1
        current = template
        if let indentation, !indentation.isEmpty {
            indent += indentation
            atLineStart = true
        }
        defer {
            depth -= 1
            (current, indent) = saved
        }
        try render(template.nodes)
    }

    /// Renders a lambda's result as a template against the current context, into a string.
    mutating func renderLambda(_ text: String, delimiters: Delimiters, at position: Position) throws(TemplateError) -> String {
        guard depth < options.maxDepth else {
            throw failure(.recursionTooDeep(name: "\(current.name) (lambda)", limit: options.maxDepth), at: position)
        }
        depth += 1
        lambdas += 1
        defer {
            depth -= 1
            lambdas -= 1
        }
        let template: Template
        do {
            template = try Template(source: text, name: "\(current.name) (lambda)", delimiters: delimiters)
        } catch {
            throw failure(.lambdaOutput(error.message), at: position)
        }
        let saved = (buffer, indent, current)
        buffer = []
        indent = []
        current = template
        defer { (buffer, indent, current) = saved }
        try render(template.nodes)
        return String(decoding: buffer, as: UTF8.self)
    }

    func overriding(_ name: String) -> [Node]? {
        for frame in overrides {
            if let nodes = frame[name] { return nodes }
        }
        return nil
    }

    mutating func resolve(_ reference: Reference, at position: Position) throws(TemplateError) -> Template? {
        var name = reference.name
        if reference.isDynamic {
            guard case .string(let resolved)? = find(Name(reference.name)) else {
                if options.strict { throw failure(.missingName(reference.name), at: position) }
                return nil
            }
            name = resolved
        }
        if let template = partial(name) { return template }
        if options.strict { throw failure(.missingPartial(name), at: position) }
        return nil
    }

    mutating func push(_ value: TemplateValue) {
        stack.append(value)
        frames.append(Frame(value))
    }

    mutating func pop() {
        stack.removeLast()
        frames.removeLast()
    }

    /// Finds a dotted name as ``lookup(_:)`` does, and tells the items recording now what
    /// they read from outside themselves.
    mutating func find(_ name: Name) -> TemplateValue? {
        let (value, level, asked) = lookup(name)
        if !recordings.isEmpty { note(name, value, level: level, asked: asked) }
        return value
    }

    /// Finds a dotted name: the first part anywhere on the stack, the rest inside it.
    /// Also returns the stack level the first part was found at (-1 when nowhere; the top
    /// for `.`), and whether an object was asked on the way.
    func lookup(_ name: Name) -> (value: TemplateValue?, level: Int, asked: Bool) {
        let parts = name.parts
        guard let first = parts.first else { return (stack.last, stack.count - 1, false) }
        var asked = false
        var found: TemplateValue?
        assert(frames.count == stack.count, "the look-up frames out of step with the context stack")
        var level = frames.count - 1
        while level >= 0 {
            switch frames[level] {
            case .dictionary(let storage):
                // The stack entry holds the storage: no retain needed to ask it (the
                // standard library's underscored way to say so).
                found = storage._withUnsafeGuaranteedRef { $0.value(of: first) }
            case .object:
                asked = true
                found = stack[level].member(first)
            case .other:
                break
            }
            if found != nil { break }
            level -= 1
        }
        if parts.count == 1 { return (found, level, asked) }
        var index = 1
        while index < parts.count, let value = found {
            if case .object = value { asked = true }
            found = value.member(parts[index])
            index += 1
        }
        return (found, level, asked)
    }

    func failure(_ problem: TemplateProblem, at position: Position) -> TemplateError {
        TemplateError(TemplateFailure(problem, line: position.line, column: position.column),
                      file: current.name, source: current.source)
    }
}

/// A context stack entry as a look-up sees it.
private enum Frame {
    /// A dictionary's storage, unretained: the stack entry beside it keeps it.
    case dictionary(Unmanaged<TemplateDictionary.Storage>)
    /// An object, asked through the stack entry.
    case object
    /// A value with no names (null, a bool, number, string, array, list or lambda).
    case other

    init(_ value: TemplateValue) {
        switch value {
        case .dictionary(let dictionary): self = .dictionary(Unmanaged.passUnretained(dictionary.storage))
        case .object: self = .object
        default: self = .other
        }
    }
}

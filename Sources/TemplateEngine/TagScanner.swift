/// Finds every tag of a template in one pass over its UTF-8 bytes.
///
/// A struct cursor: `pos` moves forward only; the delimiters change as set-delimiter
/// tags are met. Text is not copied here; it is the gaps between tags' extents.
struct TagScanner {
    let bytes: [UInt8]
    private var pos = 0
    private var line = 1
    private var lineStart = 0
    private var delimiters: Delimiters
    /// Whether a non-blank byte (or a tag) precedes `pos` on the current line.
    private var lineHasContent = false
    /// The last column computed, so columns on long lines cost linear time overall.
    private var columnMark = (index: 0, column: 1)

    init(bytes: [UInt8], delimiters: Delimiters = .standard) {
        self.bytes = bytes
        self.delimiters = delimiters
    }

    /// All tags in source order.
    mutating func scan() throws(TemplateFailure) -> [Tag] {
        var tags: [Tag] = []
        while let tagStart = nextOpen() {
            tags.append(try readTag(at: tagStart))
        }
        return tags
    }
}

private extension TagScanner {
    static let newline = UInt8(ascii: "\n")

    /// Advances to the next open delimiter, counting lines; nil at the end.
    mutating func nextOpen() -> Int? {
        let open = delimiters.open
        let first = open[0]
        while pos < bytes.count {
            let byte = bytes[pos]
            if byte == first, matches(open, at: pos) { return pos }
            if byte == Self.newline {
                line += 1
                lineStart = pos + 1
                lineHasContent = false
            } else if byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t") {
                lineHasContent = true
            }
            pos += 1
        }
        return nil
    }

    func matches(_ needle: [UInt8], at index: Int) -> Bool {
        guard index + needle.count <= bytes.count else { return false }
        for offset in needle.indices where bytes[index + offset] != needle[offset] { return false }
        return true
    }

    mutating func column(of index: Int) -> Int {
        var (cursor, column) = columnMark.index >= lineStart && columnMark.index <= index ? columnMark : (lineStart, 1)
        while cursor < index {
            if bytes[cursor] & 0xC0 != 0x80 { column += 1 }
            cursor += 1
        }
        columnMark = (index, column)
        return column
    }

    mutating func readTag(at tagStart: Int) throws(TemplateFailure) -> Tag {
        let position = Position(line: line, column: column(of: tagStart))
        let tagLineStart = lineStart
        let blankBefore = !lineHasContent
        lineHasContent = true
        var cursor = tagStart + delimiters.open.count
        let isTriple = cursor < bytes.count && bytes[cursor] == UInt8(ascii: "{")
        if isTriple { cursor += 1 }
        let close = isTriple ? [UInt8(ascii: "}")] + delimiters.close : delimiters.close
        let sigil: UInt8? = cursor < bytes.count && !isTriple ? bytes[cursor] : nil
        let isComment = sigil == UInt8(ascii: "!")
        let contentStart = cursor
        while true {
            guard cursor < bytes.count else { throw unterminated(close, position) }
            if bytes[cursor] == close[0], matches(close, at: cursor) { break }
            if bytes[cursor] == Self.newline {
                guard isComment else { throw unterminated(close, position) }
                line += 1
                lineStart = cursor + 1
            }
            cursor += 1
        }
        let content = String(decoding: bytes[contentStart..<cursor], as: UTF8.self)
        let tagEnd = cursor + close.count
        pos = tagEnd
        let (kind, name, isDynamic) = try classify(content, isTriple: isTriple, position: position)
        if kind == .delimiters { delimiters = try newDelimiters(from: name, position: position) }
        return makeTag(kind: kind, name: name, isDynamic: isDynamic, tagStart: tagStart, tagEnd: tagEnd,
                       lineStart: tagLineStart, blankBefore: blankBefore, position: position)
    }

    func unterminated(_ close: [UInt8], _ position: Position) -> TemplateFailure {
        TemplateFailure(.unterminatedTag(close: String(decoding: close, as: UTF8.self)),
                        line: position.line, column: position.column)
    }

    func classify(_ content: String, isTriple: Bool, position: Position) throws(TemplateFailure)
        -> (Tag.Kind, String, Bool) {
        let fail = { (problem: TemplateProblem) in TemplateFailure(problem, line: position.line, column: position.column) }
        if isTriple { return (.unescaped, try validName(content, fail), false) }
        guard let first = content.first else { throw fail(.emptyTag) }
        let rest = String(content.dropFirst())
        switch first {
        case "!": return (.comment, "", false)
        case "=":
            guard content.count >= 2, content.hasSuffix("=") else { throw fail(.badDelimiters(content)) }
            return (.delimiters, String(content.dropFirst().dropLast()), false)
        case "&": return (.unescaped, try validName(rest, fail), false)
        case "#": return (.section, try validName(rest, fail), false)
        case "^": return (.inverted, try validName(rest, fail), false)
        case "/": return (.close, try validName(rest, fail), false)
        case "$": return (.block, try validName(rest, fail), false)
        case ">", "<":
            var name = trimmed(rest)
            let isDynamic = name.hasPrefix("*")
            if isDynamic { name = trimmed(String(name.dropFirst())) }
            return (first == ">" ? .partial : .parent, try validName(name, fail), isDynamic)
        default: return (.variable, try validName(content, fail), false)
        }
    }

    func validName(_ raw: String, _ fail: (TemplateProblem) -> TemplateFailure) throws(TemplateFailure) -> String {
        let name = trimmed(raw)
        guard !name.isEmpty else { throw fail(.emptyTag) }
        guard !name.contains(where: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }) else {
            throw fail(.invalidName(name))
        }
        return name
    }

    func trimmed(_ text: String) -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) })
        else { return "" }
        return String(text[first...last])
    }

    func newDelimiters(from content: String, position: Position) throws(TemplateFailure) -> Delimiters {
        let parts = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
            throw TemplateFailure(.badDelimiters("=\(content)="), line: position.line, column: position.column)
        }
        return Delimiters(open: Array(parts[0].utf8), close: Array(parts[1].utf8))
    }

    func makeTag(kind: Tag.Kind, name: String, isDynamic: Bool, tagStart: Int, tagEnd: Int,
                 lineStart: Int, blankBefore: Bool, position: Position) -> Tag {
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var cursor = tagEnd
        while cursor < bytes.count, isBlank(bytes[cursor]) { cursor += 1 }
        let blanksEnd = cursor
        var lineEnd = cursor
        var blankAfter = false
        if cursor == bytes.count {
            blankAfter = true
        } else if bytes[cursor] == Self.newline {
            blankAfter = true
            lineEnd = cursor + 1
        } else if bytes[cursor] == UInt8(ascii: "\r"), cursor + 1 < bytes.count, bytes[cursor + 1] == Self.newline {
            blankAfter = true
            lineEnd = cursor + 2
        }
        let standalone = kind.canStandAlone && blankBefore && blankAfter
        return Tag(kind: kind, name: name, isDynamic: isDynamic, tagStart: tagStart, tagEnd: tagEnd,
                   lineStart: lineStart, blanksEnd: blanksEnd, lineEnd: lineEnd,
                   blankBefore: blankBefore, blankAfter: blankAfter, position: position,
                   delimiters: delimiters,
                   start: standalone ? lineStart : tagStart, end: standalone ? lineEnd : tagEnd,
                   isStandalone: standalone)
    }
}

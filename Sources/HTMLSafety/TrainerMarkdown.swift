/// The trainer's own words on the site (`about.md`, a caught Pokémon's notes): Markdown
/// turned into HTML, then through the sanitizer, so nothing but text formatting, lists,
/// code, quotes and links reaches a page, whatever the text holds.
///
/// The Markdown is this project's own small reader (``MarkdownReader``), not Ink: the fuzz
/// target found four kinds of failure in Ink 0.6 within minutes (an endless loop on `<p*l`,
/// exponential time on nested `[`, and two index-out-of-range traps on `- \n ` and a
/// document starting `---`), each one a build killed by a note. This reader is one pass
/// over lines, then over each block's characters with every closing marker found through
/// precomputed tables, nesting at most ``MarkdownReader/maxDepth`` deep: linear in its input.
public enum TrainerMarkdown {
    /// The most Markdown rendered at once; longer text is cut at the last whole line before it.
    public static let maxBytes = 65_536

    /// Sanitized HTML for `markdown`.
    public static func html(from markdown: String) -> String {
        HTMLSanitizer.sanitize(MarkdownReader.html(capped(markdown)), policy: policy)
    }

    /// The default policy without images: the pages' Content-Security-Policy shows only the
    /// site's own images, and an outside one would be a blocked request on every visit.
    public static let policy: SanitizerPolicy = {
        var policy = SanitizerPolicy.default
        policy.elements["img"] = nil
        return policy
    }()

    /// `input` cut to ``maxBytes``, at a line break when there is one, without control
    /// characters but line breaks and tabs.
    static func capped(_ input: String) -> String {
        let markdown = input.unicodeScalars.contains(where: isUnwantedControl)
            ? String(String.UnicodeScalarView(input.unicodeScalars.filter { !isUnwantedControl($0) })) : input
        guard markdown.utf8.count > maxBytes else { return markdown }
        let prefix = String(decoding: markdown.utf8.prefix(maxBytes), as: UTF8.self)
        guard let lastBreak = prefix.lastIndex(of: "\n") else { return prefix }
        return String(prefix[..<lastBreak])
    }

    private static func isUnwantedControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
    }
}

/// The Markdown a trainer writes, read in one pass: ATX headings (one level down, the page
/// has its `<h1>`), paragraphs, `-`/`*`/`+` and numbered lists, `>` quotes, fenced code,
/// rules; inline `**strong**`, `*em*`, `~~struck~~`, `` `code` ``, `[links](url)` and
/// backslash escapes. Raw HTML is text. Images are said by their alt text.
enum MarkdownReader {
    /// How deep quotes and inline markers nest before the rest is taken as text.
    static let maxDepth = 4

    static func html(_ markdown: String) -> String {
        let lines = markdown.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        var out = ""
        blocks(lines.map { String($0).replacingOccurrences(of: "\t", with: "    ") }, depth: 0, into: &out)
        return out
    }

    // MARK: Blocks

    static func blocks(_ lines: [String], depth: Int, into out: inout String) {
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let content = line.drop { $0 == " " }
            if content.isEmpty { index += 1; continue }
            let indent = line.count - content.count
            if indent < 4, let fence = fence(content) {
                var code: [String] = []
                index += 1
                while index < lines.count, !lines[index].drop(while: { $0 == " " }).hasPrefix(fence) {
                    code.append(lines[index])
                    index += 1
                }
                index += 1
                out += "<pre><code>" + escape(code.joined(separator: "\n")) + "</code></pre>\n"
            } else if indent < 4, let level = heading(content) {
                var text = content.dropFirst(level).drop { $0 == " " }
                while text.hasSuffix("#") { text = text.dropLast() }
                let tag = "h\(min(6, level + 1))"
                out += "<\(tag)>" + inline(String(text).trimmingCharacters(in: .whitespaces)) + "</\(tag)>\n"
                index += 1
            } else if indent < 4, isRule(content) {
                out += "<hr>\n"
                index += 1
            } else if indent < 4, content.hasPrefix(">") {
                var quoted: [String] = []
                while index < lines.count {
                    let inner = lines[index].drop { $0 == " " }
                    guard inner.hasPrefix(">") else { break }
                    var rest = inner.dropFirst()
                    if rest.hasPrefix(" ") { rest = rest.dropFirst() }
                    quoted.append(String(rest))
                    index += 1
                }
                out += "<blockquote>\n"
                if depth < maxDepth { blocks(quoted, depth: depth + 1, into: &out) } else { out += "<p>" + inline(quoted.joined(separator: "\n")) + "</p>\n" }
                out += "</blockquote>\n"
            } else if indent < 4, let first = listMarker(content) {
                out += first.ordered ? (first.start == 1 ? "<ol>\n" : "<ol start=\"\(first.start)\">\n") : "<ul>\n"
                while index < lines.count {
                    let itemLine = lines[index].drop { $0 == " " }
                    guard let marker = listMarker(itemLine), marker.ordered == first.ordered else { break }
                    index += 1
                    let text = [String(itemLine.dropFirst(marker.width))] + continuation(lines, &index)
                    out += "<li>" + inline(text.joined(separator: "\n")) + "</li>\n"
                    // One blank line between items keeps the list going.
                    if index + 1 < lines.count, lines[index].allSatisfy({ $0 == " " }), let again = listMarker(lines[index + 1].drop { $0 == " " }),
                       again.ordered == first.ordered {
                        index += 1
                    }
                }
                out += first.ordered ? "</ol>\n" : "</ul>\n"
            } else {
                index += 1
                let text = [String(content)] + continuation(lines, &index)
                out += "<p>" + inline(text.joined(separator: "\n")) + "</p>\n"
            }
        }
    }

    /// The lines from `index` on that start no block of their own: they continue a paragraph
    /// or a list item.
    static func continuation(_ lines: [String], _ index: inout Int) -> [String] {
        var text: [String] = []
        while index < lines.count {
            let next = lines[index].drop { $0 == " " }
            if next.isEmpty || startsBlock(next) { break }
            text.append(String(next))
            index += 1
        }
        return text
    }

    static func startsBlock(_ line: Substring) -> Bool {
        fence(line) != nil || heading(line) != nil || isRule(line) || line.hasPrefix(">") || listMarker(line) != nil
    }

    /// "```" or "~~~" (three or more), the marker a fence closes with.
    static func fence(_ line: Substring) -> String? {
        for marker in ["```", "~~~"] where line.hasPrefix(marker) { return marker }
        return nil
    }

    /// The level of an ATX heading: 1 to 6 `#` and then a space or the end.
    static func heading(_ line: Substring) -> Int? {
        let hashes = line.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes) else { return nil }
        let rest = line.dropFirst(hashes)
        return rest.isEmpty || rest.first == " " ? hashes : nil
    }

    /// Three or more `-`, `*` or `_`, and spaces, alone on the line.
    static func isRule(_ line: Substring) -> Bool {
        let marks = line.filter { $0 != " " }
        guard marks.count >= 3, let first = marks.first, "-*_".contains(first) else { return false }
        return marks.allSatisfy { $0 == first }
    }

    /// A list item's marker: `- `, `* `, `+ ` or `12. `, `12) `; its width and number.
    static func listMarker(_ line: Substring) -> (ordered: Bool, start: Int, width: Int)? {
        if let first = line.first, "-*+".contains(first) {
            let rest = line.dropFirst()
            guard rest.isEmpty || rest.first == " " else { return nil }
            return (false, 1, rest.isEmpty ? 1 : 2)
        }
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        guard (1...9).contains(digits.count) else { return nil }
        let rest = line.dropFirst(digits.count)
        guard let mark = rest.first, mark == "." || mark == ")" else { return nil }
        let after = rest.dropFirst()
        guard after.isEmpty || after.first == " " else { return nil }
        return (true, Int(digits) ?? 1, digits.count + (after.isEmpty ? 1 : 2))
    }

    // MARK: Inline

    static func inline(_ text: String) -> String {
        var reader = InlineReader(Array(text))
        return reader.render(0..<reader.characters.count, depth: 0, inLink: false)
    }

    static func escape(_ text: some StringProtocol) -> String {
        HTMLEntities.escapeAttribute(String(text))
    }
}

/// Inline markup over one block's characters. Each closing marker is found through a table
/// of the next position of every marker (``next``), so no scan goes back over the text.
struct InlineReader {
    let characters: [Character]
    /// For each marker character, the index of its next occurrence at or after each position.
    private var next: [Character: [Int]] = [:]
    /// The same for doubled markers (`**`, `__`, `~~`): where the next pair starts.
    private var nextPair: [Character: [Int]] = [:]
    /// For each `(` right after a `]`, where the address in it stops (``address(from:)``),
    /// found once: many `[` before one `](` would each have read it again.
    private var addressStops: [Int: Int] = [:]

    init(_ characters: [Character]) {
        self.characters = characters
        for marker in ["*", "_", "`", "~", "]", ")"] as [Character] {
            var positions = [Int](repeating: characters.count, count: characters.count + 1)
            var pairs = [Int](repeating: characters.count, count: characters.count + 1)
            if !characters.isEmpty {
                for index in stride(from: characters.count - 1, through: 0, by: -1) {
                    positions[index] = characters[index] == marker ? index : positions[index + 1]
                    let isPair = characters[index] == marker && index + 1 < characters.count && characters[index + 1] == marker
                    pairs[index] = isPair ? index : pairs[index + 1]
                }
            }
            next[marker] = positions
            nextPair[marker] = pairs
        }
        for index in characters.indices.dropFirst() where characters[index] == "(" && characters[index - 1] == "]" {
            addressStops[index] = address(from: index + 1)
        }
    }

    /// How far an address is read, and how deep its parentheses nest, before the link is
    /// taken for text: no scan runs far past where it began, whatever the text holds.
    static let maxAddress = 2_048
    static let maxNesting = 32

    /// Where the address starting at `start` (leading spaces skipped) stops: at white
    /// space, or at the `)` that closes it, its own parentheses balanced, as CommonMark reads
    /// it (a Wikipedia page's `Pikachu_(Pokémon)` keeps its `)`; the first `)` cut it short
    /// and left one after the link). -1 when it does not stop within bounds.
    private func address(from start: Int) -> Int {
        var at = start
        while at < characters.count, characters[at] == " " { at += 1 }
        let limit = min(characters.count, at + Self.maxAddress)
        var depth = 0
        while at < limit {
            switch characters[at] {
            case "(":
                depth += 1
                if depth > Self.maxNesting { return -1 }
            case ")" where depth == 0: return at
            case ")": depth -= 1
            case let character where character.isWhitespace: return at
            default: break
            }
            at += 1
        }
        return -1
    }

    /// The next `marker` at or after `from`, before `end`.
    func find(_ marker: Character, from: Int, before end: Int) -> Int? {
        guard from < end, let table = next[marker] else { return nil }
        let found = table[from]
        return found < end ? found : nil
    }

    func findPair(_ marker: Character, from: Int, before end: Int) -> Int? {
        guard from < end, let table = nextPair[marker] else { return nil }
        let found = table[from]
        return found + 1 < end ? found : nil
    }

    mutating func render(_ range: Range<Int>, depth: Int, inLink: Bool) -> String {
        var out = ""
        var index = range.lowerBound
        let end = range.upperBound
        while index < end {
            let character = characters[index]
            let deeper = depth < MarkdownReader.maxDepth
            switch character {
            case "\\" where index + 1 < end && characters[index + 1].isASCII && characters[index + 1].isPunctuation:
                out += MarkdownReader.escape(String(characters[index + 1]))
                index += 2
                continue
            case "\\" where index + 1 < end && characters[index + 1].isASCII && characters[index + 1].isSymbol:
                out += MarkdownReader.escape(String(characters[index + 1]))
                index += 2
                continue
            case "`":
                var run = 0
                while index + run < end, characters[index + run] == "`" { run += 1 }
                if let close = codeClose(from: index + run, run: run, before: end) {
                    let code = String(characters[(index + run)..<close]).trimmingCharacters(in: .whitespaces)
                    out += "<code>" + MarkdownReader.escape(code) + "</code>"
                    index = close + run
                } else {
                    out += String(repeating: "`", count: run)
                    index += run
                }
                continue
            case "*", "_", "~":
                let isPair = index + 1 < end && characters[index + 1] == character
                if character == "_", index > 0, characters[index - 1].isLetter || characters[index - 1].isNumber {
                    break  // snake_case stays text
                }
                if isPair, deeper, let close = findPair(character, from: index + 2, before: end), close > index + 2 {
                    let tag = character == "~" ? "del" : "strong"
                    out += "<\(tag)>" + render((index + 2)..<close, depth: depth + 1, inLink: inLink) + "</\(tag)>"
                    index = close + 2
                    continue
                }
                if !isPair, character != "~", deeper, index + 1 < end, characters[index + 1] != " ",
                   let close = find(character, from: index + 1, before: end), close > index + 1, characters[close - 1] != " " {
                    out += "<em>" + render((index + 1)..<close, depth: depth + 1, inLink: inLink) + "</em>"
                    index = close + 1
                    continue
                }
            case "!" where index + 1 < end && characters[index + 1] == "[":
                // An image is said by its alt text: the pages show only the site's own images.
                if let link = link(at: index + 1, before: end) {
                    out += MarkdownReader.escape(String(characters[(index + 2)..<link.textEnd]))
                    index = link.end
                    continue
                }
            case "[" where !inLink && deeper:
                if let link = link(at: index, before: end) {
                    out += "<a href=\"" + MarkdownReader.escape(link.url) + "\">"
                        + render((index + 1)..<link.textEnd, depth: depth + 1, inLink: true) + "</a>"
                    index = link.end
                    continue
                }
            case "\n":
                // Two spaces or a backslash before a line break: a hard break.
                if out.hasSuffix("  ") {
                    out.removeLast(2)
                    out += "<br>\n"
                } else {
                    out += "\n"
                }
                index += 1
                continue
            default:
                break
            }
            out += MarkdownReader.escape(String(character))
            index += 1
        }
        return out
    }

    /// A closing run of exactly `run` backticks, at most a few thousand characters on.
    func codeClose(from start: Int, run: Int, before end: Int) -> Int? {
        var at = start
        let limit = min(end, start + 4_000)
        while let found = find("`", from: at, before: limit) {
            var length = 0
            while found + length < end, characters[found + length] == "`" { length += 1 }
            if length == run { return found }
            at = found + length
        }
        return nil
    }

    /// `[text](url)` starting at `open`: where the text ends, the URL, where it all ends.
    func link(at open: Int, before end: Int) -> (textEnd: Int, url: String, end: Int)? {
        guard let close = find("]", from: open + 1, before: end), close + 1 < end, characters[close + 1] == "(",
              let stop = addressStops[close + 1], stop >= 0, stop < end else { return nil }
        var start = close + 2
        while start < stop, characters[start] == " " { start += 1 }
        guard stop > start else { return nil }
        let url = String(characters[start..<stop])
        if characters[stop] == ")" { return (close, url, stop + 1) }
        // A title after the address ("url "title"") is left out; one in quotes may hold a `)`.
        var at = stop
        while at < end, characters[at].isWhitespace { at += 1 }
        if at < end, characters[at] == "\"" || characters[at] == "'" {
            let quote = characters[at]
            var inside = at + 1
            let limit = min(end, inside + Self.maxAddress)
            while inside < limit, characters[inside] != quote { inside += 1 }
            var after = inside + 1
            while after < end, characters[after] == " " { after += 1 }
            if inside < limit, after < end, characters[after] == ")" { return (close, url, after + 1) }
        }
        guard let paren = find(")", from: stop, before: end) else { return nil }
        return (close, url, paren + 1)
    }
}

/// Finds elements opened and never closed (`<p><span>text</p>`), which libxml2's parser
/// closes silently: a `<span>` left open is a template bug even though the page renders.
///
/// One pass over the source: a stack of open elements; void elements, raw-text elements'
/// contents, comments and self-closed foreign elements (`<path/>` in SVG) are skipped. An
/// element whose end tag HTML lets a page leave out (`p`, `li`, `td`, `option`...) is closed
/// quietly by what implies its end; anything else still open when an end tag of an outer
/// element arrives, or at the end of the page, is a finding at the line it was opened.
enum TagBalance {
    static let void: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr", "param", "keygen"]
    static let rawText: Set<String> = ["script", "style", "textarea", "title"]
    /// Elements whose end tag may be left out (HTML's "optional tags").
    static let optionalEnd: Set<String> = ["html", "head", "body", "p", "li", "dt", "dd", "option", "optgroup", "tr", "td", "th",
                                          "thead", "tbody", "tfoot", "colgroup", "caption", "rb", "rt", "rtc", "rp"]
    /// A new `<li>` ends an open `<li>`, a new `<p>` an open `<p>`, and so on.
    static let impliedEnds: [String: Set<String>] = [
        "li": ["li"], "dt": ["dt", "dd"], "dd": ["dt", "dd"], "p": ["p"], "option": ["option"],
        "tr": ["tr", "td", "th"], "td": ["td", "th"], "th": ["td", "th"], "tbody": ["tbody", "thead", "tr", "td", "th"],
        "tfoot": ["tbody", "thead", "tr", "td", "th"], "optgroup": ["optgroup", "option"],
    ]

    static func issues(in html: [UInt8]) -> [HTMLIssue] {
        html.withUnsafeBufferPointer { bytes in
            var scanner = Scanner(bytes: bytes)
            return scanner.run()
        }
    }

    private struct Open {
        var name: String
        var line: Int
        var column: Int
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var at = 0
        var line = 1
        var lineStart = 0
        var stack: [Open] = []
        var issues: [HTMLIssue] = []

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func run() -> [HTMLIssue] {
            while at < bytes.count {
                if bytes[at] == UInt8(ascii: "<") {
                    tag()
                } else {
                    advance()
                }
            }
            for open in stack.reversed() where !TagBalance.optionalEnd.contains(open.name) {
                report(open, closedBy: nil)
            }
            return issues
        }

        mutating func advance() {
            if bytes[at] == UInt8(ascii: "\n") { line += 1; lineStart = at + 1 }
            at += 1
        }

        mutating func skip(past marker: [UInt8]) {
            while at < bytes.count {
                if starts(with: marker) {
                    for _ in marker { advance() }
                    return
                }
                advance()
            }
        }

        mutating func tag() {
            let line = self.line, column = at - lineStart + 1
            if starts(with: Self.commentOpen) { skip(past: Self.commentClose); return }
            if at + 1 < bytes.count, bytes[at + 1] == UInt8(ascii: "!") || bytes[at + 1] == UInt8(ascii: "?") {
                skip(past: [UInt8(ascii: ">")])
                return
            }
            advance()
            var closing = false
            if at < bytes.count, bytes[at] == UInt8(ascii: "/") { closing = true; advance() }
            let nameStart = at
            while at < bytes.count, Self.isNameByte(bytes[at]) { at += 1 }  // no newline in a name
            guard at > nameStart else { return }
            // Names are ASCII: lower case is one bit.
            let name = String(unsafeUninitializedCapacity: at - nameStart) { buffer in
                for offset in 0..<(at - nameStart) {
                    let byte = bytes[nameStart + offset]
                    buffer[offset] = byte | (byte >= 65 && byte <= 90 ? 0x20 : 0)
                }
                return at - nameStart
            }
            // The rest of the tag, quoted values included; `/>` self-closes (foreign elements).
            var quote: UInt8?
            var selfClosed = false
            while at < bytes.count {
                let byte = bytes[at]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    selfClosed = at > 0 && bytes[at - 1] == UInt8(ascii: "/")
                    advance()
                    break
                }
                advance()
            }
            if closing {
                close(name, line: line, column: column)
                return
            }
            guard !TagBalance.void.contains(name), !selfClosed else { return }
            impliedEnds(before: name)
            stack.append(Open(name: name, line: line, column: column))
            if TagBalance.rawText.contains(name) {
                skip(past: Array("</\(name)".utf8))
                while at < bytes.count, bytes[at] != UInt8(ascii: ">") { advance() }
                if at < bytes.count { advance() }
                stack.removeLast()
            }
        }

        /// Closes what the element `name` implies the end of (see `TagBalance.impliedEnds`).
        mutating func impliedEnds(before name: String) {
            guard let closes = TagBalance.impliedEnds[name] else { return }
            while let top = stack.last, closes.contains(top.name) { stack.removeLast() }
        }

        mutating func close(_ name: String, line: Int, column: Int) {
            guard let index = stack.lastIndex(where: { $0.name == name }) else { return }
            for open in stack[(index + 1)...].reversed() where !TagBalance.optionalEnd.contains(open.name) {
                report(open, closedBy: (name, line))
            }
            stack.removeSubrange(index...)
        }

        mutating func report(_ open: Open, closedBy: (name: String, line: Int)?) {
            let message = closedBy.map { "Unclosed <\(open.name)>: its end tag is missing before </\($0.name)> (line \($0.line))" }
                ?? "Unclosed <\(open.name)>: its end tag is missing before the end of the page"
            issues.append(HTMLIssue(line: open.line, column: open.column, severity: .error, message: message, code: 0, subject: open.name))
        }

        static let commentOpen = Array("<!--".utf8), commentClose = Array("-->".utf8)

        /// Whether the bytes at the position are `marker`, compared in place (this runs at
        /// every `<` of every page a strict build checks).
        func starts(with marker: [UInt8]) -> Bool {
            guard at + marker.count <= bytes.count else { return false }
            for offset in 0..<marker.count where bytes[at + offset] != marker[offset] { return false }
            return true
        }

        static func isNameByte(_ byte: UInt8) -> Bool {
            (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || (byte >= 48 && byte <= 57) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":")
        }
    }
}

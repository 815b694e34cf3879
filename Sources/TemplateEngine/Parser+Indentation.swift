/// Indentation rules: standalone partials, parents and blocks carry the blanks before them,
/// and a standalone block's content is dedented where it is defined (spec `~inheritance`).
extension Parser {
    /// A block's nodes, dedented when it stands alone, and the indentation to re-add where it expands.
    func blockContent(_ index: Int, text body: Range<Int>, dedent: [UInt8]) -> (nodes: [Node], indentation: [UInt8]?) {
        let tag = tags[index]
        let inner = (index + 1)..<partner[index]
        guard tag.isStandalone || pairedBlocks.contains(index) else {
            return (build(tags: inner, text: body, dedent: dedent), nil)
        }
        guard let common = commonIndentation(in: body) else {
            return (build(tags: inner, text: body, dedent: dedent), indentation(of: tag, dedent: dedent))
        }
        let intrinsic = dropping(dedent, from: common)
        let own = intrinsic.isEmpty ? indentation(of: tag, dedent: dedent) : intrinsic
        return (build(tags: inner, text: body, dedent: common), own)
    }

    /// The blanks before a standalone tag, less what the enclosing block removes.
    func indentation(of tag: Tag, dedent: [UInt8]) -> [UInt8] {
        guard tag.blankBefore else { return [] }
        return dropping(dedent, from: Array(bytes[tag.lineStart..<tag.tagStart]))
    }

    func dropping(_ prefix: [UInt8], from bytes: [UInt8]) -> [UInt8] {
        var count = 0
        while count < prefix.count, count < bytes.count, prefix[count] == bytes[count] { count += 1 }
        return Array(bytes[count...])
    }

    /// The blanks every non-blank line of `range` starts with; nil when all lines are blank.
    func commonIndentation(in range: Range<Int>) -> [UInt8]? {
        var common: [UInt8]?
        var lineStart = range.lowerBound
        while lineStart < range.upperBound {
            var cursor = lineStart
            while cursor < range.upperBound, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\t") {
                cursor += 1
            }
            let isBlankLine = cursor == range.upperBound || bytes[cursor] == UInt8(ascii: "\n")
                || bytes[cursor] == UInt8(ascii: "\r")
            if !isBlankLine {
                let indent = Array(bytes[lineStart..<cursor])
                if let current = common {
                    var count = 0
                    while count < current.count, count < indent.count, current[count] == indent[count] { count += 1 }
                    common = Array(current[..<count])
                } else {
                    common = indent
                }
            }
            while cursor < range.upperBound, bytes[cursor] != UInt8(ascii: "\n") { cursor += 1 }
            lineStart = cursor + 1
        }
        return common
    }

    /// Appends the source text `start..<end` as a node, removing `dedent` from its line starts.
    func appendText(from start: Int, to end: Int, dedent: [UInt8], into nodes: inout [Node]) {
        guard start < end else { return }
        guard !dedent.isEmpty else {
            nodes.append(.text(Array(bytes[start..<end])))
            return
        }
        var text: [UInt8] = []
        text.reserveCapacity(end - start)
        var atLineStart = start == 0 || bytes[start - 1] == UInt8(ascii: "\n")
        var cursor = start
        while cursor < end {
            if atLineStart {
                var matched = 0
                while matched < dedent.count, cursor < end, bytes[cursor] == dedent[matched] {
                    matched += 1
                    cursor += 1
                }
                atLineStart = false
                continue
            }
            text.append(bytes[cursor])
            atLineStart = bytes[cursor] == UInt8(ascii: "\n")
            cursor += 1
        }
        if !text.isEmpty { nodes.append(.text(text)) }
    }
}

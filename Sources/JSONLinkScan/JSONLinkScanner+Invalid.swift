import Foundation

extension JSONLinkScanner {
    /// Why `data` is not valid JSON, and where, in words a person finds the spot with: "the
    /// file is empty, not JSON", or "not valid JSON at line 12, column 5 (byte 500)"; nil
    /// when it is valid. Line, column (in characters) and byte count from 1, as editors do;
    /// a line ends at LF, CRLF or a lone CR. Meant for a file already found invalid: it reads
    /// the whole file once more.
    public static func whyInvalid(_ data: Data) -> String? {
        let bytes = [UInt8](data)
        if bytes.allSatisfy(isBlank) {
            return bytes.isEmpty ? "the file is empty, not JSON" : "the file holds only blank space, not JSON"
        }
        if bytes.allSatisfy({ $0 == 0 }) {
            return "the file holds only zero bytes, not JSON; it may have been cut off while it was written"
        }
        // UTF-16 or UTF-32 (a byte-order mark, or a zero byte among the first four, which
        // UTF-8 text never has there): every position in it would be wrong.
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.prefix(4).contains(0) {
            return "not valid JSON: the file looks like UTF-16 or UTF-32 text; save it as UTF-8"
        }
        // A UTF-8 byte-order mark (some editors write one, invisible): where the rest stops,
        // or the mark itself when the rest is JSON.
        let mark = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let text = bytes[mark...]
        let offset: Int
        do {
            _ = try matches(in: Data(text), rules: [])
            return mark == 0 ? nil
                : "not valid JSON: the file begins with a byte-order mark (an invisible character some editors add); save it as UTF-8 without one"
        } catch {
            offset = mark + min(max(error.offset, 0), text.count)
        }
        var line = 1
        var lineStart = mark
        for index in mark..<offset where bytes[index] == 0x0A || (bytes[index] == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) {
            line += 1
            lineStart = index + 1
        }
        // UTF-8's continuation bytes start no character of their own.
        let column = bytes[lineStart..<offset].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        // Cut short: the document still open where it stops, and it stops at the file's end,
        // or within its last few bytes when its last character closes nothing (a word, a
        // number, a character cut in two). Not so text after a whole document.
        let last = bytes.last { !isBlank($0) }
        let nearEnd = offset >= bytes.count || (last != UInt8(ascii: "}") && last != UInt8(ascii: "]") && offset >= bytes.count - 8)
        if nearEnd, Self.isOpen(bytes[mark..<offset]) {
            return "not valid JSON: the file ends before the JSON does, at line \(line), column \(column); it may be cut short"
        }
        return "not valid JSON at line \(line), column \(column) (byte \(offset + 1))"
    }

    /// JSON's blank space: space, line feed, carriage return, tab.
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Whether a container is still open after `bytes` (brackets counted outside strings).
    private static func isOpen(_ bytes: ArraySlice<UInt8>) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
        }
        return depth > 0 || inString
    }
}

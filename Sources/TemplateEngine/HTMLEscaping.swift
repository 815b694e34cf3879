/// HTML escaping in one pass over UTF-8 bytes: `& < > " '`.
enum HTMLEscaping {
    @inline(__always)
    static func append(_ text: String, escaped: Bool, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { buffer in
            guard escaped else {
                output.append(contentsOf: buffer)
                return
            }
            var runStart = 0
            for index in 0..<buffer.count {
                let replacement: StaticString
                switch buffer[index] {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\""): replacement = "&quot;"
                case UInt8(ascii: "'"): replacement = "&#39;"
                default: continue
                }
                if runStart < index { output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart..<index])) }
                replacement.withUTF8Buffer { output.append(contentsOf: $0) }
                runStart = index + 1
            }
            if runStart < buffer.count { output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart...])) }
        }
    }
}

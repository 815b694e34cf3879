import Foundation

extension JSONLinkScanner {
    /// Why `data` is not valid JSON, and where, in words a person finds the spot with: "the
    /// file is empty, not JSON", or "not valid JSON at line 12, column 5 (byte 500)"; nil
    /// when it is valid. Line, column (in characters) and byte count from 1, as editors do.
    /// Meant for a file already found invalid: it reads the whole file once more.
    public static func whyInvalid(_ data: Data) -> String? {
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return data.isEmpty ? "the file is empty, not JSON" : "the file holds only blank space, not JSON"
        }
        let offset: Int
        do {
            _ = try matches(in: data, rules: [])
            return nil
        } catch {
            offset = min(max(error.offset, 0), data.count)
        }
        let stop = data.startIndex + offset
        let before = data[data.startIndex..<stop]
        let line = before.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? data.startIndex
        // UTF-8's continuation bytes start no character of their own.
        let column = data[lineStart..<stop].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        return offset >= data.count
            ? "not valid JSON: the file ends before the JSON does, at line \(line), column \(column); it may be cut short"
            : "not valid JSON at line \(line), column \(column) (byte \(offset + 1))"
    }
}

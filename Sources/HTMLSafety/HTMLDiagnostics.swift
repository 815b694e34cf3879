import CHTMLSupport

/// One problem libxml2's HTML parser found in a document.
public struct HTMLIssue: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: Sendable, Hashable { case warning, error, fatal }

    public let line: Int
    public let column: Int
    public let severity: Severity
    public let message: String

    public var description: String { "\(line):\(column): \(message)" }
}

/// Parses HTML with libxml2 and reports what its parser complained about.
public enum HTMLDiagnostics {
    /// Every error and warning libxml2 reports for `html`, in document order.
    public static func issues(in html: String) -> [HTMLIssue] {
        var bytes = Array(html.utf8)
        bytes.append(0)
        let count = bytes.count - 1
        return bytes.withUnsafeBufferPointer { buffer -> [HTMLIssue] in
            guard let base = buffer.baseAddress,
                  let result = base.withMemoryRebound(to: CChar.self, capacity: buffer.count, {
                      chs_parse_html($0, count)
                  })
            else { return [] }
            defer { chs_parse_result_free(result) }
            return (0..<chs_parse_result_issue_count(result)).map { index in
                let raw = chs_parse_result_issue(result, index)
                return HTMLIssue(
                    line: Int(raw.line),
                    column: Int(raw.column),
                    severity: raw.level >= 3 ? .fatal : raw.level == 2 ? .error : .warning,
                    message: raw.message.map { String(cString: $0) } ?? "unknown error"
                )
            }
        }
    }
}

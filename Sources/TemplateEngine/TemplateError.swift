/// Why a template could not be compiled or rendered, and where.
///
/// `description` reads like a compiler diagnostic:
/// ```
/// detail.mustache:12:5: error: section 'stats' is never closed
///     {{#stats}}
///     ^
/// help: add {{/stats}} where the section should end
/// ```
public struct TemplateError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The template's name (a path relative to the library folder, or the name given); for
    /// one that did not compile as a library loaded, its path under the folder it came from.
    public let file: String
    /// 1-based line of the spot; 0 when the error is about a whole file or folder.
    public let line: Int
    /// 1-based column of the spot, in characters.
    public let column: Int
    /// The whole source line holding the spot, without its newline.
    public let sourceLine: String
    /// What went wrong.
    public let message: String
    /// What to do about it.
    public let help: String

    public var description: String {
        guard line > 0 else { return "\(file): error: \(message)\nhelp: \(help)" }
        let caret = String(repeating: " ", count: max(0, column - 1)) + "^"
        return "\(file):\(line):\(column): error: \(message)\n    \(sourceLine)\n    \(caret)\nhelp: \(help)"
    }
}

extension TemplateError {
    init(_ failure: TemplateFailure, file: String, source: String) {
        self.init(
            file: file,
            line: failure.line,
            column: failure.column,
            sourceLine: Self.line(failure.line, of: source),
            message: failure.problem.message,
            help: failure.problem.help
        )
    }

    /// An error about a whole file or folder, with no position in it.
    init(file: String, problem: TemplateProblem) {
        self.init(file: file, line: 0, column: 0, sourceLine: "", message: problem.message, help: problem.help)
    }

    private static func line(_ number: Int, of source: String) -> String {
        var current = 1
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == number { return String(line.hasSuffix("\r") ? line.dropLast() : line) }
            current += 1
        }
        return ""
    }
}

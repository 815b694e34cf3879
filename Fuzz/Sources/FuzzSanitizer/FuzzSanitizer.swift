import FuzzDriver
import HTMLSafety

/// Sanitizes arbitrary bytes, and renders them as the trainer's Markdown (the project's
/// Markdown reader, then the sanitizer: the path about.md and notes take), and checks both
/// outputs' promises.
///
/// Traps (which libFuzzer records as a crash with the input) when an output is not a
/// fixed point of the sanitizer, or holds a tag, attribute or URL the policy forbids; the
/// reader crashing or taking too long is caught by libFuzzer itself. (Ink, tried first,
/// failed four ways within minutes here: see TrainerMarkdown.swift.)
@main
enum FuzzSanitizer {
    static func main() {
        FuzzDriver.run { data, size in
            let text = FuzzDriver.text(data, size)
            let output = HTMLSanitizer.sanitize(text)
            guard HTMLSanitizer.sanitize(output) == output else { fatalError("not idempotent: \(output)") }
            var scanner = OutputScanner(output)
            if let problem = scanner.firstProblem() { fatalError("\(problem): \(output)") }
            let markdown = TrainerMarkdown.html(from: text)
            guard HTMLSanitizer.sanitize(markdown, policy: TrainerMarkdown.policy) == markdown else { fatalError("Markdown not a fixed point: \(markdown)") }
            var markdownScanner = OutputScanner(markdown)
            if let problem = markdownScanner.firstProblem() { fatalError("Markdown: \(problem): \(markdown)") }
            if markdown.contains("<img") { fatalError("Markdown let an image through: \(markdown)") }
            return 0
        }
    }
}

/// Reads the sanitizer's own serialization (`<name a="v">`, `</name>`, escaped text).
struct OutputScanner {
    let scalars: [Unicode.Scalar]
    var index = 0

    init(_ text: String) { scalars = Array(text.unicodeScalars) }

    mutating func firstProblem() -> String? {
        let policy = SanitizerPolicy.default
        while index < scalars.count {
            guard scalars[index] == "<" else { index += 1; continue }
            index += 1
            if index < scalars.count, scalars[index] == "/" { index += 1 }
            let name = word()
            guard let allowed = policy.elements[name] else { return "element <\(name)>" }
            while index < scalars.count, scalars[index] == " " {
                index += 1
                let attribute = word()
                guard index + 1 < scalars.count, scalars[index] == "=", scalars[index + 1] == "\"" else {
                    return "malformed attribute \(attribute)"
                }
                index += 2
                var value = ""
                while index < scalars.count, scalars[index] != "\"" {
                    if scalars[index] == "<" || scalars[index] == ">" { return "unescaped < or > in \(attribute)" }
                    value.unicodeScalars.append(scalars[index])
                    index += 1
                }
                index += 1
                let permitted = allowed.contains(attribute) || policy.globalAttributes.contains(attribute)
                    || (name == "a" && attribute == "rel")
                if !permitted || attribute.hasPrefix("on") { return "attribute \(attribute) on <\(name)>" }
                let squeezed = value.unicodeScalars.filter { $0.value > 0x20 }.map(Character.init)
                let lowered = String(squeezed).lowercased()
                let isURL = ["href", "src", "cite"].contains(attribute)
                if isURL, ["javascript:", "vbscript:", "data:"].contains(where: lowered.hasPrefix) { return "URL \(value)" }
            }
            guard index < scalars.count, scalars[index] == ">" else { return "unterminated tag <\(name)" }
            index += 1
        }
        return nil
    }

    mutating func word() -> String {
        var result = ""
        while index < scalars.count, scalars[index] != " ", scalars[index] != ">", scalars[index] != "=" {
            result.unicodeScalars.append(scalars[index])
            index += 1
        }
        return result
    }
}

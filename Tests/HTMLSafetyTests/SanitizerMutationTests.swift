@testable import HTMLSafety
import Testing
import TestSupport

/// A seeded mutation run inside `swift test`, so every CI run fuzzes a little even
/// where libFuzzer is not run (scripts/fuzz goes much further).
@Suite("The sanitizer under seeded random mutations of the attack strings")
struct SanitizerMutationTests {
    static let fragments = [
        "<", ">", "\"", "'", "=", "/", "&#", "&#x", ";", "javascript:", "&colon;", "\t", "\n",
        "\u{0}", "<script>", "</p>", "<a href=", " onerror=", "<img src=x", "<!--", "-->", "<svg>",
        "%3A", "<table><tr>", "<td>", "<li>", "</div>", "\u{200B}", "data:", "<p>", "<b>",
    ]

    /// One random edit: insert a fragment, delete a slice, or splice two strings.
    static func mutate(_ text: String, with random: inout SeededGenerator) -> String {
        var scalars = Array(text.unicodeScalars)
        let position = scalars.isEmpty ? 0 : Int.random(in: 0...scalars.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
            let fragment = fragments.randomElement(using: &random) ?? "<"
            scalars.insert(contentsOf: fragment.unicodeScalars, at: position)
        case 1 where !scalars.isEmpty:
            let end = min(scalars.count, position + Int.random(in: 1...8, using: &random))
            scalars.removeSubrange(min(position, end)..<end)
        default:
            let other = XSSAttacks.all.randomElement(using: &random) ?? ""
            scalars.insert(contentsOf: other.unicodeScalars, at: position)
        }
        return String(String.UnicodeScalarView(scalars))
    }

    @Test("3,000 mutated attacks keep every promise: allowlist, safe URLs, a fixed point")
    func mutatedAttacks() {
        var random = SeededGenerator(seed: 0x5EED_0F_D0C5)
        var failures = 0
        for round in 0..<3_000 {
            var input = XSSAttacks.all[round % XSSAttacks.all.count]
            for _ in 0..<Int.random(in: 1...4, using: &random) { input = Self.mutate(input, with: &random) }
            let output = HTMLSanitizer.sanitize(input)
            var violations = SanitizedOutput.violations(in: output)
            if HTMLSanitizer.sanitize(output) != output { violations.append("not a fixed point") }
            if !violations.isEmpty, failures < 5 {
                failures += 1
                Issue.record("\(violations)\n  input:  \(input.debugDescription)\n  output: \(output.debugDescription)")
            }
        }
    }
}

import Synchronization
import TemplateEngine

/// The spec's `~lambdas` cases, ported to Swift closures (the JSON carries them as source code
/// in other languages). A case without a port here fails the spec test.
enum LambdaPorts {
    /// A fresh closure for the spec case `name`, so call counters start at zero.
    static func lambda(for name: String) -> TemplateValue? {
        switch name {
        case "Interpolation": return lambda { _ in "world" }
        case "Interpolation - Expansion": return lambda { _ in "{{planet}}" }
        case "Interpolation - Alternate Delimiters": return lambda { _ in "|planet| => {{planet}}" }
        case "Interpolation - Multiple Calls":
            let calls = Counter()
            return lambda { _ in String(calls.next()) }
        case "Escaping": return lambda { _ in ">" }
        case "Section": return lambda { text in text == "{{x}}" ? "yes" : "no" }
        case "Section - Expansion": return lambda { text in text + "{{planet}}" + text }
        case "Section - Alternate Delimiters": return lambda { text in text + "{{planet}} => |planet|" + text }
        case "Section - Multiple Calls": return lambda { text in "__" + text + "__" }
        case "Inverted Section": return lambda { _ in "" }
        default: return nil
        }
    }

    private static func lambda(_ body: @escaping @Sendable (String) -> String) -> TemplateValue {
        .lambda(TemplateLambda(body))
    }
}

/// A call counter that closures on several tasks may share.
final class Counter: Sendable {
    private let count = Mutex(0)

    func next() -> Int {
        count.withLock { value in
            value += 1
            return value
        }
    }
}

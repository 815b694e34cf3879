import FuzzDriver
import TemplateEngine

/// Compiles arbitrary bytes as a Mustache template and, when that succeeds, renders it.
///
/// Looks for crashes, hangs (libFuzzer's -timeout) and runaway memory in the tag scanner,
/// parser and renderer. Any partial name resolves to the template itself, so partial and
/// parent handling is exercised too; `maxDepth` is small so that doubling partials stay
/// cheap. A compile error must carry a message and a position.
@main
enum FuzzTemplateParser {
    static let context: TemplateValue = .dictionary([
        "name": .string("<b>Mr. Mime</b> & \"friends\""),
        "id": .int(122),
        "height": .double(1.3),
        "caught": .bool(true),
        "none": .null,
        "types": .array([.dictionary(["name": .string("psychic")]), .dictionary(["name": .string("fairy")])]),
        "stats": .dictionary(["hp": .int(40), "speed": .int(90)]),
    ])

    static func main() {
        FuzzDriver.run { data, size in
            let source = FuzzDriver.text(data, size)
            do throws(TemplateError) {
                let template = try Template(source: source, name: "fuzz")
                _ = try? template.render(FuzzTemplateParser.context, options: RenderOptions(maxDepth: 4)) { _ in template }
            } catch {
                if error.message.isEmpty || error.line < 1 { fatalError("error without message or line: \(error)") }
            }
            return 0
        }
    }
}

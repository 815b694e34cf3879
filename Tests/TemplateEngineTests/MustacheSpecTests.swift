import TemplateEngine
import TestSupport
import Testing

@Suite("The official Mustache spec")
struct MustacheSpecTests {
    @Test("passes the spec case", .enabled(if: SharedFixtures.hasMustacheSpec, SharedFixtures.absent("mustache-spec")),
          arguments: SpecCase.all())
    func passes(_ spec: SpecCase) throws {
        var data = spec.data
        if spec.file == "~lambdas.json" {
            let port = try #require(LambdaPorts.lambda(for: spec.name), "no Swift port of lambda case '\(spec.name)'")
            guard case .dictionary(var values) = data else {
                Issue.record("lambda case data is not an object")
                return
            }
            values["lambda"] = port
            data = .dictionary(values)
        }
        var partials: [String: Template] = [:]
        for (name, source) in spec.partials {
            partials[name] = try Template(source: source, name: name)
        }
        let template = try Template(source: spec.template, name: spec.name)
        let output = try template.render(data, partials: partials)
        #expect(output == spec.expected, "template: \(spec.template.debugDescription)")
    }

    @Test("finds every spec file", .enabled(if: SharedFixtures.hasMustacheSpec, SharedFixtures.absent("mustache-spec")))
    func findsEveryFile() {
        let files = Set(SpecCase.all().map(\.file))
        #expect(files.isSuperset(of: ["comments.json", "delimiters.json", "interpolation.json", "inverted.json",
                                      "partials.json", "sections.json", "~dynamic-names.json",
                                      "~inheritance.json", "~lambdas.json"]))
    }
}

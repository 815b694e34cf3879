import Foundation
import TemplateEngine
import Testing

@Suite("Template values")
struct TemplateValueTests {
    @Test("decodes JSON keeping booleans, integers, doubles and nulls apart")
    func decodesJSON() throws {
        let json = #"{"name":"Nidoran♀","id":29,"height":0.4,"legendary":false,"evolves":null,"types":["poison"]}"#
        let value = try JSONDecoder().decode(TemplateValue.self, from: Data(json.utf8))
        let template = try Template(source: "{{name}} {{id}} {{height}} {{legendary}} [{{evolves}}] {{#types}}{{.}}{{/types}}")
        #expect(try template.render(value) == "Nidoran♀ 29 0.4 false [] poison")
        guard case .bool(false)? = value.member("legendary"), case .int(29)? = value.member("id") else {
            Issue.record("booleans or integers decoded as the wrong case: \(value)")
            return
        }
    }

    @Test("builds the same context from literals and from Swift values")
    func literalsAndConvertibles() throws {
        let fromLiterals: TemplateValue = ["stats": [["name": "hp", "base": 45]], "shiny": true, "rate": 12.5, "note": nil]
        let stats: [[String: TemplateValue]] = [["name": "hp", "base": 45.templateValue]]
        let fromValues = TemplateValue.dictionary([
            "stats": stats.templateValue, "shiny": true.templateValue, "rate": 12.5.templateValue,
            "note": Optional<String>.none.templateValue,
        ])
        let template = try Template(source: "{{#stats}}{{name}}={{base}}{{/stats}} {{shiny}} {{rate}} [{{note}}]")
        #expect(try template.render(fromLiterals) == "hp=45 true 12.5 []")
        #expect(try template.render(fromValues) == (try template.render(fromLiterals)))
    }

    @Test("shows no text for containers and treats only null, false, empty list and empty string as false")
    func truthiness() {
        let falsey: [TemplateValue] = [.null, false, [], ""]
        let truthy: [TemplateValue] = [true, 0, 0.0, "0", [0], [:]]
        #expect(falsey.allSatisfy { !$0.isTruthy })
        #expect(truthy.allSatisfy { $0.isTruthy })
        #expect(TemplateValue.array([1]).text == nil)
        #expect(TemplateValue.dictionary([:]).text == nil)
    }
}

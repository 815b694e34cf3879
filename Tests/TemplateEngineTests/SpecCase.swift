import Foundation
import TemplateEngine
import TestSupport
import Testing

/// One test of the official Mustache spec, read from `../shared/mustache-spec` at test time.
struct SpecCase: Sendable, CustomTestStringConvertible {
    let file: String
    let name: String
    let template: String
    let partials: [String: String]
    let data: TemplateValue
    let expected: String

    var testDescription: String { "\(file): \(name)" }

    /// Every case of every spec file, in file order; empty when the spec is absent.
    static func all() -> [SpecCase] {
        let folder = SharedFixtures.mustacheSpec
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter { $0.hasSuffix(".json") }.sorted().flatMap { file -> [SpecCase] in
            guard let data = try? Data(contentsOf: folder.appendingPathComponent(file)),
                  let suite = try? JSONDecoder().decode(SpecFile.self, from: data)
            else { return [SpecCase(file: file, name: "unreadable spec file", template: "", partials: [:], data: .null, expected: "?")] }
            return suite.tests.map {
                SpecCase(file: file, name: $0.name, template: $0.template, partials: $0.partials ?? [:],
                         data: $0.data, expected: $0.expected)
            }
        }
    }
}

private struct SpecFile: Decodable {
    struct Test: Decodable {
        let name: String
        let template: String
        let partials: [String: String]?
        let data: TemplateValue
        let expected: String
    }

    let tests: [Test]
}

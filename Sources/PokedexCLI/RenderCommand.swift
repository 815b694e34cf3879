import ArgumentParser
import Foundation
import TemplateEngine

/// `pokedex render`: renders one Mustache template over JSON data, to try a template or theme.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a Mustache template over JSON data and print the result.",
        discussion: "With --templates, TEMPLATE is a name in that folder (e.g. detail, partials/card) and partials resolve there; otherwise it is a .mustache file."
    )

    @Argument(help: "A template name in --templates, or a path to a .mustache file.")
    var template: String

    @Option(name: .long, help: "A JSON file with the data to render (default: empty).")
    var data: String?

    @Option(name: .long, help: "A templates folder, such as Templates/.")
    var templates: String?

    @Option(name: .long, help: "A theme folder whose templates override --templates by name.")
    var theme: String?

    @Flag(name: .long, help: "Fail on names and partials the data does not have.")
    var strict = false

    func run() throws {
        let context = try loadData()
        let output: String
        if let templates {
            let library = try TemplateLibrary(directory: URL(fileURLWithPath: templates),
                                              theme: theme.map { URL(fileURLWithPath: $0) }, strict: strict)
            output = try library.render(template, context)
        } else {
            guard let source = try? String(contentsOfFile: template, encoding: .utf8) else {
                throw ValidationError("cannot read the template file '\(template)'; give a .mustache file, or --templates DIR and a name")
            }
            output = try Template(source: source, name: template).render(context, options: RenderOptions(strict: strict))
        }
        FileHandle.standardOutput.write(Data(output.utf8))
    }

    private func loadData() throws -> TemplateValue {
        guard let data else { return [:] }
        guard let bytes = FileManager.default.contents(atPath: data) else {
            throw ValidationError("cannot read the data file '\(data)'")
        }
        do {
            return try JSONDecoder().decode(TemplateValue.self, from: bytes)
        } catch {
            throw ValidationError("the data file '\(data)' is not valid JSON; check it with a JSON linter")
        }
    }
}

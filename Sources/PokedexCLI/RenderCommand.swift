import ArgumentParser

/// Placeholder replaced when the template engine lands.
struct RenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "render", abstract: "Render a Mustache template.")
    func run() async throws {}
}

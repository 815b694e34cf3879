import ArgumentParser
import Foundation
import Pokedex

/// The options every collection command takes: where the collection file is, and the
/// same data options as `pokedex build`, so the rules see the data the site shows.
struct CollectionOptions: ParsableArguments {
    @Option(help: "The collection file (default: pokedex-collection.toml beside pokedex.toml).")
    var collection: String?
    @Flag(help: "Check against the bundled offline sample.")
    var sample = false
    @Option(help: "PokeAPI base URL, or a local api-data folder.")
    var api: String?
    @Option(help: "The cache folder (default .pokedex-cache).")
    var cache: String?
    @Flag(help: "Never use the network; use what the cache holds.")
    var offline = false
    @Option(help: "The settings file (default pokedex.toml when present).")
    var config: String?

    /// The collection file: --collection, else beside the settings file.
    var store: CollectionStore {
        if let collection { return CollectionStore(file: URL(fileURLWithPath: collection)) }
        let folder = config.map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
            ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        return CollectionStore(file: folder.appendingPathComponent(CollectionFile.defaultName))
    }

    /// The catalog the site would be built from with these options.
    func catalog() async throws -> Catalog {
        var arguments = ["--quiet"]
        if sample { arguments.append("--sample") }
        if let api { arguments += ["--api", api] }
        if let cache { arguments += ["--cache", cache] }
        if offline { arguments.append("--offline") }
        if let config { arguments += ["--config", config] }
        let build = try BuildCommand.parse(arguments)
        let settings = try build.resolvedSettings()
        let reporter = BuildReporter(quiet: true)
        let source = try BuildCommand.source(settings)
        let prepared = try await build.prepare(source, settings: settings, reporter: reporter)
        do {
            // The site's languages, so the records this load keeps are the ones the build reads
            // (records of one language only would replace theirs and cost the next build a full decode).
            return try await source.catalog(prepared, language: settings.siteLanguages[0], selection: try BuildCommand.catalogSelection(settings),
                                            siteLanguages: settings.siteLanguages)
        } catch {
            throw CommandFailure(String(describing: error))
        }
    }
}

/// The options that describe one caught Pokémon, shared by `catch` and `edit`.
struct CatchOptions: ParsableArguments {
    @Option(help: "Its nickname: 3 to 24 characters.")
    var nickname: String?
    @Option(help: "Its level: 1 to 100.")
    var level: String?
    @Option(help: "Its experience points, within what its level allows (default: the level's minimum).")
    var experience: String?
    @Option(name: .customLong("move"), help: "A move it knows (1 to 4; repeat the option). For edit, replaces all moves.")
    var moves: [String] = []
    @Option(name: .customLong("held-item"), help: "An item it holds.")
    var heldItem: String?
    @Option(help: "The sprite shown for it: front_default, front_shiny, front_female, ...")
    var sprite: String?
    @Option(help: ArgumentHelp("Your notes on it, in Markdown (up to 4,000 characters; shown on its card). For edit, \"\" removes them.", valueName: "TEXT"))
    var notes: String?
}

extension CollectionError {
    /// The error as the command line shows it: the message alone, no usage text.
    var exit: CommandFailure { CommandFailure(description) }
}

/// A failure a command reports in words; unlike `ValidationError`, no usage text follows,
/// because the arguments were fine and the data or the file said no.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

import ArgumentParser
import Foundation
import PokeAPI

/// `pokedex fetch`: download PokeAPI data and sprites into the cache.
struct FetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Download PokeAPI data and sprites into the cache.",
        discussion: """
            Fetches the selection and everything it reaches (evolution chains, varieties, forms, \
            types, abilities, moves, held items, lookups, sprites) into the cache folder, in \
            PokeAPI's api-data layout. Cached entries are not fetched again; --refresh revalidates \
            them. A failed URL does not stop the others; they are listed at the end and the \
            command exits non-zero. Run it again to resume.
            """
    )

    @Option(help: ArgumentHelp("PokeAPI base URL, or a folder in api-data layout.", valueName: "URL|PATH"))
    var api = FetchConfiguration.defaultAPI

    @Option(help: ArgumentHelp("The cache folder.", valueName: "DIR"))
    var cache = ".pokedex-cache"

    @Option(name: .customLong("sprites-url"), help: ArgumentHelp(
        "Fetch sprites from URL instead of https://raw.githubusercontent.com/PokeAPI/sprites/master/.", valueName: "URL"))
    var spritesURL: String?

    @Option(help: ArgumentHelp("Generations to fetch, e.g. 1-3 or 1,4.", valueName: "LIST"))
    var generations: String?

    @Option(help: ArgumentHelp("National-dex numbers and names, e.g. 1-151,pikachu,eevee.", valueName: "LIST"))
    var pokemon: String?

    @Flag(help: "Revalidate cached entries with conditional requests.")
    var refresh = false

    @Flag(help: "Never use the network; fail listing what the cache lacks.")
    var offline = false

    @Option(help: "Requests in flight at once.")
    var concurrency = 8

    @Flag(help: "Print no progress.")
    var quiet = false

    func validate() throws {
        guard !(refresh && offline) else { throw ValidationError("--refresh needs the network; drop --offline or --refresh.") }
        guard (1...64).contains(concurrency) else { throw ValidationError("--concurrency must be between 1 and 64.") }
    }

    func run() async throws {
        let selection = try FetchSelection.parse(generations: generations, pokemon: pokemon)
        let configuration = FetchConfiguration(
            cache: URL(fileURLWithPath: cache, isDirectory: true), api: api, spritesURL: spritesURL,
            selection: selection, refresh: refresh, offline: offline, concurrency: concurrency, version: PokedexVersion.current
        )
        let renderer = FetchProgressRenderer(style: quiet ? .silent : FetchProgressRenderer.Style.forStandardError())
        let report = try await Fetcher(configuration: configuration).run(progress: renderer.update)
        renderer.finish()
        Console.out(FetchSummary.text(for: report, cache: cache, quiet: quiet))
        guard report.failures.isEmpty else {
            FetchSummary.printFailures(report.failures)
            throw ExitCode.failure
        }
    }
}

import ArgumentParser

/// The `pokedex` command: a static Pokédex site generator.
///
/// Each subcommand lives in its own file; this one only lists them.
public struct PokedexCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "pokedex",
        abstract: "Build a static Pokédex website from PokeAPI data.",
        version: PokedexVersion.current,
        subcommands: [
            RenderCommand.self,
            FetchCommand.self,
            BuildCommand.self,
            CheckCommand.self,
            CatchCommand.self,
            EditCommand.self,
            ReleaseCommand.self,
            CollectionCommand.self,
            FavoriteCommand.self,
            UnfavoriteCommand.self,
            ImportCommand.self,
        ]
    )

    public init() {}
}

/// The tool's version, shown by `--version` and sent in the User-Agent.
public enum PokedexVersion {
    public static let current = "0.1.0"
}

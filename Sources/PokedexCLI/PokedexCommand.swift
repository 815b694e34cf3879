import ArgumentParser
import Common
import Foundation

/// The `pokedex` command: a static Pokédex site generator.
///
/// Each subcommand lives in its own file; this one only lists them.
package struct PokedexCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "pokedex",
        abstract: "Build a static Pokédex website from PokeAPI data.",
        version: PokedexVersion.current,
        subcommands: [
            RenderCommand.self,
            FetchCommand.self,
            BuildCommand.self,
            ServeCommand.self,
            InitCommand.self,
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

    package init() {}

    /// Parses the arguments and runs the command; every error message goes through
    /// ``Console`` (control characters spelled out) and sets the exit status.
    package static func runMain(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) async -> Never {
        if let message = unknownCommand(arguments) {
            Console.error(message + "\n")
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            Foundation.exit(0)
        } catch {
            let code = exitCode(for: error)
            let message = message(for: error)
            if code == .success {
                if !message.isEmpty { Console.out(message) }
            } else if !message.isEmpty {
                Console.error(message + "\n")
            }
            Foundation.exit(code.rawValue)
        }
    }
}

extension PokedexCommand {
    /// What an error says, ArgumentParser's words. Its usage hint named `serve` (which takes
    /// every option of `build` as a group of its own) "pokedex build serve", a command that
    /// is not there: the hint names the command run.
    static func message(for error: any Error) -> String {
        fullMessage(for: error).replacingOccurrences(of: "'pokedex build serve ", with: "'pokedex serve ")
    }

    /// The names a first argument may take: the subcommands', and the ones ArgumentParser adds.
    static var commandNames: [String] {
        configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
    }

    /// "Unknown command biuld. Did you mean build?", when the first argument is a word that
    /// names no command (ArgumentParser would call it an unexpected argument).
    static func unknownCommand(_ arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), !commandNames.contains(first) else { return nil }
        let suggestions = Suggestions.closest(to: first, in: commandNames)
        let hint = suggestions.isEmpty ? "" : " Did you mean \(suggestions.joined(separator: " or "))?"
        return "Error: unknown command \(first).\(hint)\nCommands: \(commandNames.filter { $0 != "help" }.joined(separator: ", ")). See pokedex --help."
    }
}

/// The tool's version, shown by `--version` and sent in the User-Agent.
package enum PokedexVersion {
    package static let current = "0.1.0"

    /// The version and this very executable (its size and modification time): a rebuilt
    /// tool may write other pages from the same inputs, so it never takes an old site as
    /// up to date. The executable is the running file however it was started (from the
    /// PATH too), not `argv[0]` read as a path.
    package static let build: String = {
        guard let stamp = RunningExecutable.stamp else { return current }
        return "\(current) (\(stamp.size) bytes, \(stamp.modified / 1_000_000_000))"
    }()
}

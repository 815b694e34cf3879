import ArgumentParser
import Foundation
import Pokedex

/// `pokedex release`: removes a caught Pokémon, after asking on a terminal.
struct ReleaseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "release",
        abstract: "Release a Pokémon from your collection.",
        discussion: "Asks first on a terminal; elsewhere (scripts, CI) --yes is required."
    )

    @Argument(help: "Its id or nickname (see `pokedex collection`).")
    var reference: String
    @Flag(name: [.customShort("y"), .long], help: "Do not ask for confirmation.")
    var yes = false
    @OptionGroup var options: CollectionOptions

    func run() async throws {
        let store = options.store
        do {
            let target = try store.read().individual(matching: reference)
            if !yes {
                guard isatty(STDIN_FILENO) == 1 else {
                    throw ValidationError("not on a terminal, so release cannot ask: pass --yes to release \(target.nickname) (\(target.id)).")
                }
                Console.out("Release \(target.nickname) (\(target.species), level \(target.level), id \(target.id))? [y/N] ", terminator: "")
                let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
                guard answer == "y" || answer == "yes" else {
                    Console.out("Kept \(target.nickname).")
                    return
                }
            }
            try store.update { (collection: inout TrainerCollection) throws(CollectionError) in
                // Re-resolved under the lock: the file may have changed while we asked.
                let current = try collection.individual(matching: target.id)
                collection.caught.removeAll { $0.id == current.id }
            }
            Console.out("Released \(target.nickname) (\(target.id)). The previous file is kept as \(store.backup.lastPathComponent).")
        } catch let error as CollectionError {
            throw error.exit
        }
    }
}

import ArgumentParser
import Foundation
import Pokedex

/// `pokedex collection`: a table of what you have.
struct CollectionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "collection",
        abstract: "Show your collection: caught Pokémon and favorites."
    )

    @Flag(name: .customLong("restore-backup"), help: "Put the previous version of the file back (the current one becomes the backup).")
    var restoreBackup = false
    @OptionGroup var options: CollectionOptions

    func run() async throws {
        let store = options.store
        let collection: TrainerCollection
        do {
            collection = restoreBackup ? try store.restoreBackup() : try store.read()
        } catch {
            throw error.exit
        }
        if restoreBackup { Console.out("Restored \(store.file.path) from \(store.backup.lastPathComponent).") }
        Console.out(Self.table(collection, file: store.file.path))
    }

    static func table(_ collection: TrainerCollection, file: String) -> String {
        guard !collection.caught.isEmpty || !collection.favorites.isEmpty else {
            return "Your collection (\(file)) is empty. Catch one: pokedex catch pikachu --nickname Sparky --level 12 --move thunderbolt"
        }
        let header = ["ID", "NICKNAME", "SPECIES", "LV", "EXP", "MOVES", "HELD ITEM", "SPRITE"]
        let rows = collection.caught.map {
            [$0.id, $0.nickname, $0.species, String($0.level), String($0.experience),
             $0.moves.joined(separator: ", "), $0.heldItem ?? "-", $0.sprite]
        }
        var widths = header.map(\.count)
        for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces)
        }
        var lines = ["\(collection.caught.count) caught:"]
        if !rows.isEmpty { lines += [line(header)] + rows.map(line) }
        lines.append("Favorites: " + (collection.favorites.isEmpty ? "none" : collection.favorites.joined(separator: ", ")))
        return lines.joined(separator: "\n")
    }
}

import ArgumentParser
import Pokedex

/// `pokedex edit`: changes a caught Pokémon; the result must pass every rule again.
struct EditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change a Pokémon in your collection (only the options you give).",
        discussion: "A new --level without --experience starts at that level's minimum experience. --held-item none removes the item."
    )

    @Argument(help: "Its id or nickname (see `pokedex collection`).")
    var reference: String
    @Option(help: "Change its species.")
    var species: String?
    @OptionGroup var details: CatchOptions
    @OptionGroup var options: CollectionOptions

    func run() async throws {
        let rules = CollectionRules(reference: try await options.catalog())
        let edit = CatchEdit(
            species: species, nickname: details.nickname, level: details.level, experience: details.experience,
            moves: details.moves, heldItem: details.heldItem.map { (item: String) -> String? in item.lowercased() == "none" ? nil : item },
            sprite: details.sprite,
            notes: details.notes.map { (text: String) -> String? in text.isEmpty ? nil : text }
        )
        do {
            let (before, after) = try options.store.update { (collection: inout TrainerCollection) throws(CollectionError) in
                let current = try collection.individual(matching: reference)
                let updated = try rules.validate(edit.applied(to: current), id: current.id, among: collection).mapError(CollectionError.rules).get()
                if let index = collection.caught.firstIndex(where: { $0.id == current.id }) { collection.caught[index] = updated }
                return (current, updated)
            }
            Console.out(before == after ? "Nothing to change for \(after.nickname) (\(after.id))." : "Updated \(after.nickname) (\(after.id)).")
        } catch {
            throw error.exit
        }
    }
}

import ArgumentParser
import Pokedex

/// `pokedex catch`: adds a Pokémon to the collection, checked against the data.
struct CatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catch",
        abstract: "Add a Pokémon you caught to your collection.",
        discussion: "Every rule is checked against the same data the site is built from; nothing is written when any fails."
    )

    @Argument(help: "The species: a name (\"Mr. Mime\") or slug (mr-mime).")
    var species: String
    @OptionGroup var details: CatchOptions
    @OptionGroup var options: CollectionOptions

    func run() async throws {
        let catalog = try await options.catalog()
        let rules = CollectionRules(reference: catalog)
        do {
            let caught = try options.store.update { (collection: inout TrainerCollection) throws(CollectionError) -> CaughtPokemon in
                let slug = rules.species(named: species)
                let defaults = slug.map { CatchDefaults(catalog: catalog).draft(forSpecies: $0) }
                let draft = CatchDraft(
                    species: species,
                    nickname: details.nickname ?? defaults?.nickname ?? species,
                    level: details.level ?? defaults?.level ?? String(CatchDefaults.level),
                    experience: details.experience,
                    moves: details.moves.isEmpty ? defaults?.moves ?? [] : details.moves,
                    heldItem: details.heldItem,
                    sprite: details.sprite,
                    notes: details.notes
                )
                var ids = CollectionIDs()
                let pokemon = try rules.validate(draft, id: ids.next(avoiding: collection), among: collection).mapError(CollectionError.rules).get()
                collection.caught.append(pokemon)
                return pokemon
            }
            Console.out("Caught \(caught.nickname) (\(catalog.species(slug: caught.species)?.name ?? caught.species), level \(caught.level)) with id \(caught.id).")
            Console.out("Saved to \(options.store.file.path); `pokedex build` shows it on the site.")
        } catch {
            throw error.exit
        }
    }
}

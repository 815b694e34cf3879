import ArgumentParser
import Pokedex

/// `pokedex favorite` and `pokedex unfavorite`: the species shown on the Favorites page.
struct FavoriteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "favorite", abstract: "Add a species to your favorites.")

    @Argument(help: "The species: a name or slug.")
    var species: String
    @OptionGroup var options: CollectionOptions

    func run() async throws {
        try await FavoriteChange.apply(adding: true, species: species, options: options)
    }
}

struct UnfavoriteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unfavorite", abstract: "Remove a species from your favorites.")

    @Argument(help: "The species: a name or slug.")
    var species: String
    @OptionGroup var options: CollectionOptions

    func run() async throws {
        try await FavoriteChange.apply(adding: false, species: species, options: options)
    }
}

enum FavoriteChange {
    static func apply(adding: Bool, species input: String, options: CollectionOptions) async throws {
        let rules = CollectionRules(reference: try await options.catalog())
        guard let slug = rules.species(named: input) else {
            let hint = rules.speciesSuggestions(for: input)
            throw CommandFailure("no species is called \"\(input)\"" + (hint.isEmpty ? "." : "; did you mean \(hint.map { "\"\($0)\"" }.joined(separator: " or "))?"))
        }
        do {
            let changed = try options.store.update { (collection: inout TrainerCollection) throws(CollectionError) -> Bool in
                let present = collection.favorites.contains(slug)
                if adding, !present { collection.favorites.append(slug) }
                if !adding, present { collection.favorites.removeAll { $0 == slug } }
                return adding != present
            }
            let verb = adding ? "is a favorite" : "is not a favorite"
            Console.out(changed ? "\(slug) \(verb) now." : "\(slug) already \(verb); nothing changed.")
        } catch {
            throw error.exit
        }
    }
}

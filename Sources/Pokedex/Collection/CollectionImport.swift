/// Merges what a person chose in the browser into the collection file, with a summary.
package struct CollectionImport: Sendable {
    /// What an import changed, for the person to read.
    package struct Summary: Sendable, Hashable, CustomStringConvertible {
        package var caught: [CaughtPokemon] = []
        package var released: [CaughtPokemon] = []
        package var favorited: [String] = []
        package var unfavorited: [String] = []
        /// Choices that were not applied, each with why.
        package var skipped: [String] = []

        package var isEmpty: Bool { caught.isEmpty && released.isEmpty && favorited.isEmpty && unfavorited.isEmpty }

        package var description: String {
            var lines: [String] = []
            for pokemon in caught { lines.append("+ caught \(pokemon.nickname) (\(pokemon.species), level \(pokemon.level), id \(pokemon.id))") }
            for pokemon in released { lines.append("- released \(pokemon.nickname) (\(pokemon.species), id \(pokemon.id))") }
            for slug in favorited { lines.append("+ favorite \(slug)") }
            for slug in unfavorited { lines.append("- favorite \(slug)") }
            for reason in skipped { lines.append("! skipped \(reason)") }
            if lines.isEmpty { lines.append("Nothing to change: the collection already matches the browser.") }
            return lines.joined(separator: "\n")
        }
    }

    let rules: CollectionRules
    let defaults: CatchDefaults

    package init(rules: CollectionRules, defaults: CatchDefaults) {
        self.rules = rules
        self.defaults = defaults
    }

    /// Applies `choices` to `collection`; every new Pokémon passes the same rules as `catch`.
    package func apply(_ choices: BrowserChoices, to collection: inout TrainerCollection, ids: inout CollectionIDs) -> Summary {
        var summary = Summary()
        for input in Self.unique(choices.released) {
            guard let slug = rules.species(named: input) else { summary.skipped.append("release of \"\(input)\": no such species"); continue }
            let leaving = collection.caught.filter { $0.species == slug }
            collection.caught.removeAll { $0.species == slug }
            summary.released += leaving
        }
        for input in Self.unique(choices.captured) {
            guard let slug = rules.species(named: input) else { summary.skipped.append("capture of \"\(input)\": no such species"); continue }
            guard !collection.caughtSpecies.contains(slug) else { continue }
            switch rules.validate(defaults.draft(forSpecies: slug), id: ids.next(avoiding: collection), among: collection) {
            case .success(let pokemon):
                collection.caught.append(pokemon)
                summary.caught.append(pokemon)
            case .failure(let failure):
                summary.skipped.append("capture of \(slug): \(failure.violations.map(\.description).joined(separator: "; "))")
            }
        }
        for input in Self.unique(choices.unfavorited) {
            guard let slug = rules.species(named: input) else { continue }
            if collection.favorites.contains(slug) {
                collection.favorites.removeAll { $0 == slug }
                summary.unfavorited.append(slug)
            }
        }
        for input in Self.unique(choices.favorites) {
            guard let slug = rules.species(named: input) else { summary.skipped.append("favorite \"\(input)\": no such species"); continue }
            if !collection.favorites.contains(slug) {
                collection.favorites.append(slug)
                summary.favorited.append(slug)
            }
        }
        return summary
    }

    static func unique(_ list: [String]) -> [String] {
        var seen = Set<String>()
        return list.filter { seen.insert($0).inserted }
    }
}

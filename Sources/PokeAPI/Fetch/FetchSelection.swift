import Foundation

/// What to fetch: everything, some generations, some pokemon, and what they reach.
///
/// Empty generations and pokemon mean everything. Both given means their union.
package struct FetchSelection: Sendable, Hashable {
    /// Generation numbers, 1 for generation I.
    package var generations: [Int]
    package var pokemon: [PokemonSelector]

    package init(generations: [Int] = [], pokemon: [PokemonSelector] = []) {
        self.generations = generations
        self.pokemon = pokemon
    }

    /// The whole national dex.
    package static let all = FetchSelection()

    package var isAll: Bool { generations.isEmpty && pokemon.isEmpty }

    /// A stable text of what is selected, for the source index's key.
    package var key: String {
        if isAll { return "all" }
        let selectors = pokemon.map { selector in
            switch selector {
            case let .range(range): "\(range.lowerBound)-\(range.upperBound)"
            case let .name(name): name
            }
        }
        return "generations:" + generations.sorted().map(String.init).joined(separator: ",") + ";pokemon:" + selectors.sorted().joined(separator: ",")
    }
}

/// A national-dex number range or a species name.
package enum PokemonSelector: Sendable, Hashable {
    case range(ClosedRange<Int>)
    case name(String)
}

extension FetchSelection {
    /// Parses `--generations 1-3,5` and `--pokemon 1-151,pikachu,eevee`.
    package static func parse(generations: String?, pokemon: String?) throws -> FetchSelection {
        do {
            var selection = FetchSelection()
            if let generations {
                selection.generations = try parseNumbers(generations).flatMap { Array($0) }
                if let bad = selection.generations.first(where: { $0 < 1 || $0 > 99 }) {
                    throw PokeAPIFailure.badSelection(text: generations, reason: "there is no generation \(bad)")
                }
            }
            if let pokemon {
                selection.pokemon = try parseSelectors(pokemon)
            }
            return selection
        } catch let failure as PokeAPIFailure {
            throw PokeAPIError(failure)
        }
    }
}

private extension FetchSelection {
    static func parseNumbers(_ text: String) throws(PokeAPIFailure) -> [ClosedRange<Int>] {
        try items(text).map { item throws(PokeAPIFailure) in
            guard let range = range(item) else { throw .badSelection(text: text, reason: "\"\(item)\" is not a number or range") }
            return range
        }
    }

    static func parseSelectors(_ text: String) throws(PokeAPIFailure) -> [PokemonSelector] {
        try items(text).map { item throws(PokeAPIFailure) in
            if let range = range(item) {
                guard range.lowerBound >= 1 else { throw .badSelection(text: text, reason: "national-dex numbers start at 1") }
                return .range(range)
            }
            let name = item.lowercased().replacingOccurrences(of: " ", with: "-")
            guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." || $0 == "'" }) else {
                throw .badSelection(text: text, reason: "\"\(item)\" is not a pokemon name")
            }
            return .name(name)
        }
    }

    static func items(_ text: String) throws(PokeAPIFailure) -> [String] {
        let items = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !items.isEmpty else { throw .badSelection(text: text, reason: "it is empty") }
        return items
    }

    static func range(_ item: String) -> ClosedRange<Int>? {
        if let single = Int(item) { return single...single }
        let bounds = item.split(separator: "-", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard bounds.count == 2, let low = Int(bounds[0]), let high = Int(bounds[1]), low <= high else { return nil }
        return low...high
    }
}
